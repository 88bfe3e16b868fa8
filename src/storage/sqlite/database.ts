import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import * as schema from './schema.js';
import { MIGRATION_BUSY_TIMEOUT_MS, migrateSqlite } from './migrate.js';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/** Resolved from this module so it works both from `src/storage/` and `dist/storage/`. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../../migrations/sqlite', import.meta.url));

/**
 * The size the write-ahead log is cut back to whenever it restarts from its beginning: a flood
 * grows it, and without a limit SQLite keeps the file at its peak size for ever.
 */
const WAL_SIZE_LIMIT_BYTES = 4 * 1024 * 1024;

/** How long a write waits for another process's write lock before the service answers 503. */
const DEFAULT_BUSY_TIMEOUT_MS = 5000;

/**
 * Switches the file to WAL. Two processes opening a new file at once can be refused here with
 * SQLITE_BUSY without SQLite waiting its busy timeout (the switch needs the exclusive lock while
 * the other holds a shared one, which SQLite reads as a deadlock), so the switch is tried again.
 */
function enableWal(sqlite: Database.Database): void {
  const deadline = Date.now() + MIGRATION_BUSY_TIMEOUT_MS;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    try {
      sqlite.pragma('journal_mode = WAL');
      return;
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'SQLITE_BUSY' || Date.now() > deadline) throw error;
      Atomics.wait(pause, 0, 0, 10);
    }
  }
}

/**
 * Opens (creating the folder if needed) and migrates the database.
 * `path` is a file path or `:memory:`.
 */
export function openDatabase(
  path: string,
  { busyTimeoutMs = DEFAULT_BUSY_TIMEOUT_MS }: { busyTimeoutMs?: number } = {},
): Db {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new Database(path);
  // First: switching a new file to WAL and migrating it wait for another process doing the same.
  sqlite.pragma(`busy_timeout = ${MIGRATION_BUSY_TIMEOUT_MS}`);
  enableWal(sqlite);
  // NORMAL in WAL mode loses at most the last transactions on power loss, never corrupts.
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
  sqlite.pragma('foreign_keys = ON');
  migrateSqlite(sqlite, MIGRATIONS_FOLDER);
  // Another process holding the write lock (a second server on the same file) is waited for.
  sqlite.pragma(`busy_timeout = ${Math.max(0, Math.floor(busyTimeoutMs))}`);
  return drizzle({ client: sqlite, schema });
}

/**
 * `DATABASE_URL` accepts `file:./path.db`, `file:///abs/path.db`, a plain path or `:memory:`.
 */
export function databasePathFromUrl(url: string): string {
  if (url === ':memory:' || url === 'file::memory:') return ':memory:';
  if (url.startsWith('file://')) return fileURLToPath(url);
  if (url.startsWith('file:')) return url.slice('file:'.length);
  return url;
}
