/**
 * Abbey & Mayor: the mayor, the wagon, the barn and the abbey. Figures and barn scoring plug
 * in through the expansion hooks; the abbey choice, wagon decisions and the end-game abbey
 * round are turn phases that game.ts drives with the functions exported from ./index.ts.
 */
import { ABBEY, CITY, MONASTERY, ROAD } from '../../catalog.js';
import type { Expansion, FigureRule } from '../../expansion.js';
import { violation } from '../../violation.js';
import { barnFieldScoring, barnFinalScoring, barnMoves } from './barn.js';

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

export const abbeyMayor: Expansion = {
  id: 'abbey-mayor',
  supply: { mayor: 1, wagon: 1, barn: 1 },
  figures: { mayor: MAYOR, wagon: WAGON },
  figureStepMoves: barnMoves,
  scoreFields: barnFieldScoring,
  finalScoring: barnFinalScoring,
};
