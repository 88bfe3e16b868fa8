/**
 * Abbey & Mayor: the mayor, the wagon, the barn and the abbey, plugged into the core through
 * the expansion hooks (see ../../expansion.ts). Its slot is each seat's abbey (abbey.ts).
 */
import { CITY, FIELD, KIND_NAMES } from '../../catalog.js';
import type { Expansion, FigureRule } from '../../expansion.js';
import { followerCheck } from '../../figure-step.js';
import { ABBEYS, abbeyMoves, abbeySkipped, finalRound, placeAbbey } from './abbey.js';
import { BARN, barnFieldScoring, barnFinalScoring, barnMoves, placeBarn } from './barn.js';
import {
  ABBEY_MAYOR,
  ABBEY_MAYOR_ERROR_CODES,
  ABBEY_MAYOR_FIGURES,
  ABBEY_MAYOR_OWN_MOVE_FIGURES,
  ABBEY_MAYOR_PLAYER_VIEW,
  abbeyMayorEvents,
  abbeyMayorMoves,
} from './vocabulary.js';
import { moveWagon, returnWagon, wagonReturned, wagonTargets } from './wagon.js';

/** The mayor's strength is the number of pennants in the whole city (0 possible). */
const MAYOR: FigureRule = {
  strength: (g, root) => g.features.pennants[root],
  placement: { kinds: [CITY], check: (_g, _seat, root, occ) => followerCheck(occ, root) },
};

/** The wagon goes on anything but a field. */
const WAGON: FigureRule = {
  strength: () => 1,
  placement: {
    kinds: KIND_NAMES.map((_, kind) => kind).filter((kind) => kind !== FIELD),
    check: (_g, _seat, root, occ) => followerCheck(occ, root),
  },
};

export const abbeyMayorRules: Expansion = {
  id: ABBEY_MAYOR,
  vocabulary: {
    figures: ABBEY_MAYOR_FIGURES,
    ownMoveFigures: ABBEY_MAYOR_OWN_MOVE_FIGURES,
    errorCodes: ABBEY_MAYOR_ERROR_CODES,
    moves: abbeyMayorMoves,
    events: abbeyMayorEvents,
    playerView: ABBEY_MAYOR_PLAYER_VIEW,
  },
  slot: ABBEYS,
  supply: { mayor: 1, wagon: 1, barn: 1 },
  figures: { mayor: MAYOR, wagon: WAGON, barn: BARN },
  moves: { placeAbbey, placeBarn, moveWagon, returnWagon },
  figureStepMoves: barnMoves,
  scoreFields: barnFieldScoring,
  finalFieldScoring: barnFinalScoring,
  drawAlternatives: abbeyMoves,
  alternativesSkipped: abbeySkipped,
  finalRound,
  holdsOnReturn: (f) => f.kind === 'wagon',
  decisionMoves(g, held, out) {
    const targets = wagonTargets(g, held);
    if (targets.length > 0) out.push(...targets, { type: 'returnWagon' });
  },
  sentHomeUndecided: (g, held, events) => wagonReturned(g, held, 'no-target', events),
  viewPlayer: (g, seat) => ({ abbey: ABBEYS.of(g)[seat] === true }),
};
