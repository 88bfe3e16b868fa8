/** Wakes long-polls waiting for the next move of a game (in this process), and tells listeners (the bot driver). */
export class MoveNotifier {
  private readonly waiters = new Map<string, Set<() => void>>();
  private readonly listeners = new Set<(gameId: string) => void>();

  /** Calls `listener` with every game notified from now on; returns the unsubscribe. */
  listen(listener: (gameId: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
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

  notify(gameId: string): void {
    for (const listener of this.listeners) listener(gameId);
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
