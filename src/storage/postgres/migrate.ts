import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';

/** Resolved from this module so it works both from `src/` and `dist/`. */
export const POSTGRES_MIGRATIONS_FOLDER = fileURLToPath(new URL('../../../migrations/postgres', import.meta.url));

/** The advisory lock every node takes around migrating: one key for this service ('carc' in ASCII). */
const MIGRATION_LOCK = 0x63617263;

/**
 * Applies the migrations not yet applied. Every node does this at start, and several may start
 * together: a session-level advisory lock makes them take turns, so the second finds the
 * migrations applied by the first (drizzle records them in `drizzle.__drizzle_migrations`).
 */
export async function migratePostgres(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  let broken: unknown;
  try {
    // A migration may take longer than a request's statement timeout; so may waiting for the lock.
    await client.query('SET statement_timeout = 0');
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrate(drizzle({ client }), { migrationsFolder: POSTGRES_MIGRATIONS_FOLDER });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } catch (error) {
    broken = error;
    throw error;
  } finally {
    // Not returned to the pool: its statement timeout was changed (and it may be broken).
    client.release(broken instanceof Error ? broken : true);
  }
}
