/**
 * Long-polls waiting for a game's next move. A waiting poll never replays its game (a thousand
 * polls on games the cache does not hold would replay a thousand games a second): moves
 * committed here or announced by the store wake it at once through the move notifier, and the
 * cross-process watch asks the log's version for the rest (`cross-process-watch.ts`).
 */
import type { GameStore } from '../../storage/game-store.js';
import { CrossProcessWatch } from '../cache/cross-process-watch.js';
import type { MoveNotifier } from './move-notifier.js';
import { ServiceError } from '../service-error.js';
import { over } from '../cache/snapshot.js';
import type { SnapshotCache } from '../cache/snapshot-cache.js';

export class MoveWaits {
  private readonly crossProcess: CrossProcessWatch;
  private closed = false;

  constructor(
    private readonly store: GameStore,
    private readonly snapshots: SnapshotCache,
    private readonly notifier: MoveNotifier,
  ) {
    this.crossProcess = new CrossProcessWatch(store, (id) => notifier.notify(id));
  }

  /** Waits until the game has a move after `after`, `ms` pass, or `signal` aborts. */
  async wait(id: string, after: number, ms: number, signal?: AbortSignal): Promise<void> {
    const deadline = Date.now() + ms;
    let unwatch: (() => void) | undefined;
    try {
      for (;;) {
        // Listen before reading: a move committed here during the read still wakes the wait.
        const turn = this.notifier.waiter(id, Math.max(0, deadline - Date.now()), signal);
        try {
          const stamp = this.store.changeStamp(id);
          const { version, finished } = await this.progress(id);
          if (version > after || finished || deadline <= Date.now() || signal?.aborted || this.closed) return;
          unwatch ??= this.crossProcess.add(id, after, stamp);
          await turn.woken;
        } finally {
          turn.stop();
        }
      }
    } finally {
      unwatch?.();
    }
  }

  /** Releases every waiting poll; later waits answer at once. */
  close(): void {
    this.closed = true;
    this.crossProcess.stop();
    this.notifier.wakeAll();
  }

  /** The game's version and whether it is over, from the cache when it is current, else from two indexed queries: never a replay. */
  private async progress(id: string): Promise<{ version: number; finished: boolean }> {
    const cached = this.snapshots.peekCurrent(id);
    if (cached) return { version: cached.version, finished: over(cached) };
    const record = await this.store.findGame(id);
    if (!record) throw new ServiceError('GAME_NOT_FOUND', `no game ${id}`);
    return {
      version: await this.store.version(id),
      finished: record.status === 'finished' || record.status === 'aborted',
    };
  }
}
