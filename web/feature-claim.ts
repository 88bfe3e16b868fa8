/**
 * The whole feature a figure target would claim, and who holds it now (issue 40: a target showed
 * one circle on one tile). Found from the catalog's edges and the placed tiles, the way
 * docs/rules.md joins features: a city or road edge meets the neighbour's opposite edge, a field's
 * half-edge the neighbour's mirrored half. It runs once per hovered target, over at most the
 * game's ~100 tiles: a walk from the target, not a structure kept per move.
 */
import type { Target } from '../src/render/index.js';
import type { Catalog, PublicState } from './api.js';

type Feature = Catalog['tiles'][number]['features'][number];
type Placed = PublicState['tiles'][number];

const SIDES = ['N', 'E', 'S', 'W'] as const;
const STEP = [
  [0, -1],
  [1, 0],
  [0, 1],
  [-1, 0],
] as const;
/** A corner's field, by a half-edge beside it (half-edges run clockwise: NR is the east half of N). */
const CORNER_HALF: Readonly<Record<string, string>> = { NE: 'NR', SE: 'ER', SW: 'SR', NW: 'WR' };

export interface Claim {
  kind: Feature['kind'];
  /** Every tile the feature covers. */
  tiles: { x: number; y: number }[];
  /** The seats with a figure on it, each once, in seat order. */
  holders: number[];
}

/** A side (N…W, or a half: NL…WR) of a tile at rotation 0, as it lies on the board. */
const turn = (side: string, rotation: number): string =>
  SIDES[(SIDES.indexOf(side[0] as (typeof SIDES)[number]) + rotation / 90) % 4] + side.slice(1);
/** The side of the neighbour that touches `side` (a half-edge keeps its point: L faces R). */
const facing = (side: string): string =>
  SIDES[(SIDES.indexOf(side[0] as (typeof SIDES)[number]) + 2) % 4] +
  (side[1] === 'L' ? 'R' : side[1] === 'R' ? 'L' : '');

const sidesOf = (f: Feature, rotation: number): string[] =>
  'edges' in f
    ? f.edges.map((e) => turn(e, rotation))
    : 'halfEdges' in f
      ? f.halfEdges.map((h) => turn(h, rotation))
      : [];

export function claimOf(
  state: Pick<PublicState, 'tiles' | 'figures'>,
  catalog: Catalog,
  target: Target,
): Claim | undefined {
  const byId = new Map(catalog.tiles.map((t) => [t.id, t]));
  const at = new Map(state.tiles.map((t) => [`${t.x},${t.y}`, t]));
  const featuresOf = (t: Placed) => byId.get(t.tile)?.features ?? [];
  const start = at.get(`${target.x},${target.y}`);
  if (!start) return undefined;
  const featureAt = (t: Placed, side: string) => featuresOf(t).findIndex((f) => sidesOf(f, t.rotation).includes(side));
  const first = target.feature ?? (target.corner ? featureAt(start, CORNER_HALF[target.corner]) : -1);
  const kind = featuresOf(start)[first]?.kind;
  if (kind === undefined) return undefined;
  const seen = new Set<string>();
  const tiles = new Map<string, { x: number; y: number }>();
  const walk = [[start, first] as const];
  while (walk.length > 0) {
    const [t, i] = walk.pop()!;
    const key = `${t.x},${t.y},${i}`;
    if (seen.has(key)) continue;
    seen.add(key);
    tiles.set(`${t.x},${t.y}`, { x: t.x, y: t.y });
    for (const side of sidesOf(featuresOf(t)[i], t.rotation)) {
      const [dx, dy] = STEP[SIDES.indexOf(side[0] as (typeof SIDES)[number])];
      const next = at.get(`${t.x + dx},${t.y + dy}`);
      const j = next ? featureAt(next, facing(side)) : -1;
      if (next && j >= 0) walk.push([next, j]);
    }
  }
  const holders = new Set<number>();
  for (const f of state.figures) {
    const on = f.feature ?? (f.corner ? featureOfCorner(at.get(`${f.x},${f.y}`), f.corner) : undefined);
    if (on !== undefined && seen.has(`${f.x},${f.y},${on}`)) holders.add(f.owner);
  }
  return { kind, tiles: [...tiles.values()], holders: [...holders].sort((a, b) => a - b) };

  function featureOfCorner(t: Placed | undefined, corner: string): number | undefined {
    const i = t ? featureAt(t, CORNER_HALF[corner]) : -1;
    return i >= 0 ? i : undefined;
  }
}
