/**
 * Where things lie on one tile at rotation 0, derived only from the catalog's facts: city
 * areas from the edges they cover, roads from their edges and what they lead to (wagonLinks),
 * and for every feature an anchor point inside it where a figure stands.
 *
 * Invariant: one FeatureArt per catalog feature, in catalog order; every anchor lies inside
 * the tile, and anchors of one tile are apart (figures never cover each other).
 */
import type { OwnFeatureArt } from '../engine/index.js';
import { ownFeatureArt } from './expansion-art.js';
import { fieldAnchors } from './field-anchors.js';
import { CENTRE, dist, lerp, type Path, type PathCmd, type Pt, turn } from './svg.js';
import type { CatalogTile, Good } from './types.js';

export type Kind = CatalogTile['features'][number]['kind'];

export interface FeatureArt {
  kind: Kind;
  /** City: the area (tile edges and walls); road: its centre line. */
  path?: Path;
  /** City: only the walls, the curves that face the rest of the tile. */
  wall?: Path;
  anchor: Pt;
  pennants: Pt[];
  goods?: { good: Good; at: Pt };
  /** A feature of an expansion's own kind: its picture (rotation 0) and the lines fields keep clear of. */
  own?: OwnFeatureArt;
}

export interface Mark {
  kind: 'village' | 'house';
  at: Pt;
}

export interface TileLayout {
  features: FeatureArt[];
  marks: Mark[];
}

const DIRS = ['N', 'E', 'S', 'W'] as const;
const dirIndex = (e: string): number => DIRS.indexOf(e as (typeof DIRS)[number]);

/** Corners clockwise: an edge d runs from CORNER[d] to CORNER[d + 1]. */
const CORNER: readonly Pt[] = [
  [0, 0],
  [1, 0],
  [1, 1],
  [0, 1],
];
const startOf = (d: number) => CORNER[d];
const endOf = (d: number) => CORNER[(d + 1) & 3];
const EDGE_MID: readonly Pt[] = [
  [0.5, 0],
  [1, 0.5],
  [0.5, 1],
  [0, 0.5],
];
/** The point `depth` from edge d's middle towards the centre (0.5 = the centre). */
const inward = (d: number, depth: number): Pt => lerp(EDGE_MID[d], CENTRE, depth * 2);

/**
 * A city's outline: the tile edges it covers, joined by inward curves where it does not reach.
 * A gap of one edge that holds another city bends further back, so the two stay apart.
 */
function cityOutline(edges: number[], otherCityEdges: ReadonlySet<number>): { fill: PathCmd[]; wall: PathCmd[] } {
  const sorted = [...edges].sort((a, b) => a - b);
  if (sorted.length === 4) {
    const fill: PathCmd[] = [
      { op: 'M', p: CORNER[0] },
      ...[1, 2, 3].map((c): PathCmd => ({ op: 'L', p: CORNER[c] })),
      { op: 'Z' },
    ];
    return { fill, wall: [] };
  }
  const fill: PathCmd[] = [{ op: 'M', p: startOf(sorted[0]) }];
  const wall: PathCmd[] = [];
  sorted.forEach((d, i) => {
    fill.push({ op: 'L', p: endOf(d) });
    const next = sorted[(i + 1) % sorted.length];
    const gap = (next - d - 1 + 4) & 3;
    if (gap === 0 && sorted.length > 1) return;
    const from = endOf(d);
    const to = startOf(next);
    let control: Pt;
    if (gap === 3 || sorted.length === 1) control = inward(d, 0.44);
    // Two neighbouring edges: the curve bows towards their shared corner, leaving the centre free.
    else if (gap === 2) control = lerp(CENTRE, startOf(d), 0.4);
    else {
      const g = (d + 1) & 3;
      control = lerp(EDGE_MID[g], CENTRE, otherCityEdges.has(g) ? 1.6 : 1.28);
    }
    fill.push({ op: 'Q', c: control, p: to });
    wall.push({ op: 'M', p: from }, { op: 'Q', c: control, p: to });
  });
  fill.push({ op: 'Z' });
  return { fill, wall };
}

