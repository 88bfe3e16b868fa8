/** Traders & Builders' vocabulary: the builder and the pig, the goods events, each seat's goods in the view. */
import { Type } from 'typebox';
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
