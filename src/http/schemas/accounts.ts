/** The accounts' schemas (`docs/accounts.md`): creating one, its keys, its games. */
import { Type } from 'typebox';
import { ACCOUNT_KINDS } from '../../storage/accounts.js';
import { GAME_STATUSES } from '../../storage/game-store.js';
import { SeatViewSchema } from '../../game-log.js';
import { GameStatusSchema } from '../../service/state-schema.js';
import { Strict } from './common.js';
import { PlayerNameSchema } from './lifecycle.js';

const Kind = Type.Enum([...ACCOUNT_KINDS], {
  description: '`player` (a person) or `bot` (a program: its seats show a bot badge)',
});
const At = Type.String({ format: 'date-time' });
const Key = Type.String({
  description: 'The secret key (`cak_` and 43 characters): send it as `Authorization: Bearer <key>`. Shown only here',
});

export const CreateAccountBody = Strict({ name: PlayerNameSchema, kind: Kind }, { title: 'CreateAccount' });

export const AccountView = Type.Object({ name: Type.String(), kind: Kind, createdAt: At }, { title: 'Account' });

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
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'Games at most (default 50)' })),
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
  },
  { title: 'MyGames' },
);
