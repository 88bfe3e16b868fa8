import { Type } from 'typebox';
import { PHASES } from '../../engine/index.js';
import { ActSchema } from './lifecycle.js';
import type { EventSchemas } from './events.js';
import type { Vocabulary } from './vocabulary.js';

const Int = Type.Integer();
const Actor = Type.Union([Int, Type.Null()], {
  description: 'The seat that must act next (null once the game is over)',
});
const Phase = Type.Enum([...PHASES]);

export const StreamQuery = Type.Object(
  {
    after: Type.Optional(
      Type.Integer({ minimum: 0, description: 'Resume after this version (as `Last-Event-ID` does)' }),
    ),
  },
  { additionalProperties: false },
);

export const StreamHeaders = Type.Object({
  'last-event-id': Type.Optional(
    Type.String({ maxLength: 16, description: 'The `id` of the last event received: resume after that version' }),
  ),
});

/** The data of the `analysis` event: the finished game's post-game analysis is stored (`docs/analysis.md`). */
export const StreamAnalysisMessage = Type.Object(
  {
    gameId: Type.String(),
    version: Type.Integer({
      minimum: 0,
      description: "The game's final version: the analysis covers the game up to it",
    }),
    url: Type.String({ description: 'Where to read the analysis (`GET /games/{id}/analysis`, now answering 200)' }),
  },
  { title: 'StreamAnalysisMessage' },
);

/** The stream's messages, of the app's registry. */
export function streamSchemas(v: Vocabulary, { LogEventSchema }: EventSchemas) {
  /** The data of the `state` event, sent once on connect. */
  const StreamStateMessage = Type.Object(
    {
      version: Int,
      actor: Actor,
      phase: Phase,
      state: v.GameState,
      created: Type.Array(v.GameEvent, {
        description:
          "The events of the game's creation (its first draw), as `GET /games/{id}/events` answers them without `after`",
      }),
    },
    { title: 'StreamStateMessage' },
  );

  /** The data of a `move` event: one entry of the log (a move or a lifecycle act), its events and the turn it leads to. */
  const StreamMoveMessage = Type.Object(
    {
      version: Type.Integer({ minimum: 1, description: 'The version this entry reached (also the event id)' }),
      seat: Int,
      move: Type.Union([v.Move, ActSchema]),
      at: Type.String({ format: 'date-time' }),
      events: Type.Array(LogEventSchema),
      actor: Actor,
      phase: Phase,
    },
    { title: 'StreamMoveMessage' },
  );

  const StreamResponse = {
    description:
      'An event stream (`event: state`, then `event: move` with `id:` = version; of a finished game, `event: analysis` without an `id:` once its analysis is stored; comment lines keep it alive)',
    content: {
      'text/event-stream': {
        schema: Type.Union([StreamStateMessage, StreamMoveMessage, StreamAnalysisMessage], {
          description: 'The JSON `data` of each event (`state`, then `move`; `analysis` last)',
        }),
      },
    },
  };
  return { StreamStateMessage, StreamMoveMessage, StreamResponse };
}
