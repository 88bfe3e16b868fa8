/**
 * Applying one move: shape and phase checks, then the core handlers (draw, placeTile,
 * placeFigure, pass) or the handler an expansion registered for its own move types.
 * A handler validates completely before it changes anything, so a refusal changes nothing.
 */
import { figureMoves, figureViolation } from './figures.js';
import { inRange, keyOf } from './geometry.js';
import type { State, Figure } from './state.js';
import { addFigure, drawTile, endPart, endgameRound, figureStep, scoringStep } from './turn.js';
import { CORNERS, PLACEABLE_FIGURES, ROTATIONS, type GameEvent, type Move, type RuleViolation } from './types.js';
import { violation } from './violation.js';

/** The phases in which each move type may be played. */
const ALLOWED: Record<Move['type'], readonly string[]> = {
  draw: ['drawOrAbbey'],
  placeTile: ['placeTile'],
  placeAbbey: ['drawOrAbbey', 'endgameAbbey'],
  placeFigure: ['placeFigure'],
  placeBarn: ['placeFigure'],
  pass: ['placeFigure', 'drawOrAbbey', 'endgameAbbey'],
  moveWagon: ['moveWagon'],
  returnWagon: ['moveWagon'],
};

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

function shapeViolation(move: Move): RuleViolation | null {
  if (typeof move !== 'object' || move === null || typeof move.type !== 'string' || !Object.hasOwn(ALLOWED, move.type)) {
    return violation('ILLEGAL_MOVE', 'unknown move type');
  }
  const m = move as unknown as Record<string, unknown>;
  switch (move.type) {
    case 'placeTile':
      return isInt(m.x) && isInt(m.y) && ROTATIONS.includes(m.rotation as 0) ? null : violation('ILLEGAL_MOVE', 'placeTile needs integer x, y and a rotation of 0, 90, 180 or 270');
    case 'placeAbbey':
      return isInt(m.x) && isInt(m.y) ? null : violation('ILLEGAL_MOVE', 'placeAbbey needs integer x and y');
    case 'placeFigure':
      if (!PLACEABLE_FIGURES.includes(m.figure as 'meeple')) return violation('ILLEGAL_MOVE', `unknown figure ${String(m.figure)}`);
      return isInt(m.x) && isInt(m.y) && isInt(m.feature) ? null : violation('ILLEGAL_MOVE', 'placeFigure needs integer x, y and feature');
    case 'moveWagon':
      return isInt(m.x) && isInt(m.y) && isInt(m.feature) ? null : violation('ILLEGAL_MOVE', 'moveWagon needs integer x, y and feature');
    case 'placeBarn':
      return isInt(m.x) && isInt(m.y) && CORNERS.includes(m.corner as 'NE') ? null : violation('ILLEGAL_MOVE', 'placeBarn needs integer x, y and a corner NE, SE, SW or NW');
    default:
      return null;
  }
}

function placeTile(g: State, move: Extract<Move, { type: 'placeTile' }>, events: GameEvent[]): RuleViolation | null {
  const type = g.drawn!;
  if (!inRange(move.x, move.y)) return violation('NOT_ADJACENT', 'the tile must touch a placed tile');
  const r = ROTATIONS.indexOf(move.rotation);
  const key = keyOf(move.x, move.y);
  if (g.board.has(key)) return violation('POSITION_OCCUPIED', `(${move.x},${move.y}) already holds a tile`);
  if (!g.open.has(key)) return violation('NOT_ADJACENT', 'the tile must touch a placed tile');
  if (!g.fits(type, key, r)) return violation('EDGES_DO_NOT_MATCH', `${type.id} at rotation ${move.rotation} does not match its neighbours`);
  g.drawn = null;
  g.lastTile = g.putTile(type, key, r);
  events.push({ type: 'tilePlaced', seat: g.active, tile: type.id, x: move.x, y: move.y, rotation: move.rotation });
  for (const m of g.cfg.modules) m.onTilePlaced?.(g);
  figureStep(g, events);
  return null;
}

/** Is the figure-step move in the step's list? (The list is the rule.) */
export function listedFigureMove(g: State, move: Extract<Move, { type: 'placeFigure' | 'placeBarn' }>): boolean {
  for (const m of g.figureMoves ?? figureMoves(g)) {
    if (m.type !== move.type || m.x !== move.x || m.y !== move.y) continue;
    if (m.type === 'placeFigure' && move.type === 'placeFigure' && m.figure === move.figure && m.feature === move.feature) return true;
    if (m.type === 'placeBarn' && move.type === 'placeBarn' && m.corner === move.corner) return true;
  }
  return false;
}

function placeFigure(g: State, move: Extract<Move, { type: 'placeFigure' }>, events: GameEvent[]): RuleViolation | null {
  if (!listedFigureMove(g, move)) {
    // The predicate runs again only to say why.
    return figureViolation(g, move.figure, move.x, move.y, move.feature, g.occupancy())
      ?? violation('ILLEGAL_MOVE', 'that figure placement is not allowed');
  }
  const t = g.lastTile!;
  const f: Figure = { owner: g.active, kind: move.figure, seg: t.base + move.feature, key: t.key, feature: move.feature, corner: -1 };
  addFigure(g, f, events);
  return null;
}

function pass(g: State, events: GameEvent[]): RuleViolation | null {
  switch (g.phase) {
    case 'placeFigure':
      events.push({ type: 'figureSkipped', seat: g.active, reason: 'passed' });
      scoringStep(g, events);
      return null;
    case 'drawOrAbbey':
      if (g.pileLeft() > 0) return violation('CANNOT_PASS', 'draw a tile or place your abbey');
      events.push({ type: 'abbeySkipped', seat: g.active, reason: 'passed' });
      endPart(g, events);
      return null;
    case 'endgameAbbey':
      if (!endgameRound(g)?.passAllowed) return violation('CANNOT_PASS', 'the abbey must be placed (endgameAbbeys: continue)');
      events.push({ type: 'abbeySkipped', seat: g.active, reason: 'passed' });
      endPart(g, events);
      return null;
    default:
      return violation('CANNOT_PASS', `nothing to pass in phase ${g.phase}`);
  }
}

/** Applies a move to a state in place. On a violation nothing has been changed. */
export function applyMove(g: State, move: Move, events: GameEvent[]): RuleViolation | null {
  if (g.phase === 'finished') return violation('GAME_FINISHED', 'the game is over');
  const shape = shapeViolation(move);
  if (shape) return shape;
  const handler = g.cfg.moveHandlers[move.type];
  const core = move.type === 'draw' || move.type === 'placeTile' || move.type === 'placeFigure' || move.type === 'pass';
  if (!core && !handler) return violation('EXPANSION_NOT_ENABLED', `${move.type} belongs to an expansion this game does not use`);
  if (!ALLOWED[move.type].includes(g.phase)) {
    return violation('MOVE_NOT_ALLOWED_NOW', `${move.type} is not allowed in phase ${g.phase}`);
  }
  switch (move.type) {
    case 'draw':
      if (g.pileLeft() === 0) return violation('MOVE_NOT_ALLOWED_NOW', 'the pile is empty');
      drawTile(g, events);
      return null;
    case 'placeTile': return placeTile(g, move, events);
    case 'placeFigure': return placeFigure(g, move, events);
    case 'pass': return pass(g, events);
    default: return handler!(g, move, events);
  }
}
