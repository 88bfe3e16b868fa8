/**
 * The core's own vocabulary: its figure, its move and event types (as schemas; the types are
 * Static<> of them, types.ts) and its error codes. Each expansion declares its own beside it
 * (expansions/<id>/vocabulary.ts); the registry puts them together (registry.ts).
 */
import { Type } from 'typebox';
import {
  Coordinate,
  eventSchema,
  Feature,
  Int,
  moveSchema,
  PosSchema,
  RotationSchema,
  SeatPointsSchema,
  type FigureSchemas,
} from './schema-parts.js';

export const CORE_FIGURES = ['meeple'] as const;

export const CORE_ERROR_CODES = [
  'INVALID_SETUP',
  'GAME_FINISHED',
  'MOVE_NOT_ALLOWED_NOW',
  'EXPANSION_NOT_ENABLED',
  'POSITION_OCCUPIED',
  'NOT_ADJACENT',
  'EDGES_DO_NOT_MATCH',
  'NO_FIGURE_IN_SUPPLY',
  'NOT_ON_NEW_TILE',
  'NO_SUCH_FEATURE',
  'WRONG_FEATURE_KIND',
  'FEATURE_OCCUPIED',
  'CANNOT_PASS',
  'ILLEGAL_MOVE',
] as const;

export const coreMoves = (f: FigureSchemas) =>
  [
    moveSchema('draw', {}),
    moveSchema('placeTile', { x: Coordinate, y: Coordinate, rotation: RotationSchema }),
    moveSchema('placeFigure', { figure: f.PlaceableFigureSchema, x: Coordinate, y: Coordinate, feature: Feature }),
    moveSchema('pass', {}),
    moveSchema('undo', {}),
  ] as const;

export const coreEvents = (f: FigureSchemas) =>
  [
    eventSchema('turnStarted', { seat: Int }),
    eventSchema('tileDrawn', { seat: Int, tile: Type.String() }),
    eventSchema('tileDiscarded', { seat: Int, tile: Type.String(), reason: Type.Literal('unplaceable') }),
    eventSchema('tilePlaced', { seat: Int, tile: Type.String(), x: Int, y: Int, rotation: RotationSchema }),
    eventSchema('figurePlaced', { seat: Int, figure: f.BoardFigureSchema }),
    /** The tile (or abbey) placed in this part went back to the seat's hand (docs/rules.md §2.2). */
    eventSchema('placementUndone', { seat: Int, tile: Type.String(), x: Int, y: Int }),
    eventSchema('figureSkipped', { seat: Int, reason: Type.Enum(['passed', 'no-legal-placement']) }),
    eventSchema('featureScored', {
      /** The feature: its kind and every tile it covers (for fields and barns: the field). */
      kind: Type.Enum(['road', 'city', 'field', 'monastery', 'abbey']),
      tiles: Type.Array(PosSchema),
      reason: Type.Enum(['road', 'city', 'monastery', 'abbey', 'field', 'barn', 'barn-join', 'goods']),
      /** Points per seat that scored (only seats with points > 0). */
      points: Type.Array(SeatPointsSchema),
      /** Figures that went back to their owners' supply because of this scoring. */
      returned: Type.Array(f.BoardFigureSchema),
      final: Type.Boolean(),
    }),
    eventSchema('bonusPartStarted', { seat: Int }),
    eventSchema('finalScoringStarted', {}),
    eventSchema('gameEnded', { scores: Type.Array(Int) }),
  ] as const;