/** City spots in a canonical frame (edges as listed, rotation 0), turned to the city's edges. */
interface CitySpots {
  anchors: Pt[];
  pennants: Pt[];
  goods: Pt;
}
const CITY_FRAMES: readonly { edges: number[]; spots: CitySpots }[] = [
  {
    edges: [0],
    spots: {
      anchors: [[0.5, 0.12]],
      pennants: [
        [0.27, 0.08],
        [0.17, 0.05],
      ],
      goods: [0.73, 0.08],
    },
  },
  {
    edges: [0, 1],
    spots: {
      anchors: [[0.74, 0.26]],
      pennants: [
        [0.52, 0.1],
        [0.38, 0.06],
      ],
      goods: [0.9, 0.48],
    },
  },
  {
    edges: [1, 3],
    spots: {
      anchors: [CENTRE, [0.82, 0.5], [0.18, 0.5]],
      pennants: [
        [0.24, 0.5],
        [0.12, 0.5],
      ],
      goods: [0.76, 0.5],
    },
  },
  {
    edges: [0, 1, 3],
    spots: {
      anchors: [[0.5, 0.3]],
      pennants: [
        [0.2, 0.2],
        [0.35, 0.12],
      ],
      goods: [0.8, 0.2],
    },
  },
  {
    edges: [0, 1, 2, 3],
    spots: {
      anchors: [CENTRE],
      pennants: [
        [0.25, 0.25],
        [0.75, 0.75],
      ],
      goods: [0.75, 0.25],
    },
  },
];

function citySpots(edges: number[]): CitySpots {
  const key = (es: number[]) => [...es].sort((a, b) => a - b).join();
  const want = key(edges);
  for (const frame of CITY_FRAMES) {
    for (let r = 0; r < 4; r++) {
      if (key(frame.edges.map((e) => (e + r) & 3)) !== want) continue;
      const t = (p: Pt) => turn(p, r);
      return {
        anchors: frame.spots.anchors.map(t),
        pennants: frame.spots.pennants.map(t),
        goods: t(frame.spots.goods),
      };
    }
  }
  return { anchors: [CENTRE], pennants: [CENTRE, CENTRE], goods: CENTRE };
}

/** The first candidate at least `gap` from every anchor already taken. */
function pick(candidates: readonly Pt[], taken: readonly Pt[], gap = 0.16): Pt {
  return candidates.find((c) => taken.every((t) => dist(c, t) >= gap)) ?? candidates[0];
}

/** A road piece from an edge's middle to a point, bent through the centre when it turns. */
function roadTo(d: number, end: Pt): PathCmd[] {
  const from = EDGE_MID[d];
  const straight = Math.abs(from[0] - end[0]) < 1e-9 || Math.abs(from[1] - end[1]) < 1e-9;
  return straight
    ? [
        { op: 'M', p: from },
        { op: 'L', p: end },
      ]
    : [
        { op: 'M', p: from },
        { op: 'Q', c: CENTRE, p: end },
      ];
}

/** Points along a road piece for figure anchors: the middle first, then towards either end. */
function alongRoad(d: number, end: Pt, order: readonly number[]): Pt[] {
  const from = EDGE_MID[d];
  return order.map((t) => {
    const a = (1 - t) * (1 - t);
    const b = 2 * t * (1 - t);
    const c = t * t;
    return [a * from[0] + b * CENTRE[0] + c * end[0], a * from[1] + b * CENTRE[1] + c * end[1]] as Pt;
  });
}

/** The point a share `t` of the way along a polyline. */
function alongLine(line: readonly Pt[], t: number): Pt {
  const lengths = line.slice(1).map((p, i) => dist(line[i], p));
  let left = t * lengths.reduce((a, b) => a + b, 0);
  for (let i = 0; i < lengths.length; i++) {
    if (left <= lengths[i] && lengths[i] > 0) return lerp(line[i], line[i + 1], left / lengths[i]);
    left -= lengths[i];
  }
  return line[line.length - 1];
}

