/** Abbey & Mayor's vocabulary: the mayor, the wagon and the barn, their moves and events, each seat's abbey in the view. */
import { Type } from 'typebox';
import {
  Coordinate,
  CornerSchema,
  eventSchema,
  Feature,
  Int,
  moveSchema,
  PosSchema,
  type FigureSchemas,
} from '../../schema-parts.js';

export const ABBEY_MAYOR = 'abbey-mayor';
export const ABBEY_MAYOR_FIGURES = ['mayor', 'wagon', 'barn'] as const;
/** The barn has its own move (placeBarn), not placeFigure. */
export const ABBEY_MAYOR_OWN_MOVE_FIGURES = ['barn'] as const;
export const ABBEY_MAYOR_ERROR_CODES = [
  'NOT_A_HOLE',
  'NO_ABBEY_LEFT',
  'FIELD_HAS_BARN',
  'BARN_CORNER_INVALID',
  'WAGON_TARGET_INVALID',
] as const;

export const abbeyMayorMoves = (_f: FigureSchemas) =>
  [
    moveSchema('placeAbbey', { x: Coordinate, y: Coordinate }),
    moveSchema('placeBarn', { x: Coordinate, y: Coordinate, corner: CornerSchema }),
    moveSchema('moveWagon', { x: Coordinate, y: Coordinate, feature: Feature }),
    moveSchema('returnWagon', {}),
  ] as const;

export const abbeyMayorEvents = (f: FigureSchemas) =>
  [
    eventSchema('abbeyPlaced', { seat: Int, x: Int, y: Int }),
    eventSchema('wagonMoved', { seat: Int, from: PosSchema, to: f.BoardFigureSchema }),
    eventSchema('wagonReturned', { seat: Int, from: PosSchema, reason: Type.Enum(['chosen', 'no-target']) }),
    eventSchema('abbeySkipped', { seat: Int, reason: Type.Enum(['passed', 'cannot-place']) }),
  ] as const;

export const ABBEY_MAYOR_PLAYER_VIEW = {
  abbey: Type.Optional(Type.Boolean({ description: 'Whether the seat still has its abbey' })),
};

/** Its words in the engine's types (types.ts). */
declare module '../../types.js' {
  interface ExpansionFigures {
    'abbey-mayor': { figures: typeof ABBEY_MAYOR_FIGURES; ownMoveFigures: typeof ABBEY_MAYOR_OWN_MOVE_FIGURES };
  }
  interface ExpansionTileSets {
    'abbey-mayor': true;
  }
  interface ExpansionVocabularies {
    'abbey-mayor': {
      errorCodes: typeof ABBEY_MAYOR_ERROR_CODES;
      moves: ReturnType<typeof abbeyMayorMoves>;
      events: ReturnType<typeof abbeyMayorEvents>;
      playerView: typeof ABBEY_MAYOR_PLAYER_VIEW;
    };
  }
}
