/**
 * Reading an account's stream (`docs/accounts.md`): its stored events after a cursor, waiting
 * for the next ones when there are none yet. A waiter listens before it reads, so an event this
 * process writes during the read still wakes it; another node's events wake it by the store's
 * announcement (PostgreSQL), and it looks again every `pollMs` besides: SQLite cannot announce
 * other processes' writes, and PostgreSQL shows a committed event only once every older
 * transaction has ended (`storage/postgres/schema.ts`), of which nothing tells.
 */
import { InvalidCursorError, type AccountEventRow, type AccountStore } from '../../storage/accounts.js';
import type { MoveNotifier } from '../moves/move-notifier.js';
import { ServiceError } from '../service-error.js';

/** Events read at once: a stream far behind catches up a page at a time. */
export const EVENT_PAGE = 100;

export class AccountFeed {
  private closedNow = false;

  /** The service is closing: no wait holds, and streams end. */
  get closed(): boolean {
    return this.closedNow;
  }

  constructor(
    private readonly store: AccountStore,
    private readonly notifier: MoveNotifier,
    private readonly pollMs = 1000,
  ) {}

  /** The account's events after `cursor` (from its first without one), at most a page. */
  async read(accountId: string, cursor: string | null): Promise<AccountEventRow[]> {
    try {
      return await this.store.eventsAfter(accountId, cursor, EVENT_PAGE);
    } catch (error) {
      if (error instanceof InvalidCursorError)
        throw new ServiceError('INVALID_CURSOR', 'this is not a cursor of this stream (an event id it sent)');
      throw error;
    }
  }

  /** Releases every wait: later waits answer at once. */
  close(): void {
    this.closedNow = true;
    this.notifier.wakeAll();
  }

  latest(accountId: string): Promise<string> {
    return this.store.latestCursor(accountId);
  }

  /** The events after `cursor`, as soon as there are some, or none after `ms` or when `signal` aborts. */
  async next(accountId: string, cursor: string | null, ms: number, signal?: AbortSignal): Promise<AccountEventRow[]> {
    const deadline = Date.now() + ms;
    for (;;) {
      const left = deadline - Date.now();
      const waiter = this.notifier.waiter(accountId, Math.max(0, Math.min(left, this.pollMs)), signal);
      try {
        const events = await this.read(accountId, cursor);
        if (events.length > 0 || left <= 0 || signal?.aborted || this.closed) return events;
        await waiter.woken;
      } finally {
        waiter.stop();
      }
    }
  }
}
