/**
 * Inns & Cathedrals' board art for the SVG renderer: the large meeple (a meeple half as big
 * again, so it reads as "counts twice"), an inn by its road and a cathedral in its city.
 * Plain SVG fragments drawn round the origin; the renderer places and colours them.
 */
import type { FeatureDef } from '../../catalog-types.js';
import type { ExpansionArt, TilePoint } from '../../contribution.js';

/** The meeple outline of the renderer (render/symbols.ts), drawn larger. */
const largeMeepleShape = (meeplePath: string): string =>
  `<path transform="scale(1.45)" d="${meeplePath}" stroke-width=".7"/>`;

/**
 * An inn: a two-storey timbered house with a hanging sign and its pond, larger than the
 * renderer's plain houses at road ends so the two are not confused.
 */
export const INN_ART =
  '<g class="inn"><ellipse cx="-9" cy="9" rx="7" ry="3.5" fill="#4f8fd0" stroke="#2b5b8a" stroke-width=".8"/>' +
  '<path d="M-8 8V-4h16V8Z" fill="#f3e6c4" stroke="#5a3d1a" stroke-width="1.2"/>' +
  '<path d="M-8 2h16M-3-4V8M3-4V8" stroke="#7a5230" stroke-width="1"/>' +
  '<path d="M-11-4 0-14 11-4Z" fill="#b23a2a" stroke="#5a1d12" stroke-width="1.2"/>' +
  '<path d="M8 0h5M12 0v3" stroke="#5a3d1a" stroke-width="1"/><circle cx="12" cy="5" r="2.6" fill="#f2c230" stroke="#5a3d1a" stroke-width=".8"/></g>';

/** A cathedral: a nave between two towers with a rose window and a cross, in pale stone. */
export const CATHEDRAL_ART =
  '<g class="cathedral" transform="scale(1.35)"><path d="M-7 10V-4l7-6 7 6v14Z" fill="#e4ddcc" stroke="#4a4038" stroke-width="1"/>' +
  '<path d="M-14 10V-8l3-5 3 5v18ZM8 10V-8l3-5 3 5v18Z" fill="#d3cab6" stroke="#4a4038" stroke-width="1"/>' +
  '<circle cy="-1" r="2.6" fill="#3f6fb0" stroke="#4a4038" stroke-width=".7"/>' +
  '<path d="M-3 10V5a3 3 0 0 1 6 0v5Z" fill="#6b4f35"/><path d="M0-10v-7M-2.5-14.5h5" stroke="#4a4038" stroke-width="1.2"/></g>';

type Pt = readonly [number, number];
const EDGE_MID: Readonly<Record<string, Pt>> = { N: [0.5, 0], E: [1, 0.5], S: [0.5, 1], W: [0, 0.5] };
const OFFSETS: readonly Pt[] = [
  [0, -0.25],
  [0.25, 0],
  [0, 0.25],
  [-0.25, 0],
  [0.19, -0.19],
  [0.19, 0.19],
  [-0.19, 0.19],
  [-0.19, -0.19],
];

/** Distance from p to the segment a-b. */
function toSegment(p: Pt, a: Pt, b: Pt): number {
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  const len = dx * dx + dy * dy;
  const t = len === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len));
  return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy);
}

/**
 * Where the inns and cathedrals of a tile stand (tile units, rotation 0), beside the anchor of
 * their road or city: of a few spots round it, the one furthest from the other figures'
 * anchors and from every road's line, so the building covers neither.
 */
function innCathedralMarks(features: readonly FeatureDef[], anchors: readonly TilePoint[]): { art: string; at: Pt }[] {
  const roads = features.flatMap((f, i) =>
    f.kind === 'road' ? f.edges.map((e) => [EDGE_MID[e], anchors[i]] as const) : [],
  );
  const out: { art: string; at: Pt }[] = [];
  features.forEach((f, i) => {
    const art = f.kind === 'road' && f.inn ? INN_ART : f.kind === 'city' && f.cathedral ? CATHEDRAL_ART : null;
    if (art === null) return;
    const [ax, ay] = anchors[i];
    let best: Pt = [ax, ay];
    let bestRoom = -1;
    for (const [dx, dy] of OFFSETS) {
      const p: Pt = [ax + dx, ay + dy];
      if (p[0] < 0.15 || p[0] > 0.85 || p[1] < 0.17 || p[1] > 0.85) continue;
      let room = Math.min(...anchors.map((a) => Math.hypot(p[0] - a[0], p[1] - a[1])));
      for (const [a, b] of roads) room = Math.min(room, toSegment(p, a, b) * 1.5);
      if (room > bestRoom) [best, bestRoom] = [p, room];
    }
    out.push({ art, at: best });
  });
  return out;
}

export const INNS_CATHEDRALS_ART: ExpansionArt = {
  figures: { largeMeeple: largeMeepleShape },
  farmers: ['largeMeeple'],
  tileMarks: innCathedralMarks,
};
