/**
 * The bot driver plays the turns of bot seats (and autopilots): when its host tells it that a
 * commit of this process left a game waiting on a bot (`listen`), once at start and every
 * `scanMs` (a scan of games waiting on a bot, so a crash, a restart or a node that died loses
 * no bot's turn), it asks its host whose turn it is, has the pool choose the move, and submits
 * it like anyone's move: same log, version check, group commit and events. Other nodes' commits
 * are not its business: the node that committed plays the bot turn that follows (a player's
 * move on node B into a bot's turn is played by B's driver, a turn timed out on node X by X's),
 * so hearing of them costs nothing here (they were a query per move of every other node).
 * Invariants:
 * - one computation per game at a time in a process; a notification meanwhile makes the game
 *   be looked at again when it ends;
 * - a 409 (someone else moved first: another node's driver, a clock, a human) is no error: the
 *   game is looked at again at once;
 * - any other failure (a worker crash, a full pool, a busy store) is retried after a delay that
 *   doubles up to `maxRetryMs`, for as long as the game waits on a bot;
 * - nothing here knows how seats become bots: that is the host's business (`BotHost`);
 * - fair shares: each game is on its creator's account (the `owner` its creation was heard
 *   with, or its turn names; else one shared account for games whose creator this process
 *   never saw). An owner has at most `maxGamesPerOwner` games computed at once, and the pool
 *   orders the jobs (`bot-pool.ts`): cheap bots first, mcts turns of games with a human next,
 *   the thinking of games of bots only last, owners taking turns within each lane; so a
 *   game's bot turn never waits behind another creator's long queue. `maxGames` bounds the
 *   games computed at once, but an owner with none running always gets one.
 */
import type { Move } from '../../engine/index.js';
import type { BotBudget, BotSpec } from './bot-job.js';
import type { BotLane, BotPool } from './bot-pool.js';
import { LruCache } from '../cache/lru-cache.js';
import { ServiceError } from '../service-error.js';

import type { BotTurn } from '../lifecycle/game-lifecycle.js';

export type { BotTurn };

/** What the driver needs of the service. */
export interface BotHost {
  /** The bot turn the game waits on now, or null (a human's turn, the game over or unknown). */
  botTurn(gameId: string): Promise<BotTurn | null>;
  /** Submits `move` for `seat` without its token, through the same checks and commit as any move. */
  submitAs(gameId: string, seat: number, expectedVersion: number, move: Move): Promise<unknown>;
  /** Games whose actor may be a bot now (the pick-up at start and the periodic scan); an async iterable may page. */
  gamesAwaitingBots(): Promise<Iterable<string>> | AsyncIterable<string>;
}

export interface BotDriverOptions {
  /** Tells the driver of each game a commit of this process left waiting on a bot (with its creator when known); returns the unsubscribe. */
  listen: (onMove: (gameId: string, owner?: string) => void) => () => void;
  /** The mcts budget for a spec (`levelBudget` with the configured base). */
  budget: (spec: BotSpec) => BotBudget;
  /** Failures of background work, which has no client to answer. */
  onError: (error: unknown, gameId: string | null) => void;
  /** The first retry's delay after a failure (default 250 ms), doubled up to `maxRetryMs` (default 30 s). */
  retryMs?: number;
  maxRetryMs?: number;
  /** Scans for games waiting on a bot this often (a node whose peer died mid-game); 0: at start only. */
  scanMs?: number;
  /**
   * Games computed at once at most (default 64); the others wait their turn in order. So a scan
   * that finds thousands of games after a restart does not overflow the pool's queue, and
   * hints keep room in it.
   */
  maxGames?: number;
  /** Games of one owner computed at once at most (`BOT_GAMES_PER_CREATOR`, default 8). */
  maxGamesPerOwner?: number;
}

export const DEFAULT_MAX_GAMES = 64;
export const DEFAULT_MAX_GAMES_PER_OWNER = 8;
/** The account of games whose creator this process never saw (picked up by a scan, after a restart). */
export const UNKNOWN_OWNER = 'unknown';

/** The pool's lane for a bot turn: cheap bots first, the thinking nobody waits for last. */
export function laneOf(turn: Pick<BotTurn, 'spec' | 'botsOnly'>): BotLane {
  if (turn.spec.bot !== 'mcts') return 'cheap';
  return turn.botsOnly ? 'background' : 'play';
}

export class BotDriver {
  private readonly running = new Map<string, Promise<void>>();
  private readonly again = new Set<string>();
  /** Games poked while `maxGames` were running, in order. */
  private readonly backlog = new Set<string>();
  private readonly retries = new Map<string, { attempts: number; timer?: NodeJS.Timeout }>();
  /** Each game's owner, as heard at its creation (bounded: the oldest are forgotten). */
  private readonly owners = new LruCache<string, string>(100_000);
  /** Games each owner has running now. */
  private readonly runningByOwner = new Map<string, number>();
  private unlisten: (() => void) | undefined;
  private scanTimer: NodeJS.Timeout | undefined;
  private stopped = false;
  /** Moves this driver committed (for tests and logs). */
  played = 0;

