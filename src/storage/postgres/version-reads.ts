/**
 * The games' versions, asked of PostgreSQL by one query for every read waiting at a time
 * (`batched-query.ts`). Invariant: a call is answered by a query sent after the call was made.
 * A query's snapshot is taken when it runs, so it sees every commit acknowledged before the
 * call: a read that starts after a `201` on any node gets that move's version
 * (`GameStore.confirmReads`).
 *
 * Why a query at all: a node hears of other nodes' commits by notifications, delivered after
 * the commit, asynchronously. A cached game with no notification heard proves nothing: the
 * commit may be acknowledged to its client (who then reads on this node) while its
 * notification is still on the way. Only a statement whose snapshot is taken after the read
 * began can answer; batched, it costs one round trip per batch, not per read.
 */
import type pg from 'pg';
import { BatchedQuery } from './batched-query.js';

/**
 * Each game's last sequence number (0 without moves): one index lookup per game on the log's
 * primary key, however many moves it holds.
 */
const VERSIONS = {
  name: 'game_versions',
  text: `SELECT g.id, coalesce((SELECT seq FROM moves WHERE game_id = g.id ORDER BY seq DESC LIMIT 1), 0) AS version
           FROM unnest($1::text[]) AS g(id)`,
  rowMode: 'array' as const,
};

export class VersionReads {
  private readonly batches: BatchedQuery<string, number>;

  constructor(
    pool: pg.Pool,
    /** The store's error for a driver's. */
    fault: (error: unknown) => unknown,
  ) {
    this.batches = new BatchedQuery(async (ids) => {
      const result = await pool.query<[string, number]>({ ...VERSIONS, values: [ids] }).catch((error: unknown) => {
        throw fault(error);
      });
      const versions = new Map(result.rows);
      return ids.map((id) => versions.get(id) ?? 0);
    });
  }

  version(id: string): Promise<number> {
    return this.batches.ask(id);
  }
}
