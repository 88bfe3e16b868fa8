/**
 * The turn (docs/rules.md §2): a part starts (draw, or an expansion's alternative), the tile is
 * placed, the figure step, the scoring step, decisions of held figures, then an extra part
 * or the next seat; after the last tile an optional final round of alternatives and final
 * scoring. Every function mutates the state it is given. Expansion modules reach the turn
 * only through turn-api.ts.
 */
import { CITY, ROAD } from './catalog.js';
import { figureMoves } from './figure-step.js';
import { AROUND } from './geometry.js';
import { fitsAnywhere } from './placement.js';
import { figureView, finalScoring, scoreFeature } from './scoring.js';
import type { Figure, HeldFigure, State } from './state.js';
import { ALTERNATIVES_PHASE, DECISION_PHASE, FINAL_ROUND_PHASE, type GameEvent, type Move } from './types.js';

/** The moves the expansions offer instead of drawing, for the active seat. */
export function drawAlternatives(g: State): Move[] {
  const out: Move[] = [];
  for (const h of g.cfg.hooks.drawAlternatives) h(g, out);
  return out;
}

/** Filled by the hooks and emptied again at once: the turn only asks whether there is any. */
const probe: Move[] = [];

/** Does the active seat have an alternative to drawing? Asked at every part, it makes no list. */
function hasAlternatives(g: State): boolean {
  for (const h of g.cfg.hooks.drawAlternatives) h(g, probe);
  if (probe.length === 0) return false;
  probe.length = 0;
  return true;
}

export function startPart(g: State, events: GameEvent[]): void {
  g.lastTile = null;
  g.newFigure = null;
  g.drawn = null;
  events.push({ type: g.extraPart ? 'bonusPartStarted' : 'turnStarted', seat: g.active });
  if (hasAlternatives(g)) {
    g.phase = ALTERNATIVES_PHASE;
    return;
  }
  if (g.pileLeft() > 0) drawTile(g, events);
  else endPart(g, events);
}

export function drawTile(g: State, events: GameEvent[]): void {
  const seat = g.active;
  while (g.pileLeft() > 0) {
    const t = g.drawFromPile();
    events.push({ type: 'tileDrawn', seat, tile: t.id });
    if (fitsAnywhere(g, t)) {
      g.drawn = t;
      g.phase = 'placeTile';
      return;
    }
    events.push({ type: 'tileDiscarded', seat, tile: t.id, reason: 'unplaceable' });
  }
  // The pile ran out on discards: an extra part may still use an alternative.
  if (g.extraPart && hasAlternatives(g)) {
    g.phase = ALTERNATIVES_PHASE;
    return;
  }
  endPart(g, events);
}

/** After a tile is placed (g.lastTile): the figure step, unless nothing can go anywhere. */
export function figureStep(g: State, events: GameEvent[]): void {
  const moves = figureMoves(g);
  if (moves.length > 0) {
    g.figureMoves = moves;
    g.phase = 'placeFigure';
    return;
  }
  events.push({ type: 'figureSkipped', seat: g.active, reason: 'no-legal-placement' });
  scoringStep(g, events);
}

/** Puts a figure from its owner's supply on the new tile, then scores. */
export function addFigure(g: State, f: Figure, events: GameEvent[]): void {
  g.supply.take(f.owner, f.kind);
  g.addFigure(f);
  g.newFigure = f;
  events.push({ type: 'figurePlaced', seat: f.owner, figure: figureView(g, f) });
  scoringStep(g, events);
}

/** The empty pending list, shared: pending lists are replaced, never changed in place. */
const NONE_HELD: HeldFigure[] = [];

/** Adds a root to the step's completed features once (a module function: no closure per step). */
function addCompleted(g: State, completed: number[], root: number): void {
  if (!completed.includes(root) && g.isComplete(root)) completed.push(root);
}

