/**
 * The move log's vocabulary, shared by the service and the stores: an entry is an engine move or
 * a lifecycle act (`service/lifecycle.ts` folds them), and a game's stored setup holds, beside
 * the engine's, the seats as asked for, the visibility and the clock. Declared apart from the
 * service so that the storage layer names what it keeps without depending on the layer above.
 */
import { BOT_KINDS, type BotKind } from './bots/types.js';

/** The bots a seat may be given: the bot library's ladder (`src/bots`). */
export const BOT_NAMES = BOT_KINDS;
export type BotName = BotKind;
/** A bot seat: which bot, and for mcts how long it thinks (1 to 5, default 3; `bot-job.ts`). */
export interface BotSpec {
  bot: BotName;
  level?: number;
}

/** A seat as asked for at creation. */
export type SeatRequest = { name: string } | { open: true } | BotSpec;

export const ACT_TYPES = ['seatJoined', 'tokenReissued', 'seatHandedToBot', 'gameAborted', 'seatResigned', 'turnTimedOut'] as const;
export type ActType = (typeof ACT_TYPES)[number];

/** A lifecycle act as the log keeps it. Past tense: an act is a fact the service decided. */
export type Act =
  | { type: 'seatJoined'; seat: number; name: string; tokenHash: string }
  | { type: 'tokenReissued'; seat: number; tokenHash: string }
  | { type: 'seatHandedToBot'; seat: number; bot: BotName; level?: number }
  | { type: 'gameAborted' }
  | { type: 'seatResigned'; seat: number }
  | { type: 'turnTimedOut'; seat: number };

/** What the service stores beside the engine's setup (in the same JSON: it never leaves the storage layer). */
export interface LifecycleSetup {
  seats?: SeatRequest[];
  visibility?: 'public' | 'private';
  clock?: { turnSeconds: number };
}
