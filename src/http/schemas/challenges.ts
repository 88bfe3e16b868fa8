/** Challenges and accept policies (`docs/accounts.md`); a challenge's options are the creation's own members. */
import { Type } from 'typebox';
import { ACCOUNT_KINDS, CHALLENGE_STATUSES } from '../../storage/accounts.js';
import { MAX_PLAYERS } from '../../engine/index.js';
import { Strict } from './common.js';
import type { gameSchemas } from './games.js';
import type { Vocabulary } from './vocabulary.js';

export const ChallengeParams = Strict({ id: Type.String({ minLength: 1, maxLength: 64 }) });

export const DeclineBody = Strict(
  { reason: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })) },
  { title: 'DeclineChallenge' },
);

/**
 * The challenges' and accept policies' schemas, with the app registry's expansions; a challenge's
 * options are the members of `games`' creation body.
 */
export function challengeSchemas(v: Vocabulary, games: ReturnType<typeof gameSchemas>) {
  const { expansions, rules, clock, rated } = games.CreateGameBody.properties;

  const Options = { expansions, rules, clock, rated };

  const CreateChallengeBody = Strict(
    {
      accounts: Type.Array(Type.String({ minLength: 1, maxLength: 200 }), {
        minItems: 1,
        maxItems: MAX_PLAYERS - 1,
        description:
          'The accounts challenged, by name; the challenger takes the first seat, they the next ones in this order',
      }),
      ...Options,
    },
    { title: 'CreateChallenge' },
  );

  const ChallengeResponse = Type.Object(
    {
      id: Type.String(),
      status: Type.Enum([...CHALLENGE_STATUSES], {
        description:
          '`open` while answers are awaited; `started` once every seat accepted (see `gameId`); `declined`; `canceled`',
      }),
      challenger: Type.String(),
      seats: Type.Array(
        Type.Object({
          name: Type.String(),
          kind: Type.Enum([...ACCOUNT_KINDS]),
          answer: Type.Enum(['pending', 'accepted', 'declined']),
        }),
      ),
      options: Type.Object(Options),
      gameId: Type.Optional(Type.String({ description: 'The game, once every seat accepted' })),
      reason: Type.Optional(Type.String({ description: 'Why it was declined or canceled' })),
      createdAt: Type.String({ format: 'date-time' }),
    },
    { title: 'Challenge' },
  );

  const AcceptPolicySchema = Strict(
    {
      expansions: Type.Optional(
        Type.Array(v.ExpansionId, {
          uniqueItems: true,
          description: 'The expansions it plays (none: the base game only)',
        }),
      ),
      minPlayers: Type.Optional(Type.Integer({ minimum: 2, maximum: MAX_PLAYERS })),
      maxPlayers: Type.Optional(Type.Integer({ minimum: 2, maximum: MAX_PLAYERS })),
      clock: Type.Optional(Type.Enum(['any', 'untimed', 'timed'])),
      minTurnSeconds: Type.Optional(
        Type.Integer({
          minimum: 1,
          maximum: 7 * 24 * 3600,
          description:
            'The least time it must be sure of for any turn: the turn limit, and with a time bank the increment, whichever is less',
        }),
      ),
      rated: Type.Optional(Type.Enum(['any', 'rated', 'casual'])),
      maxGames: Type.Optional(
        Type.Integer({ minimum: 1, maximum: 1000, description: 'Games at once: beyond, it declines (`busy`)' }),
      ),
    },
    {
      title: 'AcceptPolicy',
      description: 'Which challenges a bot account accepts by itself; others are declined with the reason',
    },
  );

  return {
    CreateChallengeBody,
    ChallengeResponse,
    ChallengesResponse: Type.Object({ challenges: Type.Array(ChallengeResponse) }, { title: 'Challenges' }),
    AcceptPolicySchema,
    PolicyResponse: Type.Object(
      { policy: Type.Union([AcceptPolicySchema, Type.Null()]) },
      { title: 'AcceptPolicyAnswer' },
    ),
  };
}
