/**
 * Abbey & Mayor: the mayor, the wagon, the barn and the abbey, plugged into the core through
 * the expansion hooks (see ../../expansion.ts).
 */
import { ABBEY, ABBEY_TILE, CITY, MONASTERY, ROAD } from '../../catalog.js';
import type { Expansion, FigureRule } from '../../expansion.js';
import { keyOf } from '../../geometry.js';
import { listedFigureMove } from '../../moves.js';
import { figureView } from '../../scoring.js';
import type { Figure } from '../../state.js';
import { addFigure, figureStep, nextDecision, sendHome } from '../../turn.js';
import type { Move } from '../../types.js';
import { violation } from '../../violation.js';
import { abbeyMoves, abbeyViolation } from './abbey.js';
import { barnFieldScoring, barnFigure, barnFinalScoring, barnMoves } from './barn.js';
import { wagonTargets } from './wagon.js';

const occupiedCheck: FigureRule['check'] = (_g, _seat, root, occ) =>
  occ.hasFollower(root) ? violation('FEATURE_OCCUPIED', 'that feature already holds a follower') : null;

/** The mayor's strength is the number of pennants in the whole city (0 possible). */
const MAYOR: FigureRule = {
  kinds: [CITY],
  strength: (g, root) => g.pennants[root]!,
  check: occupiedCheck,
};

const WAGON: FigureRule = {
  kinds: [ROAD, CITY, MONASTERY, ABBEY],
  strength: () => 1,
  check: occupiedCheck,
};

type MoveOf<T extends Move['type']> = Extract<Move, { type: T }>;

export const abbeyMayor: Expansion = {
  id: 'abbey-mayor',
  supply: { mayor: 1, wagon: 1, barn: 1 },
  figures: { mayor: MAYOR, wagon: WAGON },
  figureStepMoves: barnMoves,
  scoreFields: barnFieldScoring,
  finalScoring: barnFinalScoring,
  drawAlternatives: abbeyMoves,

  moves: {
    placeAbbey(g, move, events) {
      const { x, y } = move as MoveOf<'placeAbbey'>;
      const v = abbeyViolation(g, x, y);
      if (v) return v;
      g.abbeys[g.active] = false;
      g.drawn = null;
      g.lastTile = g.putTile(ABBEY_TILE, keyOf(x, y), 0);
      events.push({ type: 'abbeyPlaced', seat: g.active, x, y });
      figureStep(g, events);
      return null;
    },
    placeBarn(g, move, events) {
      const m = move as MoveOf<'placeBarn'>;
      const f = barnFigure(g, m.x, m.y, m.corner, g.occupancy());
      if ('code' in f) return f;
      if (!listedFigureMove(g, m)) return violation('ILLEGAL_MOVE', 'that barn placement is not allowed');
      addFigure(g, f, events);
      return null;
    },
    moveWagon(g, move, events) {
      const m = move as MoveOf<'moveWagon'>;
      const w = g.held[0]!;
      const ok = wagonTargets(g, w).some((t) => t.type === 'moveWagon' && t.x === m.x && t.y === m.y && t.feature === m.feature);
      if (!ok) return violation('WAGON_TARGET_INVALID', 'the wagon cannot move there');
      const t = g.board.get(keyOf(m.x, m.y))!;
      const from = g.board.get(w.key)!;
      const f: Figure = { owner: w.owner, kind: 'wagon', seg: t.base + m.feature, key: t.key, feature: m.feature, corner: -1 };
      g.addFigure(f);
      g.held = g.held.slice(1);
      events.push({ type: 'wagonMoved', seat: w.owner, from: { x: from.x, y: from.y }, to: figureView(g, f) });
      nextDecision(g, events);
      return null;
    },
    returnWagon(g, _move, events) {
      sendHome(g, g.held[0]!, 'chosen', events);
      nextDecision(g, events);
      return null;
    },
  },

  heldOnReturn: (f) => f.kind === 'wagon',
  decisionMoves(g, held, out) {
    const targets = wagonTargets(g, held);
    if (targets.length > 0) out.push(...targets, { type: 'returnWagon' });
  },
  endgameRound: (g) => (g.cfg.rules.endgameAbbeys === 'none' ? null : { passAllowed: g.cfg.rules.endgameAbbeys === 'final-round' }),
  endgameSkipped(g, seat, events) {
    if (g.abbeys[seat]) events.push({ type: 'abbeySkipped', seat, reason: 'cannot-place' });
  },
};
