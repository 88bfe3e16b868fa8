/**
 * The games' versions, asked of PostgreSQL by one query for every read waiting at a time.
 * Invariant: a call is answered by a query sent after the call was made. A query's snapshot is
 * taken when it runs, so it sees every commit acknowledged before the call: a read that starts
 * after a `201` on any node gets that move's version (`GameStore.confirmReads`).
 *
 * Why a query at all: a node hears of other nodes' commits by notifications, delivered after
 * the commit, asynchronously. A cached game with no notification heard proves nothing: the
 * commit may be acknowledged to its client (who then reads on this node) while its
 * notification is still on the way. Only a statement whose snapshot is taken after the read
 * began can answer; the cost is one round trip per batch, not per read.
 *
 * Batching: at most one query is in flight. Calls made while it runs wait for it to settle and
 * then share the next one (they cannot join it: it was sent before they were made). Calls made
 * while none runs are sent together once the event loop's current phase ends (`setImmediate`),
 * so the requests parsed from one poll of the sockets share one query. Under load the batch
 * grows with the round trip, as the group commit's does; alone, a read waits one query, as
 * before.
 */
import type pg from 'pg';

interface Waiter {
  resolve: (version: number) => void;
  reject: (error: unknown) => void;
}

/**
 * Asks each game's last sequence number (0 without moves): one index lookup per game on the
 * log's primary key, however many moves it holds.
 */
const VERSIONS = {
  name: 'game_versions',
  text: `SELECT g.id, coalesce((SELECT seq FROM moves WHERE game_id = g.id ORDER BY seq DESC LIMIT 1), 0) AS version
           FROM unnest($1::text[]) AS g(id)`,
  rowMode: 'array' as const,
};

export class VersionReads {
  private next = new Map<string, Waiter[]>();
  private running = false;
  private scheduled = false;

  constructor(
    private readonly pool: pg.Pool,
    /** Rethrows a driver's error as the store's. */
    private readonly fault: (error: unknown) => unknown,
  ) {}

  version(id: string): Promise<number> {
    return new Promise((resolve, reject) => {
      const waiters = this.next.get(id);
      if (waiters) waiters.push({ resolve, reject });
      else this.next.set(id, [{ resolve, reject }]);
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.running || this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.send();
    });
  }

  private async send(): Promise<void> {
    const batch = this.next;
    this.next = new Map();
    this.running = true;
    try {
      const { rows } = await this.pool.query<[string, number]>({ ...VERSIONS, values: [[...batch.keys()]] });
      for (const [id, version] of rows) for (const waiter of batch.get(id) ?? []) waiter.resolve(version);
    } catch (error) {
      const fault = this.fault(error);
      for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(fault);
    } finally {
      this.running = false;
      if (this.next.size > 0) this.schedule();
    }
  }
}
