/**
 * Inns and cathedrals (docs/rules.md §9.3, §9.4): a road with an inn scores 2 a tile when
 * complete, a city with a cathedral 3 a tile and 3 a pennant; either scores nothing when it is
 * still incomplete at the end. One inn or cathedral or several makes no difference. Fields
 * are unchanged: they count completed cities, whatever their value.
 */
import { CITY, ROAD, onTilesAdded } from '../../catalog.js';
import type { State } from '../../state.js';

/**
 * Per tile type, a bit per feature index whose segment carries an inn or a cathedral: made
 * once per tile type as the catalog grows, so scoring reads a number instead of each
 * segment's definition.
 */
const MARKED: number[] = [];
onTilesAdded((added) => {
  for (const t of added)
    MARKED[t.index] = t.def.features.reduce(
      (bits, f, i) => ((f.kind === 'road' && f.inn) || (f.kind === 'city' && f.cathedral) ? bits | (1 << i) : bits),
      0,
    );
});

/** Does a road have an inn, or a city a cathedral, on any of its segments? */
export function isMarked(g: State, root: number): boolean {
  const { next, tileOf } = g.features;
  for (let s = root; s >= 0; s = next[s]) {
    const t = g.board.tile(tileOf[s]);
    if (MARKED[t.type.index] & (1 << (s - t.base))) return true;
  }
  return false;
}

/** The value of a road or city holding an inn or a cathedral; any other feature keeps the core's. */
export function innCathedralValue(g: State, root: number, tiles: number, final: boolean, value: number): number {
  const k = g.features.kind[root];
  if ((k !== ROAD && k !== CITY) || !isMarked(g, root)) return value;
  if (final) return 0;
  return k === ROAD ? 2 * tiles : 3 * (tiles + g.features.pennants[root]);
}
