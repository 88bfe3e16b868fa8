/**
 * The lifecycle's schemas (`service/lifecycle/lifecycle.ts`): seats at creation, the acts as the log and
 * the events show them (never with a token's hash), the seats' view in the state, the lobby and
 * the act routes' bodies and answers.
 */
import { Type, type Static } from 'typebox';
import { playerName } from '../player-name.js';
import { HttpProblem } from '../problem.js';
import { MAX_NAME_LENGTH } from '../../engine/index.js';
import type { Vocabulary } from './vocabulary.js';
import {
  BOT_NAMES,
  LevelSchema,
  ON_TIMEOUT,
  type ClockSetup,
  PublicActSchema,
  SeatViewSchema,
  type BotName,
  type BotSpec,
  BOTS_WITH_LEVELS,
} from '../../game-log.js';
import { ClockView, GameStatusSchema, RatedFlag } from '../../service/state-schema.js';
import { Seat, Strict } from './common.js';
import type { SeatAsked } from '../../service/accounts/accounts.js';

const Int = Type.Integer();
export const PlayerNameSchema = Type.String({
  minLength: 1,
  maxLength: MAX_NAME_LENGTH,
  description:
    'Normalised to NFC and trimmed; refused (400) when empty after that, or holding a control, bidi, zero-width or other invisible formatting character, a blank filler (Hangul fillers, the blank Braille pattern), an invisible combining character, a variation selector that varies nothing, or a lone surrogate; or when it shows no letter, digit, symbol or punctuation',
});
const Name = PlayerNameSchema;
const Bot = Type.Enum([...BOT_NAMES]);
const Level = LevelSchema;

export { GameStatusSchema };

/**
 * One object with optional members rather than a union of three: a union explains a wrong
 * member once per branch, and the explanation of a refused body is capped (`validator.ts`).
 * Exactly one of `name`, `open`, `bot` is checked by `seatRequestOf`.
 */
export const SeatRequestSchema = Strict(
  {
    name: Type.Optional(Name),
    open: Type.Optional(Type.Literal(true)),
    bot: Type.Optional(Bot),
    level: Type.Optional(Level),
    account: Type.Optional(
      Type.String({ minLength: 1, maxLength: 200, description: "An account's name: the account holds the seat" }),
    ),
  },
  {
    title: 'SeatRequest',
    description:
      'Exactly one of: `name` (a player), `open: true` (an open seat, joined later), `bot` (with an optional `level`), `account` (your own account, by its name: needs its key)',
  },
);

/** A bot and its level, refused (400, at `path`) when the level is given to a bot that has none. */
export function botSpec(bot: BotName, level: number | undefined, path: string): BotSpec {
  if (level === undefined) return { bot };
  if (!BOTS_WITH_LEVELS.includes(bot))
    throw new HttpProblem(
      'BAD_REQUEST',
      `${path}/level: ${bot} has no levels; only ${BOTS_WITH_LEVELS.join(', ')} ${BOTS_WITH_LEVELS.length === 1 ? 'has' : 'have'} levels`,
    );
  return { bot, level };
}

/** The seat a creation request asks for (an account by its name, found by the service), or a refusal naming what is wrong. */
export function seatRequestOf(seat: Static<typeof SeatRequestSchema>, index: number): SeatAsked {
  const kinds = [seat.name, seat.open, seat.bot, seat.account].filter((v) => v !== undefined).length;
  if (kinds !== 1)
    throw new HttpProblem('BAD_REQUEST', `body/players/${index} must have exactly one of name, open, bot, account`);
  if (seat.account !== undefined) return { accountName: seat.account };
  if (seat.level !== undefined && seat.bot === undefined)
    throw new HttpProblem('BAD_REQUEST', `body/players/${index}/level is for a bot only`);
  if (seat.name !== undefined) return { name: playerName(seat.name, `body/players/${index}/name`) };
  if (seat.open !== undefined) return { open: true };
  return botSpec(seat.bot!, seat.level, `body/players/${index}`);
}

