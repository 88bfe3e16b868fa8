/**
 * The server's bots, put together: one worker pool shared by the driver (bot turns) and the
 * hint route, their budgets, and the order of shutting down (no new bot work, then the pool,
 * then whatever was running settles; the service closes after).
 */
import { levelBudget, type BotBudget } from './bot-job.js';
import { BotDriver, type BotDriverOptions, type BotHost } from './bot-driver.js';
import { BotPool, DEFAULT_BOT_QUEUE, defaultBotWorkers } from './bot-pool.js';
import { SeamBotHost, type BotSeats } from './bot-seam.js';
import type { GameService } from './game-service.js';
import { Hints } from './hints.js';
import type { GameStore } from '../storage/repository.js';

export interface BotRuntimeOptions {
  /** Worker threads (`BOT_WORKERS`; default max(1, cores − 1)). */
  workers?: number;
  /** Jobs waiting for a worker at most (`BOT_QUEUE`). */
  queueLimit?: number;
  /** mcts level 3's time per move; the other levels scale from it (`BOT_MOVE_MS`, see `levelBudget`). */
  moveMs?: number;
  /** A hint's search time (`HINT_MS`). */
  hintMs?: number;
  /** Tests: iteration budgets instead of time, so results do not depend on the machine's load. */
  moveIterations?: number;
  hintIterations?: number;
  /** How often to look for games waiting on a bot, beyond the look at start (`BOT_SCAN_SECONDS`; 0: at start only). */
  scanSeconds?: number;
  /** SEAM (until the lifecycle branch): which seats are bots. Without it no seat is a bot. */
  seats?: BotSeats;
}

export const DEFAULT_BOT_MOVE_MS = 100;
export const DEFAULT_HINT_MS = 1000;
export const DEFAULT_BOT_SCAN_SECONDS = 30;

export interface BotRuntime {
  pool: BotPool;
  hints: Hints;
  /** Plays bot turns; absent when nothing can make a seat a bot. */
  driver: BotDriver | undefined;
  /** Starts the driver (listening, and the scan of games waiting on a bot). */
  start(): Promise<void>;
  close(): Promise<void>;
}

export function createBotRuntime(service: GameService, store: GameStore, options: BotRuntimeOptions, onError: BotDriverOptions['onError']): BotRuntime {
  const pool = new BotPool({ size: options.workers ?? defaultBotWorkers(), queueLimit: options.queueLimit ?? DEFAULT_BOT_QUEUE });
  const hintBudget: BotBudget = options.hintIterations !== undefined ? { iterations: options.hintIterations } : { timeMs: options.hintMs ?? DEFAULT_HINT_MS };
  const hints = new Hints(service, store, pool, hintBudget);
  // SEAM: once the lifecycle branch is merged, the host is the GameService itself.
  const host: BotHost | undefined = options.seats ? new SeamBotHost(service, store, options.seats) : undefined;
  const driver = host
    ? new BotDriver(host, pool, {
        listen: (onMove) => service.notifier.listen(onMove),
        budget: (spec) => levelBudget(spec, options.moveMs ?? DEFAULT_BOT_MOVE_MS, options.moveIterations),
        onError,
        scanMs: (options.scanSeconds ?? DEFAULT_BOT_SCAN_SECONDS) * 1000,
      })
    : undefined;
  return {
    pool,
    hints,
    driver,
    start: async () => driver?.start(),
    close: async () => {
      driver?.stop();
      await pool.close();
      await driver?.settled();
    },
  };
}
