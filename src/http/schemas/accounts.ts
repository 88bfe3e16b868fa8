/** The accounts' schemas (`docs/accounts.md`): creating one, its keys, its games. */
import { Type } from 'typebox';
import { ACCOUNT_EVENT_TYPES, ACCOUNT_KINDS, MAX_CURSOR_LENGTH } from '../../storage/accounts.js';
import { PHASES } from '../../engine/index.js';
import { GAME_STATUSES } from '../../storage/game-store.js';
import { SeatViewSchema } from '../../game-log.js';
import { GameStatusSchema, RatedFlag } from '../../service/state-schema.js';
import { Strict } from './common.js';
import { PlayerNameSchema } from './lifecycle.js';
import { RatingView } from './ratings.js';
import type { Vocabulary } from './vocabulary.js';

const Kind = Type.Enum([...ACCOUNT_KINDS], {
  description: '`player` (a person) or `bot` (a program: its seats show a bot badge)',
});
const At = Type.String({ format: 'date-time' });
const Key = Type.String({
  description: 'The secret key (`cak_` and 43 characters): send it as `Authorization: Bearer <key>`. Shown only here',
});

export const CreateAccountBody = Strict({ name: PlayerNameSchema, kind: Kind }, { title: 'CreateAccount' });

export const AccountView = Type.Object(
  { name: Type.String(), kind: Kind, createdAt: At, rating: RatingView },
  { title: 'Account' },
);

export const AccountCreatedResponse = Type.Object(
  { name: Type.String(), kind: Kind, createdAt: At, key: Key, keyId: Type.String() },
  { title: 'AccountCreated' },
);

export const AccountKeyCreatedResponse = Type.Object(
  { id: Type.String({ description: "The key's public id, to revoke it by" }), key: Key, createdAt: At },
  { title: 'AccountKeyCreated' },
);

export const AccountKeysResponse = Type.Object(
  {
    keys: Type.Array(Type.Object({ id: Type.String(), createdAt: At, revokedAt: Type.Union([At, Type.Null()]) }), {
      description: 'Every key the account was given, revoked ones too (never the keys themselves)',
    }),
  },
  { title: 'AccountKeys' },
);

export const KeyParams = Strict({ keyId: Type.String({ minLength: 1, maxLength: 32 }) });
export const AccountNameParams = Strict({ name: Type.String({ minLength: 1, maxLength: 200 }) });

export const MyGamesQuery = Type.Object(
  {
    status: Type.Optional(Type.Enum([...GAME_STATUSES])),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'Games a page (default 50)' })),
    after: Type.Optional(
      Type.String({ minLength: 1, maxLength: 200, description: 'The cursor of the next page (from `next`)' }),
    ),
  },
  { additionalProperties: false },
);

export const MyGamesResponse = Type.Object(
  {
    games: Type.Array(
      Type.Object({
        id: Type.String(),
        seat: Type.Integer({ description: "The account's seat" }),
        status: GameStatusSchema,
        yourTurn: Type.Boolean({ description: "The account's seat must act now: these games come first" }),
        version: Type.Optional(Type.Integer({ description: "The game's version now (games not over)" })),
        createdAt: At,
        players: Type.Array(SeatViewSchema),
      }),
    ),
    next: Type.Optional(
      Type.String({ description: 'The next page (also in `Link`), when this one is full: older games' }),
    ),
  },
  { title: 'MyGames' },
);

export const AccountStreamQuery = Type.Object(
  {
    after: Type.Optional(
      Type.String({ minLength: 1, maxLength: MAX_CURSOR_LENGTH, description: 'Resume after this event id' }),
    ),
    moves: Type.Optional(Type.Boolean({ description: 'Add the legal moves to `yourTurn` events' })),
  },
  { additionalProperties: false },
);

export const AccountStreamHeaders = Type.Object({
  'last-event-id': Type.Optional(
    Type.String({ maxLength: MAX_CURSOR_LENGTH, description: 'The `id` of the last event received: resume after it' }),
  ),
});

export const AccountEventsQuery = Type.Object(
  {
    after: Type.Optional(
      Type.String({ minLength: 1, maxLength: MAX_CURSOR_LENGTH, description: 'The `cursor` of the last answer' }),
    ),
    wait: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 30, description: 'Seconds to wait for an event after `after`' }),
    ),
    moves: Type.Optional(Type.Boolean({ description: 'Add the legal moves to `yourTurn` events' })),
  },
  { additionalProperties: false },
);

/** The account stream's schemas, whose `yourTurn` events carry the app registry's moves. */
export function accountStreamSchemas(v: Vocabulary) {
  /** One event of an account's stream (`docs/accounts.md`): its members beside `type` depend on the type. */
  const AccountEventSchema = Type.Object(
    {
      id: Type.Optional(
        Type.String({
          description:
            'Its place in the stream: resume after it (`Last-Event-ID`, `after`). None on the `yourTurn` events that describe the games as they are when a stream starts fresh',
        }),
      ),
      type: Type.Enum([...ACCOUNT_EVENT_TYPES]),
      at: At,
      gameId: Type.Optional(Type.String()),
      seat: Type.Optional(Type.Integer({ description: "The account's seat in the game" })),
      version: Type.Optional(Type.Integer({ description: "The game's version the event is about" })),
      phase: Type.Optional(Type.Enum([...PHASES], { description: '`yourTurn`: the phase the seat must act in' })),
      moves: Type.Optional(
        Type.Array(v.Move, {
          description: '`yourTurn` with `moves=true`, while the game is still at `version`: the legal moves',
        }),
      ),
      rated: Type.Optional(RatedFlag('; sent with `gameStarted`')),
      status: Type.Optional(GameStatusSchema),
      scores: Type.Optional(
        Type.Array(Type.Integer(), { description: '`gameFinished`: the final score of each seat' }),
      ),
    },
    { title: 'AccountEvent', additionalProperties: true },
  );
  return {
    AccountEventSchema,
    AccountEventsResponse: Type.Object(
      {
        events: Type.Array(AccountEventSchema),
        cursor: Type.String({
          description: 'Ask again with `after` = this: the next answer starts after these events',
        }),
      },
      { title: 'AccountEvents' },
    ),
    AccountStreamResponse: {
      description:
        'An event stream: one `event:` per account event (its `type`), `id:` its place in the stream, `data:` the event as JSON; comment lines keep it alive',
      content: { 'text/event-stream': { schema: AccountEventSchema } },
    },
  };
}
