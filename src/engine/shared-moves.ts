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

/** Positions within this many steps of the start tile have their placements interned (all real games). */
const REACH = 64;
const SIDE = 2 * REACH;
const PLACEMENTS: (Move | undefined)[] = new Array<Move | undefined>(SIDE * SIDE * 4).fill(undefined);

/** The placeTile move at a position key in rotation r (quarter turns). */
export function placeTileMove(key: number, r: number): Move {
  const x = xOf(key),
    y = yOf(key);
  if (x < -REACH || x >= REACH || y < -REACH || y >= REACH) return { type: 'placeTile', x, y, rotation: ROTATIONS[r] };
  const i = (((x + REACH) * SIDE + (y + REACH)) << 2) | r;
  return (PLACEMENTS[i] ??= Object.freeze({ type: 'placeTile', x, y, rotation: ROTATIONS[r] }));
}
