/**
 * The move log's vocabulary, shared by the service and the stores: an entry is an engine move or
 * a lifecycle act (`service/lifecycle/lifecycle.ts` folds them), and a game's stored setup holds, beside
 * the engine's, the seats as asked for, the visibility and the clock. Declared apart from the
 * service so that the storage layer names what it keeps without depending on the layer above.
 */
import { Type, type Static } from 'typebox';
import { PublicActSchema, ACT_TYPES, type ActType, type PublicAct } from './bots/acts.js';
import { BOT_KINDS, BOTS_WITH_LEVELS, type BotKind } from './bots/types.js';

/** The acts as the log, the events and the stream show them (never with a token's hash): the bots' vocabulary. */
export { PublicActSchema, ACT_TYPES, type ActType, type PublicAct };

/** The bots a seat may be given: the bot library's ladder (`src/bots`). */
export const BOT_NAMES = BOT_KINDS;
export { BOTS_WITH_LEVELS };
export type BotName = BotKind;
/** A bot seat: which bot, and for mcts how long it thinks (1 to 5, default 3; `bot-job.ts`). */
export interface BotSpec {
  bot: BotName;
  level?: number;
}

/** An account holding a seat (`docs/accounts.md`): its id stays in the log, its name and kind are shown. */
export interface SeatAccount {
  id: string;
  name: string;
  kind: 'player' | 'bot';
}

/** A seat as asked for at creation (an account's resolved by the service from its name). */
export type SeatRequest = { name: string } | { open: true } | BotSpec | { account: SeatAccount };

const Int = Type.Integer();
const BotSchema = Type.Enum([...BOT_NAMES]);
export const LevelSchema = Type.Integer({
  minimum: 1,
  maximum: 5,
  description:
    "The bot's strength within its kind: for `mcts` its iterations a move, 13 to 1,080 (3 times the level below; 4, the default, is what 100 ms of an idle core buys)",
});

/** The acts that hand a seat a new token: the log keeps the token's hash with them (`publicAct` drops it). */
type TokenAct = 'seatJoined' | 'tokenReissued';
/** A lifecycle act as the log keeps it; a join by an account names the account. */
export type Act =
  | Exclude<PublicAct, { type: TokenAct }>
  | (Extract<PublicAct, { type: 'tokenReissued' }> & { tokenHash: string })
  | (Extract<PublicAct, { type: 'seatJoined' }> & { tokenHash: string; account?: SeatAccount });

/** A seat as the lobby, the state and the creation answer show it (the games row keeps it too). */
export const SeatViewSchema = Type.Object(
  {
    seat: Int,
    kind: Type.Enum(['human', 'open', 'bot']),
    name: Type.String(),
    bot: Type.Optional(BotSchema),
    level: Type.Optional(Int),
    resigned: Type.Boolean({ description: 'Resigned: the score stays, its autopilot plays its turns' }),
    account: Type.Optional(
      Type.Object(
        {
          name: Type.String(),
          kind: Type.Enum(['player', 'bot'], { description: '`bot`: the seat is played by a bot account (its badge)' }),
        },
        { description: 'The account holding the seat, when one does (`docs/accounts.md`)' },
      ),
    ),
  },
  { title: 'SeatView' },
);
export type SeatView = Static<typeof SeatViewSchema>;
export type SeatKind = SeatView['kind'];

/** What happens when a seat's time runs out: its autopilot plays the turn, or the seat resigns. */
export const ON_TIMEOUT = ['autopilot', 'forfeit'] as const;

/**
 * A game's clock as asked for at creation (docs/lifecycle.md): a limit per turn, a time bank per
 * seat with an increment per turn, or both (whichever runs out first ends the turn).
 */
export interface ClockSetup {
  turnSeconds?: number;
  bankSeconds?: number;
  incrementSeconds?: number;
  onTimeout?: (typeof ON_TIMEOUT)[number];
}

/**
 * The games row's `turn_seconds`: set for every game with a clock, so that the turn clock's scan
 * finds it (`activeGames('clock')`); the per-turn limit, or the bank's seconds for a bank alone.
 */
export const clockColumn = (clock: ClockSetup | undefined): number | null =>
  clock?.turnSeconds ?? clock?.bankSeconds ?? null;

/** What the service stores beside the engine's setup (in the same JSON: it never leaves the storage layer). */
export interface LifecycleSetup {
  seats?: SeatRequest[];
  visibility?: 'public' | 'private';
  clock?: ClockSetup;
  /** Every seat is an account's and the result counts for their ratings (`docs/accounts.md`). */
  rated?: boolean;
}