/** docs/rules.md §2.4: (a) completed features, (b) field scorings, (c) figures home, (d) completion rewards, (e) held figures. */
export function scoringStep(g: State, events: GameEvent[]): void {
  const t = g.placedTile();
  g.figureMoves = null;
  const completed: number[] = [];
  if (t.type.walled) {
    // A walled tile completes what it closes on its four sides.
    for (const root of g.closedBy(t.key)) addCompleted(g, completed, root);
  } else {
    for (let i = 0; i < t.type.kinds.length; i++) {
      const k = t.type.kinds[i];
      if (k === ROAD || k === CITY) addCompleted(g, completed, g.find(t.base + i));
    }
  }
  if (g.board.cloisterNear(t.key)) {
    for (let i = -1; i < AROUND.length; i++) {
      const c = g.board.get(i < 0 ? t.key : t.key + AROUND[i]);
      if (c && c.type.cloister >= 0) addCompleted(g, completed, c.base + c.type.cloister);
    }
  }

  const returning: Figure[] = [];
  for (const root of completed) returning.push(...scoreFeature(g, root, false, events));
  for (const h of g.cfg.hooks.scoreFields) h(g, events, returning);

  // Most steps score nothing: no Set, no sort, no pending list is made for them.
  let held: HeldFigure[] = NONE_HELD;
  for (let i = 0; i < returning.length; i++) {
    const f = returning[i];
    if (returning.indexOf(f) !== i) continue;
    g.removeFigure(f);
    const holder = g.cfg.modules.find((m) => m.holdsOnReturn?.(f));
    if (!holder) {
      g.supply.give(f.owner, f.kind);
      continue;
    }
    if (held === NONE_HELD) held = [];
    held.push({ owner: f.owner, kind: f.kind, key: f.key, seg: f.seg, holder });
  }
  for (const h of g.cfg.hooks.onCompleted) h(g, completed, events);

  // Held figures decide one after another in seat order from the active player.
  const n = g.players;
  if (held.length > 1) held.sort((a, b) => ((a.owner - g.active + n) % n) - ((b.owner - g.active + n) % n));
  g.pending = held;
  nextDecision(g, events);
}

export function decisionMoves(g: State, h: HeldFigure): Move[] {
  const out: Move[] = [];
  h.holder.decisionMoves?.(g, h, out);
  return out;
}

/** The next held figure with a choice gets its decision; those without one go home. */
export function nextDecision(g: State, events: GameEvent[]): void {
  for (let h = g.pending[0]; h !== undefined; h = g.pending[0]) {
    if (decisionMoves(g, h).length > 0) {
      g.phase = DECISION_PHASE;
      return;
    }
    g.pending = g.pending.slice(1);
    g.supply.give(h.owner, h.kind);
    h.holder.sentHomeUndecided?.(g, h, events);
  }
  endPart(g, events);
}

export function endPart(g: State, events: GameEvent[]): void {
  g.lastTile = null;
  g.newFigure = null;
  g.drawn = null;
  if (g.finalRound) {
    nextFinalSeat(g, events);
    return;
  }
  let due = false;
  for (const h of g.cfg.hooks.extraPartDue) if (h(g)) due = true;
  // With the pile empty an extra part can only play an alternative.
  if (due && !g.extraPart && (g.pileLeft() > 0 || hasAlternatives(g))) {
    g.extraPart = true;
    startPart(g, events);
    return;
  }
  g.extraPart = false;
  if (g.pileLeft() === 0) {
    beginEnd(g, events);
    return;
  }
  g.active = (g.active + 1) % g.players;
  startPart(g, events);
}

/**
 * The pile is empty after a turn: the final round (docs/rules.md §7), if an expansion holds one,
 * visits every seat once, from the left of the player whose turn emptied the pile round to
 * that player; then final scoring.
 */
function beginEnd(g: State, events: GameEvent[]): void {
  if (g.cfg.finalRound) {
    const n = g.players;
    const last = g.active;
    g.finalRound = Array.from({ length: n }, (_, i) => (last + 1 + i) % n);
    nextFinalSeat(g, events);
    return;
  }
  finish(g, events);
}

function nextFinalSeat(g: State, events: GameEvent[]): void {
  for (let seat = g.finalRound?.[0]; seat !== undefined; seat = g.finalRound?.[0]) {
    g.finalRound = g.finalRound?.slice(1) ?? null;
    g.active = seat;
    if (hasAlternatives(g)) {
      g.phase = FINAL_ROUND_PHASE;
      events.push({ type: 'turnStarted', seat });
      return;
    }
    for (const h of g.cfg.hooks.alternativesSkipped) h(g, seat, 'cannot-place', events);
  }
  finish(g, events);
}

function finish(g: State, events: GameEvent[]): void {
  g.finalRound = null;
  g.phase = 'finished';
  finalScoring(g, events);
}
