/**
 * The turn clock (`clock: { turnSeconds }` at creation). A turn's deadline is the `at` of the log
 * entry that started it plus `turnSeconds` (`lifecycle.ts`), so it is derived from the log and
 * survives a restart. One timer serves every game: it is set for the nearest deadline of the
 * games this process knows to be on a player's clock. At start (and every `RESCAN_MS`, which
 * also catches games other processes moved) the store is asked for the active games with a
 * clock, a page at a time; a commit in this process updates its game's deadline. Another
 * process's commits are that process's to time (hearing of them costs nothing here): a deadline
 * known here from a scan may then be stale, which only makes it early (a later turn starts
 * later), and it is read again when it fires. When a deadline passes, the `turnTimedOut` act is
 * appended at the version the deadline was read at: of several processes exactly one wins (the
 * log's key), the others meet a conflict and look again.
 */
import type { GameStore } from '../../storage/game-store.js';
import { ServiceError } from '../service-error.js';

const CLOCK_PAGE = 100;
const RESCAN_MS = 60_000;
/** setTimeout's longest delay. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/** A game's current turn on the clock: the version it began at or after, and when it runs out. */
export interface ClockedTurn {
  version: number;
  deadline: number;
}

export interface TurnClockDeps {
  store: GameStore;
  now: () => Date;
  /** The game's current turn on a player's clock, or null (no clock, a bot's turn, the game is over). */
  turnOf: (id: string) => Promise<ClockedTurn | null>;
  /** Appends `turnTimedOut` at `version` (a conflict when the game moved on). */
  timeOut: (id: string, version: number) => Promise<unknown>;
  onError: (error: unknown) => void;
}

export class TurnClock {
  private readonly turns = new Map<string, ClockedTurn>();
  private timer: NodeJS.Timeout | undefined;
  /** The deadline the timer is set for (Infinity: none). */
  private timerAt = Infinity;
  private rescanTimer: NodeJS.Timeout | undefined;
  private stopped = false;
  private checking: Promise<void> | undefined;

  constructor(private readonly deps: TurnClockDeps) {}

  /** Picks up the clocked games of the store, then keeps looking every `RESCAN_MS`. */
  async start(): Promise<void> {
    await this.scan();
    const rescan = (): void => {
      if (this.stopped) return;
      this.rescanTimer = setTimeout(() => {
        this.scan().catch(this.deps.onError).finally(rescan);
      }, RESCAN_MS).unref();
    };
    rescan();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    clearTimeout(this.rescanTimer);
  }

  /** Games whose deadline this process knows now. */
  get tracked(): number {
    return this.turns.size;
  }

  /** The active games with a clock, page by page. */
  async scan(): Promise<void> {
    let after = '';
    for (;;) {
      const ids = await this.deps.store.activeGames('clock', after, CLOCK_PAGE);
      for (const id of ids) await this.track(id);
      if (ids.length < CLOCK_PAGE || this.stopped) break;
      after = ids.at(-1)!;
    }
    this.schedule();
  }

  /** Whether this process knows a deadline of game `id`. */
  knows(id: string): boolean {
    return this.turns.has(id);
  }

  /**
   * Reads game `id`'s deadline again (after a commit to it). O(1) besides that read: the timer
   * moves only for an earlier deadline; a later or dropped one lets it fire and look again.
   */
  async touch(id: string): Promise<void> {
    await this.track(id);
    const turn = this.turns.get(id);
    if (turn && turn.deadline < this.timerAt) this.setTimer(turn.deadline);
  }

  /** Times out every turn whose deadline has passed; resolves when done. */
  check(): Promise<void> {
    this.checking ??= this.expire().finally(() => {
      this.checking = undefined;
      this.schedule();
    });
    return this.checking;
  }

  private async track(id: string): Promise<void> {
    const turn = await this.deps.turnOf(id).catch(() => null);
    if (turn) this.turns.set(id, turn);
    else this.turns.delete(id);
  }

  private async expire(): Promise<void> {
    const now = this.deps.now().getTime();
    for (const [id, turn] of [...this.turns]) {
      if (turn.deadline > now || this.stopped) continue;
      // The game may have moved on in another process: the log's version decides.
      const current = await this.deps.turnOf(id).catch(() => null);
      if (current && current.version === turn.version && current.deadline <= now) {
        try {
          await this.deps.timeOut(id, current.version);
        } catch (error) {
          if (!(error instanceof ServiceError)) this.deps.onError(error);
        }
      }
      await this.track(id);
    }
  }

  /** Sets the timer for the nearest known deadline. */
  private schedule(): void {
    let nearest = Infinity;
    for (const turn of this.turns.values()) nearest = Math.min(nearest, turn.deadline);
    this.setTimer(nearest);
  }

  private setTimer(at: number): void {
    clearTimeout(this.timer);
    this.timerAt = Infinity;
    if (this.stopped || at === Infinity) return;
    this.timerAt = at;
    const delay = Math.min(Math.max(at - this.deps.now().getTime(), 0), MAX_DELAY_MS);
    this.timer = setTimeout(() => void this.check(), delay).unref();
  }
}
