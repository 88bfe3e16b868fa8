/**
 * Undo within a turn (docs/rules.md §2.2): in the figure step, the active seat may take back the
 * tile (or abbey) it has just placed in this part of the turn. Nothing hidden was shown since
 * that placement, so the game goes back to exactly the position before it: the tile in hand
 * (phase placeTile), or the abbey back in supply and the choice of drawing or an abbey again.
 *
 * The position is rebuilt from the game's configuration and its moves before the placement
 * (State.history): the cost of an undo is a replay of the game so far (a fraction of a
 * millisecond), paid by the undo alone; a placement pays one small node of history.
 */
import { START_TILE } from './catalog.js';
import type { Config } from './config.js';
import type { MoveSpec } from './expansion.js';
import { keyOf } from './geometry.js';
import { applyMove } from './moves.js';
import { NO_UNDO, State, type Played } from './state.js';
import { startPart } from './turn.js';
import type { GameEvent, Move } from './types.js';
import { violation } from './violation.js';

/** A new game of configuration `cfg`: the start tile down, seat 0's first part begun. */
export function startState(cfg: Config, events: GameEvent[]): State {
  const g = new State(cfg);
  g.putTile(START_TILE, keyOf(0, 0), 0);
  startPart(g, events);
  return g;
}

/** The game of `cfg` after the moves of `history` (oldest first), with that history. */
function rebuild(cfg: Config, history: Played | null): State {
  const moves: Move[] = [];
  for (let p = history; p !== null; p = p.prev) moves.push(p.move);
  const events: GameEvent[] = [];
  const g = startState(cfg, events);
  g.history = NO_UNDO; // the replayed moves are not pushed again: the history is given back whole
  for (let i = moves.length - 1; i >= 0; i--) {
    const refused = applyMove(g, moves[i], events);
    if (refused) throw new Error(`engine fault: a move before an undo does not replay: ${refused.reason}`);
    events.length = 0;
  }
  g.history = history;
  return g;
}

export const undo: MoveSpec<'undo', 'placeFigure'> = {
  // The figure step follows its placement at once, so there the last move played is the placement.
  phases: ['placeFigure'],
  shape: () => null,
  apply(g, _move, _phase, events) {
    const placement = g.history;
    if (placement === NO_UNDO || placement === null)
      return violation('MOVE_NOT_ALLOWED_NOW', 'this copy of the game cannot take a placement back');
    const t = g.placedTile();
    const seat = g.active;
    Object.assign(g, rebuild(g.cfg, placement.prev));
    events.push({ type: 'placementUndone', seat, tile: t.type.id, x: t.x, y: t.y });
    return null;
  },
};
