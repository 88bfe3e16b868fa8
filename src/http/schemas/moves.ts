import { Type } from 'typebox';
import { CORNERS, PLACEABLE_FIGURES } from '../../engine/index.js';
import { Coordinate, Seat, Strict } from './common.js';
import { ActSchema } from './lifecycle.js';

const Feature = Type.Integer({ minimum: 0, maximum: 63, description: "Index into the tile's catalog `features`" });
export const Rotation = Type.Enum([0, 90, 180, 270], { description: 'Degrees clockwise' });

export const DrawMove = Strict({ type: Type.Literal('draw') }, { title: 'DrawMove' });
export const PlaceTileMove = Strict(
  { type: Type.Literal('placeTile'), x: Coordinate, y: Coordinate, rotation: Rotation },
  { title: 'PlaceTileMove' },
);
export const PlaceAbbeyMove = Strict({ type: Type.Literal('placeAbbey'), x: Coordinate, y: Coordinate }, { title: 'PlaceAbbeyMove' });
export const PlaceFigureMove = Strict(
  {
    type: Type.Literal('placeFigure'),
    figure: Type.Enum([...PLACEABLE_FIGURES]),
    x: Coordinate,
    y: Coordinate,
    feature: Feature,
  },
  { title: 'PlaceFigureMove' },
);
export const PlaceBarnMove = Strict(
  { type: Type.Literal('placeBarn'), x: Coordinate, y: Coordinate, corner: Type.Enum([...CORNERS]) },
  { title: 'PlaceBarnMove' },
);
export const PassMove = Strict({ type: Type.Literal('pass') }, { title: 'PassMove' });
export const MoveWagonMove = Strict(
  { type: Type.Literal('moveWagon'), x: Coordinate, y: Coordinate, feature: Feature },
  { title: 'MoveWagonMove' },
);
export const ReturnWagonMove = Strict({ type: Type.Literal('returnWagon') }, { title: 'ReturnWagonMove' });

/** A plain anyOf on the literal `type`: Fastify's strict Ajv refuses `discriminator`. */
export const MoveSchema = Type.Union(
  [DrawMove, PlaceTileMove, PlaceAbbeyMove, PlaceFigureMove, PlaceBarnMove, PassMove, MoveWagonMove, ReturnWagonMove],
  { title: 'Move' },
);

export const MoveSubmissionBody = Strict(
  {
    expectedVersion: Type.Integer({ minimum: 0, description: 'The version the client saw; a different current version answers 409' }),
    move: MoveSchema,
  },
  { title: 'MoveSubmission' },
);

export const IdempotencyHeaders = Type.Object({
  authorization: Type.Optional(Type.String({ description: 'Bearer <seat token>' })),
  'idempotency-key': Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 128,
      pattern: '^[\\x21-\\x7e]+$',
      description: 'Makes a retried submission answer the original response',
    }),
  ),
  prefer: Type.Optional(
    Type.String({ description: '`return=minimal` (RFC 7240) leaves `state` out of the answer: `{ version, events }`' }),
  ),
});

export const MoveLogEntry = Type.Object(
  {
    seq: Type.Integer({ minimum: 1 }),
    seat: Seat,
    move: Type.Union([MoveSchema, ActSchema], { description: 'A move, or a lifecycle act' }),
    at: Type.String({ format: 'date-time' }),
  },
  { title: 'MoveLogEntry' },
);

export const MoveLog = Type.Object(
  {
    moves: Type.Array(MoveLogEntry),
    next: Type.Optional(Type.String({ description: 'The next page (also in the `Link` header), when this one is full' })),
  },
  { title: 'MoveLog' },
);

export const DEFAULT_LOG_PAGE = 500;
const MAX_LOG_PAGE = 1000;

export const MoveLogQuery = Type.Object(
  {
    after: Type.Optional(Type.Integer({ minimum: 0, description: 'Answer the moves after this sequence number (default 0)' })),
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: MAX_LOG_PAGE, description: `Moves per page (default ${DEFAULT_LOG_PAGE})` }),
    ),
  },
  { additionalProperties: false },
);
