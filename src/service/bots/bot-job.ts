/**
 * What the bot pool's workers are asked and answer (`bot-pool.ts`, `bot-worker.ts`), and how a
 * bot's level becomes a thinking budget. A job carries the whole setup (the secret seed or
 * fixed pile included) because the worker must replay the log; the worker hands the bot only a
 * `determinize`d copy, so the hidden order never reaches a bot.
 */
import type { Move } from '../../engine/index.js';
import type { StoredSetup } from '../../storage/game-store.js';
import type { BotSpec } from '../../game-log.js';
import { DEFAULT_MCTS_LEVEL, levelIterations } from '../../bots/levels.js';

export type { BotSpec };

/** How long mcts searches: a time (ms) or an iteration count (deterministic: tests, hints in tests). */
export interface BotBudget {
  timeMs?: number;
  iterations?: number;
}

export interface BotJob {
  setup: StoredSetup;
  /** The game's engine moves, in order: the worker replays them. */
  moves: Move[];
  /** The seat that must act after `moves` (the worker checks it). */
  seat: number;
  spec: BotSpec;
  /** Seeds the determinization and the bot: the same job gives the same answer (with an iteration budget). */
  seed: string;
  budget: BotBudget;
  /** mcts: search even a forced move, for its win rate (a hint). */
  searchForced?: boolean;
  /**
   * A time budget's end (epoch ms), for a job whose caller waits on a clock (a hint): a job that
   * started late searches what is left of its time, at least a tenth of it (`searchTime`).
   */
  deadline?: number;
}

/** A job's search time when it starts at `now`: its budget, cut to its deadline (at least a tenth of it). */
export function searchTime(budget: BotBudget, deadline: number | undefined, now: number): number | undefined {
  if (budget.timeMs === undefined || deadline === undefined) return budget.timeMs;
  return Math.max(Math.ceil(budget.timeMs / 10), Math.min(budget.timeMs, deadline - now));
}

export interface BotAnswer {
  move: Move;
  /** mcts: the estimated chance that the seat wins (a draw counts half). */
  winRate?: number;
  /** mcts: iterations run. */
  iterations?: number;
}

/** A worker's reply to one job. */
export type WorkerReply = { ok: true; answer: BotAnswer } | { ok: false; error: string };

/** A level's time bound is its idle time by this factor: a loaded machine plays it slower, not weaker, up to here. */
export const LEVEL_TIME_BOUND = 4;

/**
 * mcts plays a level's iterations (`levelIterations`: 13 to 1,080 for levels 1 to 5), which the
 * idle development machine runs in `baseMs` times the level's iterations over the default
 * level's (level 4, 360 iterations: "mcts at 100 ms" with the default 100 ms); the time is
 * bounded at `LEVEL_TIME_BOUND` times that, and at least `baseMs`, so a move on a machine loaded
 * beyond it is cut short (and weaker) rather than late. An iteration budget (tests) replaces the
 * level's, so results are fixed.
 */
export function levelBudget(spec: BotSpec, baseMs: number, iterations?: number): BotBudget {
  if (spec.bot !== 'mcts') return {};
  if (iterations !== undefined) return { iterations };
  const own = levelIterations(spec.level ?? DEFAULT_MCTS_LEVEL);
  const idleMs = (baseMs * own) / levelIterations(DEFAULT_MCTS_LEVEL);
  return { iterations: own, timeMs: Math.max(baseMs, Math.round(LEVEL_TIME_BOUND * idleMs)) };
}
