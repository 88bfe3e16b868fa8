/**
 * The River's board art for the SVG renderer: the river as water from edge to edge (through
 * the middle of a bend), bubbling out of a spring, and ending in a lake. Drawn at rotation 0 in
 * the renderer's tile units (100 across); the renderer turns it with the tile and lays roads
 * over it as bridges. Its lines keep field figures on the banks.
 */
import type { FeatureDef } from '../../catalog-types.js';
import type { ExpansionArt, OwnFeatureArt, TilePoint } from '../../contribution.js';

const MID: Readonly<Record<string, TilePoint>> = { N: [0.5, 0], E: [1, 0.5], S: [0.5, 1], W: [0, 0.5] };
const CENTRE: TilePoint = [0.5, 0.5];
const WATER = '#4f9be0';
const BANK = '#2f6aa3';
/** Where the lake lies, and its half-sizes (tile units). */
const LAKE: { at: TilePoint; rx: number; ry: number } = { at: [0.5, 0.6], rx: 0.3, ry: 0.22 };

const u = (v: number) => String(Math.round(v * 1000) / 10);
const pt = (p: TilePoint) => `${u(p[0])} ${u(p[1])}`;

const mix = (p: TilePoint, q: TilePoint, t: number): TilePoint => [p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t];

/** Points along a cubic curve from p0 to p3 (p1, p2 its control points), for the fields' raster. */
function cubicPoints(p0: TilePoint, p1: TilePoint, p2: TilePoint, p3: TilePoint): TilePoint[] {
  const out: TilePoint[] = [];
  for (let i = 0; i <= 8; i++) {
    const t = i / 8;
    const u = 1 - t;
    const [a, b, c, d] = [u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t];
    out.push([a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0], a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1]]);
  }
  return out;
}

/**
 * The river's centre line: from its edge to the middle (spring, lake), bent through the middle,
 * or straight across; on a tile whose monastery stands in the middle (H), straight across but
 * dipping round the monastery towards the side its road leaves by, level where it meets the
 * tile's edges so that it runs on into its neighbours.
 */
function course(edges: readonly string[], features: readonly FeatureDef[]): { d: string; points: TilePoint[] } {
  const a = MID[edges[0]];
  if (edges.length === 1) return { d: `M${pt(a)}L${pt(CENTRE)}`, points: [a, CENTRE] };
  const b = MID[edges[1]];
  if (a[0] !== b[0] && a[1] !== b[1]) {
    const points: TilePoint[] = [];
    for (let i = 0; i <= 8; i++) points.push(mix(mix(a, CENTRE, i / 8), mix(CENTRE, b, i / 8), i / 8));
    return { d: `M${pt(a)}Q${pt(CENTRE)} ${pt(b)}`, points };
  }
  const road = features.find((f) => f.kind === 'road' && f.edges.every((e) => !edges.includes(e)));
  if (features.some((f) => f.kind === 'monastery') && road?.kind === 'road') {
    const dip = mix(CENTRE, MID[road.edges[0]], 0.64);
    const step: TilePoint = [(b[0] - a[0]) * 0.22, (b[1] - a[1]) * 0.22];
    const [c1, c2] = [mix(a, CENTRE, 0.5), [dip[0] - step[0], dip[1] - step[1]] as TilePoint];
    const [c3, c4] = [[dip[0] + step[0], dip[1] + step[1]] as TilePoint, mix(b, CENTRE, 0.5)];
    return {
      d: `M${pt(a)}C${pt(c1)} ${pt(c2)} ${pt(dip)}C${pt(c3)} ${pt(c4)} ${pt(b)}`,
      points: [...cubicPoints(a, c1, c2, dip), ...cubicPoints(dip, c3, c4, b).slice(1)],
    };
  }
  return { d: `M${pt(a)}L${pt(b)}`, points: [a, CENTRE, b] };
}

const stream = (d: string) =>
  `<g class="river"><path d="${d}" fill="none" stroke="${BANK}" stroke-width="17"/>` +
  `<path d="${d}" fill="none" stroke="${WATER}" stroke-width="13"/>` +
  `<path d="${d}" fill="none" stroke="#a9d3f5" stroke-width="2" stroke-dasharray="6 9"/></g>`;

/** A spring: a pool among stones where the river starts. */
const SPRING_ART =
  `<g class="spring"><circle cx="50" cy="50" r="11" fill="${WATER}" stroke="${BANK}" stroke-width="2"/>` +
  '<g fill="#9a968c" stroke="#5d5a52" stroke-width="1"><circle cx="38" cy="43" r="4"/><circle cx="61" cy="41" r="3.5"/>' +
  '<circle cx="42" cy="60" r="3"/><circle cx="60" cy="59" r="4"/></g>' +
  '<path d="M46 50q4-5 8 0" fill="none" stroke="#d7ecfb" stroke-width="1.5"/></g>';

/** The lake the river ends in, with reeds on its shore. */
const LAKE_ART =
  `<g class="lake"><ellipse cx="${u(LAKE.at[0])}" cy="${u(LAKE.at[1])}" rx="${u(LAKE.rx)}" ry="${u(LAKE.ry)}" fill="${WATER}" stroke="${BANK}" stroke-width="2"/>` +
  '<path d="M34 58q6-3 12 0M54 66q6-3 12 0" fill="none" stroke="#d7ecfb" stroke-width="1.5"/>' +
  '<path d="M24 70v-9M27 71v-11M76 52v-9M79 53v-11" stroke="#3f6b2a" stroke-width="2" stroke-linecap="round"/></g>';

function riverArt(feature: FeatureDef, features: readonly FeatureDef[]): OwnFeatureArt | undefined {
  if (feature.kind !== 'river') return undefined;
  const { d, points } = course(feature.edges, features);
  const lines = [{ points, clearance: 0.12 }];
  if (feature.end === 'spring')
    return { svg: stream(d) + SPRING_ART, lines: [...lines, { points: [CENTRE], clearance: 0.17 }] };
  if (feature.end === 'lake') {
    const { at, rx, ry } = LAKE;
    const shore: TilePoint[] = [
      [at[0] - rx + ry, at[1]],
      [at[0] + rx - ry, at[1]],
    ];
    return { svg: stream(d) + LAKE_ART, lines: [...lines, { points: shore, clearance: ry + 0.05 }] };
  }
  return { svg: stream(d), lines };
}

export const RIVER_ART: ExpansionArt = { ownFeature: riverArt };
