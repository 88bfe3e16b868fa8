/**
 * One transaction on a client of the pool: `work` runs between BEGIN and COMMIT, and any error
 * rolls it back and leaves as the store's error (`faults.ts`). `keep` may roll back a result that
 * says nothing should change (the ladder's round that lost its race).
 */
import type pg from 'pg';
import { storeError } from './faults.js';

/** A driver error as the store's own (unavailable, full, …). */
export function rethrow(error: unknown): never {
  throw storeError(error);
}

export async function inTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
  keep: (result: T) => boolean = () => true,
): Promise<T> {
  const client = await pool.connect().catch(rethrow);
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query(keep(result) ? 'COMMIT' : 'ROLLBACK');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    return rethrow(error);
  } finally {
    client.release();
  }
}
