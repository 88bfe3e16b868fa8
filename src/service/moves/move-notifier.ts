/**
 * Wakes long-polls waiting for the next move of a game in this process, whoever committed it;
 * and tells listeners (the bot driver, the turn clock) of this process's own commits only, each
 * with its game's snapshot after the commit. What another process or node committed is that
 * one's to follow up, through its own listeners: so hearing of it (a PostgreSQL notification
 * per move of every other node) costs a listener here nothing, not even a query. Whatever a
 * process that died could not follow up, a periodic scan finds (`BOT_SCAN_SECONDS`, the
 * clock's rescan).
 */
import type { Snapshot } from '../cache/snapshot.js';

export type CommitListener = (gameId: string, after: Snapshot) => void;

export interface Waiter {
  /** Resolves true when `notify(gameId)` was called, false after `ms` or when the signal aborted or `stop` was called. */
  woken: Promise<boolean>;
  /** Ends the wait now (idempotent): its timer and its place among the game's waiters go. */
  stop: () => void;
}

export class MoveNotifier {
  private readonly waiters = new Map<string, Set<() => void>>();
  private readonly listeners = new Set<CommitListener>();

  /** Calls `listener` with every commit of this process from now on; returns the unsubscribe. */
  listen(listener: CommitListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** This process committed an entry to game `gameId` (or created it): `after` is the game now. */
  committed(gameId: string, after: Snapshot): void {
    for (const listener of this.listeners) listener(gameId, after);
    this.notify(gameId);
  }

  /**
   * Waits for `notify(gameId)`, at most `ms` or until `signal` aborts. It listens from this call
   * on, so a caller starts it before it reads the store: a commit here during the read (which no
   * later look would see announced) still wakes it.
   */
  waiter(gameId: string, ms: number, signal?: AbortSignal): Waiter {
    let set = this.waiters.get(gameId);
    if (!set) {
      set = new Set();
      this.waiters.set(gameId, set);
    }
    const waiters = set;
    let end!: (notified: boolean) => void;
    const woken = new Promise<boolean>((resolve) => {
      end = (notified) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', stop);
        waiters.delete(wake);
        if (waiters.size === 0 && this.waiters.get(gameId) === waiters) this.waiters.delete(gameId);
        resolve(notified);
      };
    });
    const wake = (): void => end(true);
    const stop = (): void => end(false);
    const timer = setTimeout(stop, ms);
    signal?.addEventListener('abort', stop, { once: true });
    waiters.add(wake);
    if (signal?.aborted) stop();
    return { woken, stop };
  }

  /** Game `gameId` moved on (or was deleted): wakes its long-polls, tells no listener. */
  notify(gameId: string): void {
    const set = this.waiters.get(gameId);
    if (set) for (const wake of [...set]) wake();
  }

  /** Releases every waiter, so a closing server is not held open by long-polls. */
  wakeAll(): void {
    for (const set of [...this.waiters.values()]) for (const wake of [...set]) wake();
  }

  get waiting(): number {
    let n = 0;
    for (const set of this.waiters.values()) n += set.size;
    return n;
  }
}