export const Visibility = Type.Enum(['public', 'private'], {
  description: '`public` games are listed by GET /games (default `private`)',
});
const WEEK = 7 * 24 * 3600;
export const ClockRequest = Strict(
  {
    turnSeconds: Type.Optional(
      Type.Integer({ minimum: 1, maximum: WEEK, description: 'Seconds a player has for one turn' }),
    ),
    bankSeconds: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 30 * 24 * 3600,
        description: "Each seat's time bank: seconds for all its turns together, used while its turns run",
      }),
    ),
    incrementSeconds: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: WEEK,
        description: "Added to a seat's bank after each of its turns (Fischer); with `bankSeconds` only",
      }),
    ),
    onTimeout: Type.Optional(
      Type.Enum([...ON_TIMEOUT], {
        description:
          'When a turn limit or a bank runs out: `autopilot` (default) plays the turn for the seat, `forfeit` resigns the seat',
      }),
    ),
  },
  {
    title: 'Clock',
    description:
      'A limit per turn (`turnSeconds`), a time bank per seat (`bankSeconds`, with `incrementSeconds`), or both: whichever runs out first ends the turn',
  },
);

/** The clock a creation request asks for, or a refusal (400) naming what is missing. */
export function clockOf(clock: Static<typeof ClockRequest>): ClockSetup {
  if (clock.turnSeconds === undefined && clock.bankSeconds === undefined)
    throw new HttpProblem('BAD_REQUEST', 'body/clock needs turnSeconds, bankSeconds or both');
  if (clock.incrementSeconds !== undefined && clock.bankSeconds === undefined)
    throw new HttpProblem('BAD_REQUEST', 'body/clock/incrementSeconds is added to a bank: give bankSeconds too');
  return clock;
}

/** The acts as the log, the events and the stream show them, and the seats' view: the log's vocabulary (`game-log.ts`). */
export const ActSchema = PublicActSchema;
export { SeatViewSchema };

export { ClockView };

export const SeatParams = Strict({
  id: Type.String({ minLength: 1, maxLength: 64 }),
  seat: Seat,
});

export const JoinBody = Strict(
  {
    name: Type.Optional(Name),
  },
  { title: 'JoinSeat' },
);
export const JoinedResponse = Type.Object(
  {
    seat: Int,
    name: Type.String(),
    token: Type.Optional(
      Type.String({
        description:
          "The seat's secret token, shown only here; none when an account joined (its key acts for the seat)",
      }),
    ),
    version: Int,
  },
  { title: 'SeatJoined' },
);
export const ReissuedResponse = Type.Object(
  {
    seat: Int,
    token: Type.String({ description: "The seat's new token; the old one is refused from now on" }),
    version: Int,
  },
  { title: 'TokenReissued' },
);
export const HandToBotBody = Strict({ bot: Bot, level: Type.Optional(Level) }, { title: 'HandToBot' });
export const ActDoneResponse = Type.Object({ version: Int }, { title: 'ActDone' });
export const ResignedResponse = Type.Object({ seat: Int, version: Int }, { title: 'SeatResigned' });

const MAX_LOBBY_PAGE = 100;
export const LobbyQuery = Type.Object(
  {
    status: Type.Optional(Type.Enum(['waiting', 'active', 'finished'])),
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: MAX_LOBBY_PAGE, description: 'Games per page (default 20)' }),
    ),
    after: Type.Optional(
      Type.String({ minLength: 1, maxLength: 200, description: 'The cursor of the next page (from `next`)' }),
    ),
  },
  { additionalProperties: false },
);

/** The lobby's page, with the app registry's expansions. */
export const lobbySchemas = (v: Vocabulary) => ({
  LobbyResponse: Type.Object(
    {
      games: Type.Array(
        Type.Object({
          id: Type.String(),
          status: GameStatusSchema,
          createdAt: Type.String({ format: 'date-time' }),
          players: Type.Array(SeatViewSchema),
          expansions: Type.Array(v.ExpansionId),
          clock: Type.Optional(ClockRequest),
          rated: RatedFlag(),
        }),
      ),
      next: Type.Optional(
        Type.String({ description: 'The next page (also in the `Link` header), when this one is full' }),
      ),
    },
    { title: 'Lobby' },
  ),
});
