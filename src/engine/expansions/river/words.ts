/** The River in a player's words (the web client's lobby and tiles; the API documents). */
import type { FeatureDef } from '../../catalog-types.js';
import type { ExpansionWords } from '../../contribution.js';

/** What a river tile shows besides its cities and roads: "river", "river spring", "river lake". */
function riverExtras(features: readonly FeatureDef[]): string[] {
  const river = features.find((f) => f.kind === 'river');
  if (river === undefined) return [];
  return [river.end === undefined ? 'river' : `river ${river.end}`];
}

export const RIVER_WORDS: ExpansionWords = {
  name: 'The River',
  tileExtras: riverExtras,
  rules: {
    riverTurns: {
      label: 'River turns',
      values: {
        c2: 'not the same way twice in a row (2nd edition)',
        lookahead: 'any way that leaves room ahead',
      },
    },
    riverStartTile: {
      label: 'Base start tile',
      values: { remove: 'back in the box (2nd edition)', shuffle: 'shuffled into the land tiles' },
    },
  },
};
