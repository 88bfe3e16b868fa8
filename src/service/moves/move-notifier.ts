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

  /** Resolves when `notify(gameId)` is called, after `ms`, or when `signal` aborts. */
  wait(gameId: string, ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      let set = this.waiters.get(gameId);
      if (!set) {
        set = new Set();
        this.waiters.set(gameId, set);
      }
      const waiters = set;
      const done = (): void => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        waiters.delete(done);
        if (waiters.size === 0 && this.waiters.get(gameId) === waiters) this.waiters.delete(gameId);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal?.addEventListener('abort', done, { once: true });
      waiters.add(done);
    });
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
