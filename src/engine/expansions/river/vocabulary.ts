/**
 * The River's vocabulary: no figure, move or event of its own; its rule options (the turn rule
 * and what becomes of the base start tile), the refusals of a river tile placed off its course,
 * and the river, a feature kind of its own, in the tile catalog.
 */
import { Type } from 'typebox';
import { DIRECTIONS } from '../../types.js';

export const RIVER = 'river';
export const RIVER_FIGURES = [] as const;
export const RIVER_ERROR_CODES = ['RIVER_NOT_CONTINUED', 'RIVER_TURN_FORBIDDEN'] as const;
/** Each option's values, the default first (docs/rules.md §10.2, §10.4). */
export const RIVER_RULES = {
  riverTurns: ['c2', 'lookahead'],
  riverStartTile: ['remove', 'shuffle'],
} as const;

/** Its words in the engine's types (types.ts), and the river in the catalog's (catalog-types.ts). */
declare module '../../types.js' {
  interface ExpansionFigures {
    river: { figures: typeof RIVER_FIGURES };
  }
  interface ExpansionTileSets {
    river: true;
  }
  interface ExpansionVocabularies {
    river: { errorCodes: typeof RIVER_ERROR_CODES; rules: typeof RIVER_RULES };
  }
}
declare module '../../catalog-types.js' {
  interface ExpansionFeatures {
    /** Two edges: the river runs through; one: it starts (`spring`) or ends (`lake`) on the tile. */
    river: { kind: 'river'; edges: Edge[]; end?: 'spring' | 'lake' }; // Edge: catalog-types.ts' own
  }
}

/** The river's schema in GET /tiles. */
export const RIVER_TILE_FLAGS = {
  features: [
    Type.Object(
      {
        kind: Type.Literal('river'),
        edges: Type.Array(Type.Enum([...DIRECTIONS])),
        end: Type.Optional(Type.Enum(['spring', 'lake'])),
      },
      { description: 'A river (The River): no feature, never holds a figure, never scored' },
    ),
  ],
};
