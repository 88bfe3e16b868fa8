/**
 * The abbey: instead of drawing, a player who still holds an abbey may fill a hole (an
 * empty position with tiles on all four sides). The abbey tile is walled: it closes the roads
 * and cities around it without joining them (see State.putTile) and scores like a monastery.
 * Each seat's abbey is this expansion's slot; the final round (docs/rules.md §7) offers it once more.
 */
import { TILE_TYPES } from '../../catalog.js';
import type { FinalRound, MoveSpec } from '../../expansion.js';
import { inRange, keyOf, xOf, yOf } from '../../geometry.js';
import { isInt } from '../../shape.js';
import { StateSlot } from '../../slot.js';
import type { State } from '../../state.js';
import { tileDown } from '../../turn-api.js';
import {
  ALTERNATIVES_PHASE,
  FINAL_ROUND_PHASE,
  type GameEvent,
  type Move,
  type Rules,
  type RuleViolation,
} from '../../types.js';
import { violation } from '../../violation.js';

/** The abbey tile (found when first placed: the catalog grows as registries are made). */
let ABBEY_TILE: (typeof TILE_TYPES)[number] | undefined;

/** Whether each seat still holds its abbey. */
export const ABBEYS = new StateSlot<boolean[]>(
  (cfg) => cfg.names.map(() => true),
  (s) => s.slice(),
);

export function abbeyMoves(g: State, out: Move[]): void {
  // Asked at every part of every turn; there is rarely a hole.
  if (g.open.holeCount === 0 || !ABBEYS.of(g)[g.active]) return;
  for (const k of g.open.holes()) out.push({ type: 'placeAbbey', x: xOf(k), y: yOf(k) });
}

function abbeyViolation(g: State, x: number, y: number): RuleViolation | null {
  if (!ABBEYS.of(g)[g.active]) return violation('NO_ABBEY_LEFT', 'you have no abbey left');
  if (!inRange(x, y))
    return violation('NOT_A_HOLE', 'an abbey goes only into a hole surrounded by tiles on all four sides');
  const key = keyOf(x, y);
  if (g.board.has(key)) return violation('POSITION_OCCUPIED', `(${x},${y}) already holds a tile`);
  if (!g.open.isHole(key))
    return violation('NOT_A_HOLE', 'an abbey goes only into a hole surrounded by tiles on all four sides');
  return null;
}

export const placeAbbey: MoveSpec<'placeAbbey', typeof ALTERNATIVES_PHASE | typeof FINAL_ROUND_PHASE> = {
  phases: [ALTERNATIVES_PHASE, FINAL_ROUND_PHASE],
  shape: (m) => (isInt(m.x) && isInt(m.y) ? null : 'placeAbbey needs integer x and y'),
  apply(g, { x, y }, _phase, events) {
    const v = abbeyViolation(g, x, y);
    if (v) return v;
    ABBEY_TILE ??= TILE_TYPES.find((t) => t.walled);
    if (!ABBEY_TILE) throw new Error('engine fault: the catalog has no abbey tile');
    ABBEYS.of(g)[g.active] = false;
    const tile = g.putTile(ABBEY_TILE, keyOf(x, y), 0);
    events.push({ type: 'abbeyPlaced', seat: g.active, x, y });
    tileDown(g, tile, events);
    return null;
  },
};

export function finalRound(rules: Rules): FinalRound | null {
  switch (rules.endgameAbbeys) {
    case 'none':
      return null;
    case 'final-round':
      return { passRefusal: null };
    case 'continue':
      return { passRefusal: 'the abbey must be placed (endgameAbbeys: continue)' };
  }
}

/** A seat passed on its abbey, or cannot place the one it holds in the final round. */
export function abbeySkipped(g: State, seat: number, reason: 'passed' | 'cannot-place', events: GameEvent[]): void {
  if (ABBEYS.of(g)[seat]) events.push({ type: 'abbeySkipped', seat, reason });
}
