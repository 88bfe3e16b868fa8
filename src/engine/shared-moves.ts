/**
 * Moves as shared values: a legal-move list holds frozen move objects that every list (of
 * every game in the process) shares, rather than new ones per query. A random playout lists
 * the placements at every turn, and allocating them was most of that listing's cost
 * (docs/performance.md). Frozen, so that no caller can change a move another list holds.
 */
import { xOf, yOf } from './geometry.js';
import { ROTATIONS, type Move } from './types.js';

/** Moves without fields. */
export const PASS: Move = Object.freeze({ type: 'pass' });
export const DRAW: Move = Object.freeze({ type: 'draw' });
export const UNDO: Move = Object.freeze({ type: 'undo' });

/** Positions within this many steps of the start tile have their placements interned (all real games). */
const REACH = 64;
const SIDE = 2 * REACH;
const PLACEMENTS: (readonly Move[] | undefined)[] = new Array<readonly Move[] | undefined>(SIDE * SIDE).fill(undefined);

const placements = (x: number, y: number): readonly Move[] =>
  Object.freeze(ROTATIONS.map((rotation) => Object.freeze({ type: 'placeTile', x, y, rotation }) as Move));

/**
 * The four placeTile moves at a position key, by rotation (quarter turns). An open position
 * fetches its row once when it opens (open-positions.ts), so that a listing reads moves from
 * next to the scan rather than from this big table.
 */
export function placeTileMoves(key: number): readonly Move[] {
  const x = xOf(key),
    y = yOf(key);
  if (x < -REACH || x >= REACH || y < -REACH || y >= REACH) return placements(x, y);
  return (PLACEMENTS[(x + REACH) * SIDE + (y + REACH)] ??= placements(x, y));
}
