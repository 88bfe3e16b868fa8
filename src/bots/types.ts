/**
 * The bots' contract: given a game and the seat that must act, a bot chooses one of the
 * engine's legal moves. A bot sees only what that seat's player sees (the public state and
 * the counts of tiles left), never the pile order: given the same public state and options it
 * chooses the same move, whatever the hidden order.
 */
import type { Game, Move } from '../engine/index.js';
import type { MctsTuning } from './mcts.js';

/** The strength ladder, weakest first. */
export const BOT_KINDS = ['random', 'greedy', 'mcts'] as const;
export type BotKind = (typeof BOT_KINDS)[number];
/** The bots whose strength has levels (mcts: its time budget); the others have one strength. */
export const BOTS_WITH_LEVELS: readonly BotKind[] = ['mcts'];

export interface BotOptions {
  /** Seeds every random choice: the same seed and public state give the same move. */
  seed: string;
  /** mcts: stop after this many milliseconds (checked between iterations). */
  timeMs?: number;
  /** mcts: stop after this many iterations (deterministic; the default when no time is given). */
  iterations?: number;
  /** mcts: the clock for timeMs (default performance.now); tests may pass their own. */
  now?: () => number;
  /** mcts: search even when only one move is legal, to estimate the win rate (a hint). */
  searchForced?: boolean;
  /** mcts: overrides of the search's knobs (see MCTS_DEFAULTS). */
  mcts?: Partial<MctsTuning>;
}

export interface BotChoice {
  move: Move;
  /** mcts: the estimated chance that the seat wins (a draw counts half), in [0, 1]. */
  winRate?: number;
  /** mcts: iterations run for this choice. */
  iterations?: number;
  /** greedy: the chosen move's heuristic value (points for the seat minus the best other). */
  value?: number;
}

export interface Bot {
  readonly kind: BotKind;
  /** The seat must be the game's actor (a programming error otherwise: it throws). */
  chooseMove(game: Game, seat: number, options: BotOptions): BotChoice;
}
