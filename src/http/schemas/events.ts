import { Type } from 'typebox';
import { CORNERS, FIGURE_KINDS, GOODS } from '../../engine/index.js';
import { ActSchema } from './lifecycle.js';
import { Rotation } from './moves.js';

const Int = Type.Integer();
const Pos = Type.Object({ x: Int, y: Int });

export const GoodsCount = Type.Object({ wine: Int, wheat: Int, cloth: Int }, { title: 'GoodsCount' });

export const BoardFigure = Type.Object(
  {
    owner: Int,
    kind: Type.Enum([...FIGURE_KINDS]),
    x: Int,
    y: Int,
    feature: Type.Optional(Int),
    corner: Type.Optional(Type.Enum([...CORNERS])),
  },
  { title: 'BoardFigure' },
);

const SeatPoints = Type.Object({ seat: Int, points: Int });

/** Each event named after its type (`TileDrawnEvent`): generated clients get one type per event. */
const event = <P extends Parameters<typeof Type.Object>[0] & { type: { const: string } }>(properties: P) =>
  Type.Object(properties, { title: `${properties.type.const[0]!.toUpperCase()}${properties.type.const.slice(1)}Event` });

export const GameEventSchema = Type.Union(
  [
    event({ type: Type.Literal('turnStarted'), seat: Int }),
    event({ type: Type.Literal('tileDrawn'), seat: Int, tile: Type.String() }),
    event({ type: Type.Literal('tileDiscarded'), seat: Int, tile: Type.String(), reason: Type.Literal('unplaceable') }),
    event({ type: Type.Literal('tilePlaced'), seat: Int, tile: Type.String(), x: Int, y: Int, rotation: Rotation }),
    event({ type: Type.Literal('abbeyPlaced'), seat: Int, x: Int, y: Int }),
    event({ type: Type.Literal('figurePlaced'), seat: Int, figure: BoardFigure }),
    event({ type: Type.Literal('figureSkipped'), seat: Int, reason: Type.Enum(['passed', 'no-legal-placement']) }),
    event({
      type: Type.Literal('featureScored'),
      kind: Type.Enum(['road', 'city', 'field', 'monastery', 'abbey']),
      tiles: Type.Array(Pos),
      reason: Type.Enum(['road', 'city', 'monastery', 'abbey', 'field', 'barn', 'barn-join', 'goods']),
      points: Type.Array(SeatPoints),
      returned: Type.Array(BoardFigure),
      final: Type.Boolean(),
    }),
    event({ type: Type.Literal('goodsAwarded'), seat: Int, goods: GoodsCount }),
    event({ type: Type.Literal('goodsScored'), good: Type.Enum([...GOODS]), points: Type.Array(SeatPoints) }),
    event({ type: Type.Literal('bonusPartStarted'), seat: Int }),
    event({ type: Type.Literal('wagonMoved'), seat: Int, from: Pos, to: BoardFigure }),
    event({ type: Type.Literal('wagonReturned'), seat: Int, from: Pos, reason: Type.Enum(['chosen', 'no-target']) }),
    event({ type: Type.Literal('abbeySkipped'), seat: Int, reason: Type.Enum(['passed', 'cannot-place']) }),
    event({ type: Type.Literal('finalScoringStarted') }),
    event({ type: Type.Literal('gameEnded'), scores: Type.Array(Int) }),
  ],
  { title: 'GameEvent' },
);

/** What an entry of the log produced: a move's events, or an act (which is its own one event). */
export const LogEventSchema = Type.Union([GameEventSchema, ActSchema], { title: 'LogEvent' });

export const EventBatch = Type.Object(
  { seq: Type.Integer({ minimum: 1, description: 'The log entry (a move or an act) that produced these events' }), seat: Int, events: Type.Array(LogEventSchema) },
  { title: 'EventBatch' },
);

/** The longest a long-poll waits for the next move, in seconds. */
export const MAX_WAIT_SECONDS = 30;

export const EventsQuery = Type.Object(
  {
    after: Type.Optional(
      Type.Integer({ minimum: 0, description: 'Answer the events of the moves after this version; without it, the whole history, creation included' }),
    ),
    wait: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: MAX_WAIT_SECONDS,
        description: 'Seconds to wait for a move after `after` before answering with no events (default 0)',
      }),
    ),
  },
  { additionalProperties: false },
);

export const EventsResponse = Type.Object(
  {
    version: Int,
    created: Type.Optional(
      Type.Array(GameEventSchema, { description: "The events of the game's creation (its first draw): only when `after` is not given" }),
    ),
    events: Type.Array(EventBatch),
  },
  { title: 'Events' },
);

export const LegalMovesQuery = Type.Object(
  {
    after: Type.Optional(Type.Integer({ minimum: 0, description: 'With `wait`: the version the client has seen' })),
    wait: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: MAX_WAIT_SECONDS,
        description: 'Seconds to wait for the version to pass `after` before answering the current legal moves (default 0)',
      }),
    ),
  },
  { additionalProperties: false },
);
