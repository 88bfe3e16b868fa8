/** Traders & Builders' vocabulary: the builder and the pig, the goods events, each seat's goods in the view. */
import { Type, type Static } from 'typebox';
import { eventSchema, Int, SeatPointsSchema, type FigureSchemas } from '../../schema-parts.js';

export const TRADERS_BUILDERS = 'traders-builders';
export const TRADERS_FIGURES = ['builder', 'pig'] as const;
export const TRADERS_ERROR_CODES = ['BUILDER_NEEDS_FOLLOWER', 'FEATURE_COMPLETE', 'PIG_NEEDS_FARMER'] as const;

export const GOODS = ['wine', 'wheat', 'cloth'] as const;
export const GoodsCountSchema = Type.Object({ wine: Int, wheat: Int, cloth: Int }, { title: 'GoodsCount' });

export const tradersEvents = (_f: FigureSchemas) =>
  [
    eventSchema('goodsAwarded', { seat: Int, goods: GoodsCountSchema }),
    eventSchema('goodsScored', { good: Type.Enum([...GOODS]), points: Type.Array(SeatPointsSchema) }),
  ] as const;

export const TRADERS_PLAYER_VIEW = { goods: Type.Optional(GoodsCountSchema) };
export const TRADERS_GAME_VIEW = {
  goods: Type.Optional(Type.Array(GoodsCountSchema, { description: 'Goods per seat (Traders & Builders)' })),
};

export type Good = (typeof GOODS)[number];
export type GoodsCount = Static<typeof GoodsCountSchema>;

/** Its words in the engine's types (types.ts), and the goods a city segment of its tiles may show. */
declare module '../../types.js' {
  interface ExpansionFigures {
    'traders-builders': { figures: typeof TRADERS_FIGURES };
  }
  interface ExpansionTileSets {
    'traders-builders': true;
  }
  interface ExpansionVocabularies {
    'traders-builders': {
      errorCodes: typeof TRADERS_ERROR_CODES;
      events: ReturnType<typeof tradersEvents>;
      playerView: typeof TRADERS_PLAYER_VIEW;
      gameView: typeof TRADERS_GAME_VIEW;
    };
  }
}
declare module '../../catalog-types.js' {
  interface CityFlags {
    goods?: Good;
  }
}

/** The schema of that tile flag (GET /tiles). */
export const TRADERS_TILE_FLAGS = { city: { goods: Type.Optional(Type.Enum([...GOODS])) } };
