import { Type } from 'typebox';
import { ActSchema } from './lifecycle.js';
import type { Vocabulary } from './vocabulary.js';

const Int = Type.Integer();

/** The longest a long-poll waits for the next move, in seconds. */
export const MAX_WAIT_SECONDS = 30;

export const EventsQuery = Type.Object(
  {
    after: Type.Optional(
      Type.Integer({
        minimum: 0,
        description:
          'Answer the events of the moves after this version; without it, the whole history, creation included',
      }),
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

export const LegalMovesQuery = Type.Object(
  {
    after: Type.Optional(Type.Integer({ minimum: 0, description: 'With `wait`: the version the client has seen' })),
    wait: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: MAX_WAIT_SECONDS,
        description:
          'Seconds to wait for the version to pass `after` before answering the current legal moves (default 0)',
      }),
    ),
  },
  { additionalProperties: false },
);

/** The events of the app's registry: each event type's schema is its expansion's. */
export function eventSchemas(v: Vocabulary) {
  /** What an entry of the log produced: a move's events, or an act (which is its own one event). */
  const LogEventSchema = Type.Union([v.GameEvent, ActSchema], { title: 'LogEvent' });
  const EventBatch = Type.Object(
    {
      seq: Type.Integer({ minimum: 1, description: 'The log entry (a move or an act) that produced these events' }),
      seat: Int,
      events: Type.Array(LogEventSchema),
    },
    { title: 'EventBatch' },
  );
  return {
    GameEventSchema: v.GameEvent,
    LogEventSchema,
    EventBatch,
    EventsResponse: Type.Object(
      {
        version: Int,
        created: Type.Optional(
          Type.Array(v.GameEvent, {
            description: "The events of the game's creation (its first draw): only when `after` is not given",
          }),
        ),
        events: Type.Array(EventBatch),
      },
      { title: 'Events' },
    ),
  };
}

export type EventSchemas = ReturnType<typeof eventSchemas>;
