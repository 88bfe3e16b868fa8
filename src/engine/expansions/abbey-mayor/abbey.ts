/**
 * The abbey: instead of drawing, a player who still holds an abbey may fill a hole (an
 * empty position with tiles on all four sides). It closes the roads and cities around it
 * without joining them (see State.putTile) and scores like a monastery.
 */
import { inRange, keyOf, xOf, yOf } from '../../geometry.js';
import type { State } from '../../state.js';
import type { Move, RuleViolation } from '../../types.js';
import { violation } from '../../violation.js';

export function abbeyChoicePossible(g: State): boolean {
  return g.abbeys[g.active] === true && g.hasHole();
}

export function abbeyMoves(g: State, out: Move[]): void {
  if (!g.abbeys[g.active]) return;
  for (const k of g.holes()) out.push({ type: 'placeAbbey', x: xOf(k), y: yOf(k) });
}

export function abbeyViolation(g: State, x: number, y: number): RuleViolation | null {
  if (!g.cfg.am) return violation('EXPANSION_NOT_ENABLED', 'abbeys are not part of this game');
  if (!g.abbeys[g.active]) return violation('NO_ABBEY_LEFT', 'you have no abbey left');
  if (!inRange(x, y)) return violation('NOT_A_HOLE', 'an abbey goes only into a hole surrounded by tiles on all four sides');
  const key = keyOf(x, y);
  if (g.board.has(key)) return violation('POSITION_OCCUPIED', `(${x},${y}) already holds a tile`);
  if (!g.isHole(key)) return violation('NOT_A_HOLE', 'an abbey goes only into a hole surrounded by tiles on all four sides');
  return null;
}
