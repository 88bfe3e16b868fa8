/**
 * The server's bots, put together: one worker pool shared by the driver (bot turns) and the
 * hint route, their budgets, and the order of shutting down (no new bot work, then the pool,
 * then whatever was running settles; the service closes after).
 */
import { levelBudget, type BotBudget } from './bot-job.js';
import { BotDriver, DEFAULT_MAX_GAMES_PER_OWNER, type BotDriverOptions, type BotHost } from './bot-driver.js';
import { BotPool, DEFAULT_BOT_QUEUE, defaultBotWorkers, defaultWorkersPerCreator } from './bot-pool.js';
import type { GameService } from '../game-service.js';
import { DEFAULT_HINT_LIMITS, Hints, type HintLimits } from './hints.js';

export interface BotRuntimeOptions {
  /** Worker threads (`BOT_WORKERS`; default max(1, cores − 1)). */
  workers?: number;
  /** Jobs waiting for a worker at most, per lane (`BOT_QUEUE`). */
  queueLimit?: number;
  /** Workers one creator's games (or one address's hints) may hold at once (`BOT_WORKERS_PER_CREATOR`). */
  workersPerCreator?: number;
  /** Games of one creator computed at once (`BOT_GAMES_PER_CREATOR`). */
  gamesPerCreator?: number;
  /** The default mcts level's (4) idle time per move; the other levels scale from it (`BOT_MOVE_MS`, see `levelBudget`). */
  moveMs?: number;
  /** A hint's search time (`HINT_MS`). */
  hintMs?: number;
  /** Hints searched at once and waiting at most (`HINTS_AT_ONCE`, `HINT_QUEUE`). */
  hintLimits?: Partial<HintLimits>;
  /** Tests: iteration budgets instead of time, so results do not depend on the machine's load. */
  moveIterations?: number;
  hintIterations?: number;
  /** How often to look for games waiting on a bot, beyond the look at start (`BOT_SCAN_SECONDS`; 0: at start only). */
  scanSeconds?: number;
}

export const DEFAULT_BOT_MOVE_MS = 100;
export const DEFAULT_HINT_MS = 1000;
export const DEFAULT_BOT_SCAN_SECONDS = 30;

export interface BotRuntime {
  pool: BotPool;
  hints: Hints;
  /** Plays the turns of bot seats and of the autopilots of resigned, handed-over or timed-out seats. */
  driver: BotDriver;
  /** Starts the driver (listening, and the scan of games waiting on a bot). */
  start(): Promise<void>;
  close(): Promise<void>;
}

export function createBotRuntime(
  service: GameService,
  options: BotRuntimeOptions,
  onError: BotDriverOptions['onError'],
): BotRuntime {
  const size = options.workers ?? defaultBotWorkers();
  const pool = new BotPool({
    size,
    queueLimit: options.queueLimit ?? DEFAULT_BOT_QUEUE,
    maxPerOwner: options.workersPerCreator ?? defaultWorkersPerCreator(size),
  });
  const hintBudget: BotBudget =
    options.hintIterations !== undefined
      ? { iterations: options.hintIterations }
      : { timeMs: options.hintMs ?? DEFAULT_HINT_MS };
  const hints = new Hints(service, pool, hintBudget, { ...DEFAULT_HINT_LIMITS, ...options.hintLimits });
  const driver = new BotDriver(serviceBotHost(service), pool, {
    listen: (onMove) => service.listenForBotTurns(onMove),
    budget: (spec) => levelBudget(spec, options.moveMs ?? DEFAULT_BOT_MOVE_MS, options.moveIterations),
    onError,
    scanMs: (options.scanSeconds ?? DEFAULT_BOT_SCAN_SECONDS) * 1000,
    maxGamesPerOwner: options.gamesPerCreator ?? DEFAULT_MAX_GAMES_PER_OWNER,
  });
  return {
    pool,
    hints,
    driver,
    start: async () => driver.start(),
    close: async () => {
      driver.stop();
      await pool.close();
      await driver.settled();
    },
  };
}

/** The service as the driver's host: the lifecycle answers whose turn a bot plays; the pick-up scan pages through the games. */
export function serviceBotHost(service: GameService): BotHost {
  return {
    botTurn: (gameId) => service.botTurn(gameId),
    submitAs: (gameId, seat, expectedVersion, move) => service.submitAs(gameId, seat, expectedVersion, move),
    gamesAwaitingBots: async function* () {
      let after: string | undefined = '';
      while (after !== undefined) {
        const page: { ids: string[]; next?: string } = await service.gamesAwaitingBots(after);
        yield* page.ids;
        after = page.next;
      }
    },
  };
}
