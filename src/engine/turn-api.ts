/**
 * The turn API: what an expansion module may do to the turn, besides answering its hooks.
 * A move handler validates completely first, then calls one of these to hand the turn back
 * to the core; nothing else in turn.ts is for modules.
 *
 *   tileDown(g, tile, events)        a tile the module put down (g.putTile): continue with the figure step
 *   addFigure(g, figure, events)     a figure from the active seat's supply on the new tile: continue with scoring
 *   pendingFigure(g)                 the held figure whose owner decides now (phase DECISION_PHASE)
 *   settleDecision(g, to, events)    that figure goes onto the board at `to`, or home when `to` is null;
 *                                    continue with the next decision or the end of the part
 */
import type { PlacedTile } from './board.js';
import type { Figure, HeldFigure, State } from './state.js';
import { figureStep, nextDecision } from './turn.js';
import type { GameEvent } from './types.js';

export { addFigure } from './turn.js';

export function tileDown(g: State, tile: PlacedTile, events: GameEvent[]): void {
  g.drawn = null;
  g.lastTile = tile;
  figureStep(g, events);
}

export function pendingFigure(g: State): HeldFigure {
  const h = g.pending[0];
  if (h === undefined) throw new Error(`engine fault: no figure awaits a decision in phase ${g.phase}`);
  return h;
}

export function settleDecision(g: State, to: Figure | null, events: GameEvent[]): void {
  const h = pendingFigure(g);
  g.pending = g.pending.slice(1);
  if (to) g.addFigure(to);
  else g.supply.give(h.owner, h.kind);
  nextDecision(g, events);
}