  constructor(
    private readonly host: BotHost,
    private readonly pool: BotPool,
    private readonly options: BotDriverOptions,
  ) {}

  /** Listens for moves, then looks at every game waiting on a bot; resolves when the scan is done. */
  async start(): Promise<void> {
    this.unlisten = this.options.listen((id, owner) => this.poke(id, owner));
    await this.scan();
    const every = this.options.scanMs ?? 0;
    if (every > 0 && !this.stopped) {
      this.scanTimer = setInterval(() => void this.scan(), every);
      this.scanTimer.unref();
    }
  }

  /** Looks at `gameId` now, or once its current computation ends; `owner`: its creator, when the caller knows. */
  poke(gameId: string, owner?: string): void {
    if (this.stopped) return;
    if (owner !== undefined) this.owners.set(gameId, owner);
    if (this.running.has(gameId)) {
      this.again.add(gameId);
      return;
    }
    const retry = this.retries.get(gameId);
    if (retry?.timer) return; // a retry is scheduled: it will look
    if (!this.mayStart(gameId)) {
      this.backlog.add(gameId);
      return;
    }
    const account = this.ownerOf(gameId);
    this.runningByOwner.set(account, (this.runningByOwner.get(account) ?? 0) + 1);
    this.running.set(gameId, this.drive(gameId, account));
  }

  private ownerOf(gameId: string): string {
    return this.owners.peek(gameId) ?? UNKNOWN_OWNER;
  }

  /** Under the owner's cap, and under the total cap unless the owner has nothing running. */
  private mayStart(gameId: string): boolean {
    const mine = this.runningByOwner.get(this.ownerOf(gameId)) ?? 0;
    if (mine >= (this.options.maxGamesPerOwner ?? DEFAULT_MAX_GAMES_PER_OWNER)) return false;
    return mine === 0 || this.running.size < (this.options.maxGames ?? DEFAULT_MAX_GAMES);
  }

  /** No new work from now on; `settled` then waits for what is running (close the pool in between). */
  stop(): void {
    this.stopped = true;
    this.unlisten?.();
    clearInterval(this.scanTimer);
    for (const retry of this.retries.values()) clearTimeout(retry.timer);
    this.retries.clear();
    this.backlog.clear();
  }

  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running.values()]);
  }

  /** Games with a computation running now. */
  get busy(): number {
    return this.running.size;
  }

  private async scan(): Promise<void> {
    try {
      for await (const id of await this.host.gamesAwaitingBots()) {
        if (this.stopped) return;
        this.poke(id);
      }
    } catch (error) {
      if (!this.stopped) this.options.onError(error, null);
    }
  }

  private async drive(gameId: string, account: string): Promise<void> {
    try {
      do {
        this.again.delete(gameId);
        await this.playBotTurns(gameId, account);
      } while (this.again.has(gameId) && !this.stopped);
      this.retries.delete(gameId);
    } catch (error) {
      if (!this.stopped) {
        this.options.onError(error, gameId);
        this.retryLater(gameId);
      }
    } finally {
      this.running.delete(gameId);
      this.again.delete(gameId);
      const left = (this.runningByOwner.get(account) ?? 1) - 1;
      if (left > 0) this.runningByOwner.set(account, left);
      else this.runningByOwner.delete(account);
      // The first waiting game that may start now (its owner under its cap), in order.
      for (const next of this.backlog) {
        if (!this.mayStart(next)) continue;
        this.backlog.delete(next);
        this.poke(next);
        break;
      }
    }
  }

  /** Plays while the game waits on a bot. */
  private async playBotTurns(gameId: string, account: string): Promise<void> {
    for (;;) {
      if (this.stopped) return;
      const turn = await this.host.botTurn(gameId);
      if (!turn || this.stopped) return;
      const { version, seat, spec, setup, moves } = turn;
      const job = { setup, moves, seat, spec, seed: `${gameId}/${version}`, budget: this.options.budget(spec) };
      const answer = await this.pool.run(job, { lane: laneOf(turn), owner: turn.owner ?? account });
      if (this.stopped) return;
      try {
        await this.host.submitAs(gameId, seat, version, answer.move);
        this.played += 1;
      } catch (error) {
        if (!(error instanceof ServiceError && error.code === 'VERSION_CONFLICT')) throw error;
      }
    }
  }

  private retryLater(gameId: string): void {
    const retry = this.retries.get(gameId) ?? { attempts: 0 };
    const delay = Math.min((this.options.retryMs ?? 250) * 2 ** retry.attempts, this.options.maxRetryMs ?? 30_000);
    retry.attempts += 1;
    retry.timer = setTimeout(() => {
      retry.timer = undefined;
      this.poke(gameId);
    }, delay);
    retry.timer.unref();
    this.retries.set(gameId, retry);
  }
}
