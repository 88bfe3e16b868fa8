/** Inns & Cathedrals in a player's words (the web client's lobby, tiles, figures and supply; the API documents). */
import type { FeatureDef } from '../../catalog-types.js';
import type { ExpansionWords } from '../../contribution.js';

/** What a tile shows besides its cities and roads: "straight road with inn", "whole city with cathedral". */
function innCathedralExtras(features: readonly FeatureDef[]): string[] {
  const out: string[] = [];
  if (features.some((f) => f.kind === 'road' && f.inn === true)) out.push('inn');
  if (features.some((f) => f.kind === 'city' && f.cathedral === true)) out.push('cathedral');
  return out;
}

export const INNS_CATHEDRALS_WORDS: ExpansionWords = {
  name: 'Inns & Cathedrals',
  // A large meeple takes a meeple's role on its feature, said larger: "large knight", "large farmer".
  figures: { largeMeeple: { supply: 'large meeple', role: (meepleRole) => `large ${meepleRole}` } },
  tileExtras: innCathedralExtras,
};
