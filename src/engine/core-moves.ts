/**
 * The base game's move types: draw, placeTile, placeFigure, pass and undo (undo.ts). Each is a MoveSpec
 * (expansion.ts): the phases it may be played in, its shape check and its handler.
 */
import type { MoveSpec, MoveSpecs } from './expansion.js';
import { figureViolation, stepMoves } from './figure-step.js';
import { inRange, keyOf } from './geometry.js';
import { isInt, isOneOf } from './shape.js';
import type { Figure } from './state.js';
import { FIGURE_INDEX } from './supply.js';
import { addFigure, drawTile, endPart, figureStep, scoringStep } from './turn.js';
import { ALTERNATIVES_PHASE, FINAL_ROUND_PHASE, ROTATIONS } from './types.js';
import { undo } from './undo.js';
import { violation } from './violation.js';

const draw: MoveSpec<'draw', typeof ALTERNATIVES_PHASE> = {
  phases: [ALTERNATIVES_PHASE],
  shape: () => null,
  apply(g, _move, _phase, events) {
    if (g.pileLeft() === 0) return violation('MOVE_NOT_ALLOWED_NOW', 'the pile is empty');
    drawTile(g, events);
    return null;
  },
};

const placeTile: MoveSpec<'placeTile', 'placeTile'> = {
  phases: ['placeTile'],
  shape: (m) =>
    isInt(m.x) && isInt(m.y) && isOneOf(ROTATIONS, m.rotation)
      ? null
      : 'placeTile needs integer x, y and a rotation of 0, 90, 180 or 270',
  apply(g, move, _phase, events) {
    const type = g.drawn;
    if (type === null) throw new Error('engine fault: no drawn tile in phase placeTile');
    if (!inRange(move.x, move.y)) return violation('NOT_ADJACENT', 'the tile must touch a placed tile');
    const r = ROTATIONS.indexOf(move.rotation);
    const key = keyOf(move.x, move.y);
    if (g.board.has(key)) return violation('POSITION_OCCUPIED', `(${move.x},${move.y}) already holds a tile`);
    if (!g.open.has(key)) return violation('NOT_ADJACENT', 'the tile must touch a placed tile');
    if (!g.open.fits(type, key, r))
      return violation('EDGES_DO_NOT_MATCH', `${type.id} at rotation ${move.rotation} does not match its neighbours`);
    g.drawn = null;
    g.lastTile = g.putTile(type, key, r);
    events.push({ type: 'tilePlaced', seat: g.active, tile: type.id, x: move.x, y: move.y, rotation: move.rotation });
    for (const h of g.cfg.hooks.onTilePlaced) h(g);
    figureStep(g, events);
    return null;
  },
};

const placeFigure: MoveSpec<'placeFigure', 'placeFigure'> = {
  phases: ['placeFigure'],
  shape: (m) => {
    if (typeof m.figure !== 'string' || !Object.hasOwn(FIGURE_INDEX, m.figure))
      return `unknown figure ${String(m.figure)}`;
    return isInt(m.x) && isInt(m.y) && isInt(m.feature) ? null : 'placeFigure needs integer x, y and feature';
  },
  apply(g, move, _phase, events) {
    // The step's list is the rule; the predicate runs again only to say why a move is not in it.
    const listed = stepMoves(g).some(
      (m) =>
        m.type === 'placeFigure' &&
        m.figure === move.figure &&
        m.x === move.x &&
        m.y === move.y &&
        m.feature === move.feature,
    );
    if (!listed) {
      return (
        figureViolation(g, move.figure, move.x, move.y, move.feature, g.occupancy()) ??
        violation('ILLEGAL_MOVE', 'that figure placement is not allowed')
      );
    }
    const t = g.placedTile();
    const f: Figure = {
      owner: g.active,
      kind: move.figure,
      seg: t.base + move.feature,
      key: t.key,
      feature: move.feature,
      corner: -1,
    };
    addFigure(g, f, events);
    return null;
  },
};

const pass: MoveSpec<'pass', 'placeFigure' | typeof ALTERNATIVES_PHASE | typeof FINAL_ROUND_PHASE> = {
  phases: ['placeFigure', ALTERNATIVES_PHASE, FINAL_ROUND_PHASE],
  shape: () => null,
  apply(g, _move, phase, events) {
    switch (phase) {
      case 'placeFigure':
        events.push({ type: 'figureSkipped', seat: g.active, reason: 'passed' });
        scoringStep(g, events);
        return null;
      case ALTERNATIVES_PHASE:
        if (g.pileLeft() > 0) return violation('CANNOT_PASS', 'draw a tile or play one of the listed alternatives');
        for (const h of g.cfg.hooks.alternativesSkipped) h(g, g.active, 'passed', events);
        endPart(g, events);
        return null;
      case FINAL_ROUND_PHASE: {
        const refusal = g.cfg.finalRound?.passRefusal;
        if (refusal) return violation('CANNOT_PASS', refusal);
        for (const h of g.cfg.hooks.alternativesSkipped) h(g, g.active, 'passed', events);
        endPart(g, events);
        return null;
      }
    }
  },
};

export const CORE_MOVES: MoveSpecs = { draw, placeTile, placeFigure, pass, undo };
