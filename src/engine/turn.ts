/**
 * The turn (RULES 2): a part starts (draw, or an expansion's alternative such as the abbey),
 * the tile is placed, the figure step, the scoring step, decisions of held figures (wagons),
 * then the builder's second part or the next seat; after the last tile an optional end-game
 * round (abbeys) and final scoring. Every function mutates the state it is given.
 */
import { CITY, ROAD } from './catalog.js';
import { figureMoves } from './figures.js';
import { AROUND } from './geometry.js';
import { figureView, finalScoring, scoreFeature } from './scoring.js';
import { FIGURE_INDEX, type Figure, type HeldFigure, type State } from './state.js';
import type { GameEvent, Move } from './types.js';

/** The moves an expansion offers instead of drawing (the abbey), for the active seat. */
export function drawAlternatives(g: State): Move[] {
  const out: Move[] = [];
  for (const m of g.cfg.modules) m.drawAlternatives?.(g, out);
  return out;
}

export function startPart(g: State, events: GameEvent[]): void {
  g.lastTile = null;
  g.newFigure = null;
  g.drawn = null;
  if (g.bonus) events.push({ type: 'bonusPartStarted', seat: g.active });
  else events.push({ type: 'turnStarted', seat: g.active });
  if (drawAlternatives(g).length > 0) {
    g.phase = 'drawOrAbbey';
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
    if (g.canPlace(t)) {
      g.drawn = t;
      g.phase = 'placeTile';
      return;
    }
    events.push({ type: 'tileDiscarded', seat, tile: t.id, reason: 'unplaceable' });
  }
  // The pile ran out on discards: a second part may still use an alternative (the abbey).
  if (g.bonus && drawAlternatives(g).length > 0) {
    g.phase = 'drawOrAbbey';
    return;
  }
  endPart(g, events);
}

/** After a tile or abbey is placed (g.lastTile): the figure step, unless nothing can go anywhere. */
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
  g.supply[f.owner]![FIGURE_INDEX[f.kind]] -= 1;
  g.addFigure(f);
  g.newFigure = f;
  events.push({ type: 'figurePlaced', seat: f.owner, figure: figureView(g, f) });
  scoringStep(g, events);
}

/** RULES 2.4: (a) completed features, (b) field scorings, (c) figures home, (d) goods, (e) held figures. */
export function scoringStep(g: State, events: GameEvent[]): void {
  const t = g.lastTile!;
  g.figureMoves = null;
  const completed: number[] = [];
  const add = (root: number) => {
    if (!completed.includes(root) && g.isComplete(root)) completed.push(root);
  };
  if (t.type.abbey) {
    // An abbey completes what it closes on its four sides.
    for (const root of g.closedByAbbey(t.key)) add(root);
  } else {
    for (let i = 0; i < t.type.kinds.length; i++) {
      const k = t.type.kinds[i];
      if (k === ROAD || k === CITY) add(g.find(t.base + i));
    }
  }
  for (let i = -1; i < AROUND.length; i++) {
    const c = g.board.get(i < 0 ? t.key : t.key + AROUND[i]!);
    if (c && c.type.cloister >= 0) add(c.base + c.type.cloister);
  }

  const returning: Figure[] = [];
  for (const root of completed) returning.push(...scoreFeature(g, root, false, events));
  for (const m of g.cfg.modules) m.scoreFields?.(g, events, returning);

  const held: Figure[] = [];
  for (const f of new Set(returning)) {
    g.removeFigure(f);
    if (g.cfg.modules.some((m) => m.heldOnReturn?.(f))) held.push(f);
    else g.supply[f.owner]![FIGURE_INDEX[f.kind]] += 1;
  }
  for (const m of g.cfg.modules) m.onCompleted?.(g, completed, events);

  // Held figures decide one after another in seat order from the active player.
  const n = g.players;
  held.sort((a, b) => ((a.owner - g.active + n) % n) - ((b.owner - g.active + n) % n));
  g.held = held.map((f) => ({ owner: f.owner, kind: f.kind, key: f.key, seg: f.seg }));
  nextDecision(g, events);
}

export function decisionMoves(g: State, h: HeldFigure): Move[] {
  const out: Move[] = [];
  for (const m of g.cfg.modules) m.decisionMoves?.(g, h, out);
  return out;
}

/** The next held figure with a choice gets its decision; those without one go home. */
export function nextDecision(g: State, events: GameEvent[]): void {
  while (g.held.length > 0) {
    const h = g.held[0]!;
    if (decisionMoves(g, h).length > 0) {
      g.phase = 'moveWagon';
      return;
    }
    sendHome(g, h, 'no-target', events);
  }
  endPart(g, events);
}

/** The first held figure goes back to its owner's supply. */
export function sendHome(g: State, h: HeldFigure, reason: 'chosen' | 'no-target', events: GameEvent[]): void {
  g.held = g.held.slice(1);
  g.supply[h.owner]![FIGURE_INDEX[h.kind]] += 1;
  const t = g.board.get(h.key)!;
  events.push({ type: 'wagonReturned', seat: h.owner, from: { x: t.x, y: t.y }, reason });
}

export function endPart(g: State, events: GameEvent[]): void {
  g.lastTile = null;
  g.newFigure = null;
  g.drawn = null;
  if (g.endgame) {
    nextEndgameSeat(g, events);
    return;
  }
  // The builder's second part; with the pile empty only an alternative (the abbey) is left.
  if (g.bonusDue && !g.bonus && (g.pileLeft() > 0 || drawAlternatives(g).length > 0)) {
    g.bonusDue = false;
    g.bonus = true;
    startPart(g, events);
    return;
  }
  g.bonus = false;
  g.bonusDue = false;
  if (g.pileLeft() === 0) {
    beginEnd(g, events);
    return;
  }
  g.active = (g.active + 1) % g.players;
  startPart(g, events);
}

/** The end-game round an expansion holds after the last land tile, if any. */
export function endgameRound(g: State): { passAllowed: boolean } | null {
  for (const m of g.cfg.modules) {
    const r = m.endgameRound?.(g);
    if (r) return r;
  }
  return null;
}

/**
 * The pile is empty after a turn: the end-game round (RULES 7) visits every seat once, from
 * the left of the player whose turn emptied the pile round to that player; then final scoring.
 */
function beginEnd(g: State, events: GameEvent[]): void {
  if (endgameRound(g)) {
    const n = g.players;
    const last = g.active;
    g.endgame = Array.from({ length: n }, (_, i) => (last + 1 + i) % n);
    nextEndgameSeat(g, events);
    return;
  }
  finish(g, events);
}

function nextEndgameSeat(g: State, events: GameEvent[]): void {
  while (g.endgame!.length > 0) {
    const seat = g.endgame![0]!;
    g.endgame = g.endgame!.slice(1);
    g.active = seat;
    if (drawAlternatives(g).length > 0) {
      g.phase = 'endgameAbbey';
      events.push({ type: 'turnStarted', seat });
      return;
    }
    for (const m of g.cfg.modules) m.endgameSkipped?.(g, seat, events);
  }
  finish(g, events);
}

function finish(g: State, events: GameEvent[]): void {
  g.endgame = null;
  g.phase = 'finished';
  finalScoring(g, events);
}