export function layoutTile(tile: CatalogTile): TileLayout {
  const feats = tile.features;
  const art: (FeatureArt | undefined)[] = feats.map(() => undefined);
  const taken: Pt[] = [];
  const marks: Mark[] = [];
  const linked = (i: number) =>
    tile.wagonLinks
      .filter((g) => g.includes(i))
      .flat()
      .filter((j) => j !== i);

  // Cities first: roads that lead into them end at their anchor.
  feats.forEach((f, i) => {
    if (f.kind !== 'city') return;
    const edges = f.edges.map(dirIndex);
    const others = new Set(feats.flatMap((g, j) => (g.kind === 'city' && j !== i ? g.edges.map(dirIndex) : [])));
    const { fill, wall } = cityOutline(edges, others);
    const spots = citySpots(edges);
    const anchor = pick(spots.anchors, taken);
    taken.push(anchor);
    art[i] = {
      kind: 'city',
      path: fill,
      wall,
      anchor,
      pennants: spots.pennants.slice(0, f.pennants),
      goods: f.goods ? { good: f.goods, at: spots.goods } : undefined,
    };
  });

  const cloister = feats.findIndex((f) => f.kind === 'monastery' || f.kind === 'abbey');
  if (cloister >= 0) taken.push(CENTRE);
  const intoCity = (i: number) => linked(i).find((j) => feats[j].kind === 'city');
  // Roads that end on this tile without entering a city or a monastery meet at a village;
  // a lone one ends at a house.
  const loose = feats.filter((f, i) => f.kind === 'road' && f.edges.length === 1 && intoCity(i) === undefined).length;
  const village = cloister < 0 && loose > 1;

  feats.forEach((f, i) => {
    if (f.kind !== 'road') return;
    const edges = f.edges.map(dirIndex);
    let path: PathCmd[];
    let candidates: Pt[];
    if (edges.length === 1) {
      const d = edges[0];
      const city = intoCity(i);
      let end: Pt;
      if (city !== undefined) end = art[city]!.anchor;
      else if (cloister >= 0 || village || f.continuous) end = CENTRE;
      else {
        end = inward(d, 0.3);
        marks.push({ kind: 'house', at: end });
      }
      path = roadTo(d, end);
      // Towards a building at the centre the figure keeps clear of it.
      candidates = alongRoad(d, end, end === CENTRE ? [0.22, 0.1] : [0.42, 0.25, 0.6]);
    } else if (edges.length === 2 && !f.continuous) {
      const [a, b] = edges as [number, number];
      const bent = roadTo(a, EDGE_MID[b]);
      path = bent;
      const order = f.tunnel ? [0.12, 0.88, 0.3] : [0.5, 0.3, 0.7, 0.15];
      candidates = alongRoad(a, EDGE_MID[b], order);
    } else {
      // A road that branches on the tile: arms from each edge to the centre.
      path = edges.flatMap((d) => roadTo(d, CENTRE));
      candidates = edges.flatMap((d) => alongRoad(d, CENTRE, [0.45]));
    }
    const anchor = pick(candidates, taken);
    taken.push(anchor);
    art[i] = { kind: 'road', path, anchor, pennants: [] };
  });
  if (village) marks.push({ kind: 'village', at: CENTRE });

  if (cloister >= 0) art[cloister] = { kind: feats[cloister].kind, anchor: CENTRE, pennants: [] };

  // An expansion's own kinds, drawn by it. No figure stands on one, but its anchor (what points
  // at it) lies on its first line, apart from the others.
  feats.forEach((f, i) => {
    if (art[i] !== undefined || f.kind === 'field') return;
    const own = ownFeatureArt(f, feats);
    const line = own?.lines[0]?.points ?? [CENTRE];
    const anchor = pick(
      [0.5, 0.3, 0.7, 0.2, 0.8].map((t) => alongLine(line, t)),
      taken,
    );
    taken.push(anchor);
    art[i] = { kind: f.kind, anchor, pennants: [], own };
  });

  const fields = fieldAnchors(tile, art, marks, taken);
  feats.forEach((f, i) => {
    if (f.kind === 'field') art[i] = { kind: 'field', anchor: fields.get(i) ?? CENTRE, pennants: [] };
  });
  return { features: art.map((a) => a!), marks };
}
