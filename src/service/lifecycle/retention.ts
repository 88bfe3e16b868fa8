/**
 * Game retention (`GAME_RETENTION_DAYS`): a game whose last move (or, without moves, its
 * creation) is older than the retention is deleted with its log. A finished game's last move is
 * the one that ended it, so finished and abandoned games expire by the same rule, and a game
 * with a move within the retention is never touched. The sweep runs in the background, in
 * batches of `RETENTION_BATCH` games (one short transaction each) with a pause between them, so
 * that requests are served in between; it never runs twice at once.
 */
import type { GameStore } from '../../storage/game-store.js';

export const RETENTION_BATCH = 100;
/** How often the sweep runs, and how long after the start the first one runs. */
const SWEEP_EVERY_MS = 10 * 60_000;
const FIRST_SWEEP_AFTER_MS = 10_000;
/** The pause between two batches: the event loop serves requests meanwhile. */
const PAUSE_MS = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface RetentionOptions {
  days: number;
  /** How often to sweep (tests shorten it); the first sweep runs after min(this, FIRST_SWEEP_AFTER_MS). */
  everyMs?: number;
}

export class RetentionSweep {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<string[]> | undefined;
  private stopped = false;

  constructor(
    private readonly store: GameStore,
    private readonly options: RetentionOptions,
    private readonly now: () => Date,
    /** Told of each batch of deleted games (the service forgets them). */
    private readonly deleted: (ids: readonly string[]) => void,
    private readonly onError: (error: unknown) => void,
  ) {}

  start(): void {
    const every = this.options.everyMs ?? SWEEP_EVERY_MS;
    const next = (ms: number): void => {
      if (this.stopped) return;
      this.timer = setTimeout(() => {
        this.sweep().then(
          () => next(every),
          (error: unknown) => {
            this.onError(error);
            next(every);
          },
        );
      }, ms).unref();
    };
    next(Math.min(every, FIRST_SWEEP_AFTER_MS));
  }

  /** Deletes every game expired now, batch by batch; resolves with their ids. */
  sweep(): Promise<string[]> {
    this.running ??= this.sweepAll().finally(() => (this.running = undefined));
    return this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running?.catch(() => {});
  }

  private async sweepAll(): Promise<string[]> {
    const before = new Date(this.now().getTime() - this.options.days * DAY_MS).toISOString();
    const all: string[] = [];
    for (;;) {
      const ids = await this.store.deleteExpired(before, RETENTION_BATCH);
      all.push(...ids);
      this.deleted(ids);
      if (ids.length < RETENTION_BATCH || this.stopped) return all;
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    }
  }
}
