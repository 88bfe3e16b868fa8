/**
 * Inns & Cathedrals (docs/rules.md §9): the large meeple, a follower of strength 2 placed
 * under the meeple's rules, and the values of roads with an inn and cities with a cathedral
 * (value.ts). It has no state of its own.
 */
import type { Expansion, FigureRule } from '../../expansion.js';
import { MEEPLE_RULE } from '../../figure-step.js';
import { innCathedralValue } from './value.js';
import { INNS_CATHEDRALS, INNS_CATHEDRALS_FIGURES } from './vocabulary.js';

/** Placed exactly like a meeple (also onto fields, abbeys and features the tile completes); counts twice. */
const LARGE_MEEPLE: FigureRule = { ...MEEPLE_RULE, strength: () => 2 };

export const innsCathedralsRules: Expansion = {
  id: INNS_CATHEDRALS,
  vocabulary: { figures: INNS_CATHEDRALS_FIGURES },
  supply: { largeMeeple: 1 },
  figures: { largeMeeple: LARGE_MEEPLE },
  featureValue: innCathedralValue,
};
