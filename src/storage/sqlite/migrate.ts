/**
 * Applies the SQLite migrations not yet applied, safe when several processes open one new file
 * at once. drizzle's own SQLite migrator reads which migrations are applied before it takes any
 * lock, so two processes starting together both found none and the second's `CREATE TABLE` failed
 * (`table games already exists`). Here the whole step runs in one `BEGIN IMMEDIATE` transaction:
 * it takes the file's write lock first (another process waits on the busy timeout), then reads
 * what is applied, so the second process finds the first one's migrations and applies nothing.
 * The bookkeeping is drizzle's (`__drizzle_migrations`, a row per migration with its hash and
 * `created_at` = the journal's `when`), so files migrated by either agree.
 */
import type Database from 'better-sqlite3';
import { readMigrationFiles } from 'drizzle-orm/migrator';

/** How long a process waits for another one's migration (or any write) before giving up. */
export const MIGRATION_BUSY_TIMEOUT_MS = 60_000;

export function migrateSqlite(sqlite: Database.Database, migrationsFolder: string): void {
  const migrations = readMigrationFiles({ migrationsFolder });
  const apply = sqlite.transaction(() => {
    sqlite.exec(
      'CREATE TABLE IF NOT EXISTS "__drizzle_migrations" (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at numeric)',
    );
    const last = sqlite
      .prepare('SELECT created_at FROM "__drizzle_migrations" ORDER BY created_at DESC LIMIT 1')
      .pluck()
      .get() as number | string | undefined;
    const record = sqlite.prepare('INSERT INTO "__drizzle_migrations" ("hash", "created_at") VALUES (?, ?)');
    for (const migration of migrations) {
      if (last !== undefined && Number(last) >= migration.folderMillis) continue;
      for (const statement of migration.sql) sqlite.exec(statement);
      record.run(migration.hash, migration.folderMillis);
    }
  });
  apply.immediate();
}
