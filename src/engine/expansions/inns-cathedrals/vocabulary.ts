/** Inns & Cathedrals' vocabulary: the large meeple, and the inns and cathedrals its tiles show (values only, no words). */
import { Type } from 'typebox';

export const INNS_CATHEDRALS = 'inns-cathedrals';
export const INNS_CATHEDRALS_FIGURES = ['largeMeeple'] as const;

/** Its words in the engine's types (types.ts), and the marks its tiles' segments may carry. */
declare module '../../types.js' {
  interface ExpansionFigures {
    'inns-cathedrals': { figures: typeof INNS_CATHEDRALS_FIGURES };
  }
  interface ExpansionTileSets {
    'inns-cathedrals': true;
  }
  interface ExpansionVocabularies {
    'inns-cathedrals': Record<never, never>;
  }
}
declare module '../../catalog-types.js' {
  interface CityFlags {
    cathedral?: true;
  }
  interface RoadFlags {
    inn?: true;
  }
}

/** The schemas of those tile flags (GET /tiles). */
export const INNS_CATHEDRALS_TILE_FLAGS = {
  city: { cathedral: Type.Optional(Type.Literal(true)) },
  road: { inn: Type.Optional(Type.Literal(true)) },
};
