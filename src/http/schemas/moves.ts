import { Type } from 'typebox';
import { Seat, Strict } from './common.js';
import { ActSchema } from './lifecycle.js';
import type { Vocabulary } from './vocabulary.js';

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
  // Any preferences (RFC 7240): only `return=minimal` is acted on.
  prefer: Type.Optional(
    Type.String({
      description: '`return=minimal` (RFC 7240) leaves `state` out of the answer: `{ version, events }`',
      examples: ['return=minimal', 'return=representation'],
    }),
  ),
});

export const DEFAULT_LOG_PAGE = 500;
const MAX_LOG_PAGE = 1000;

export const MoveLogQuery = Type.Object(
  {
    after: Type.Optional(
      Type.Integer({ minimum: 0, description: 'Answer the moves after this sequence number (default 0)' }),
    ),
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: MAX_LOG_PAGE, description: `Moves per page (default ${DEFAULT_LOG_PAGE})` }),
    ),
  },
  { additionalProperties: false },
);

/** The moves of the app's registry: each move type's schema is its expansion's. */
export function moveSchemas(v: Vocabulary) {
  const MoveLogEntry = Type.Object(
    {
      seq: Type.Integer({ minimum: 1 }),
      seat: Seat,
      move: Type.Union([v.Move, ActSchema], { description: 'A move, or a lifecycle act' }),
      at: Type.String({ format: 'date-time' }),
    },
    { title: 'MoveLogEntry' },
  );
  return {
    MoveSchema: v.Move,
    MoveSubmissionBody: Strict(
      {
        expectedVersion: Type.Integer({
          minimum: 0,
          description: 'The version the client saw; a different current version answers 409',
        }),
        move: v.Move,
      },
      { title: 'MoveSubmission' },
    ),
    MoveLogEntry,
    MoveLog: Type.Object(
      {
        moves: Type.Array(MoveLogEntry),
        next: Type.Optional(
          Type.String({ description: 'The next page (also in the `Link` header), when this one is full' }),
        ),
      },
      { title: 'MoveLog' },
    ),
  };
}
