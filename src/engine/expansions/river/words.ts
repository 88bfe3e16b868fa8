/** The River in a player's words (the web client's lobby and tiles; the API documents). */
import type { FeatureDef } from '../../catalog-types.js';
import type { ExpansionWords } from '../../contribution.js';

/** What a river tile shows besides its cities and roads: "river", or where it starts or ends. */
function riverExtras(features: readonly FeatureDef[]): string[] {
  const river = features.find((f) => f.kind === 'river');
  if (river === undefined) return [];
  return [river.end ?? 'river'];
}

export const RIVER_WORDS: ExpansionWords = {
  name: 'The River',
  tileExtras: riverExtras,
  rules: {
    riverTurns: {
      label: 'River turns',
      values: {
        c2: 'never the same way twice in a row, nor three times before the other way (2nd edition)',
        lookahead: 'wherever the river keeps room to flow on',
      },
    },
    riverStartTile: {
      label: 'Base start tile',
      values: { remove: 'back in the box (2nd edition)', shuffle: 'shuffled into the land tiles' },
    },
  },
};
