/**
 * Picks the store from `DATABASE_URL`: `postgres://` or `postgresql://` is PostgreSQL (several
 * nodes on one server); `file:`, a plain path or `:memory:` is SQLite (one machine). Any other
 * scheme is refused when the server starts, rather than taken for a file name.
 */
import { databasePathFromUrl } from './sqlite/database.js';
import type { PostgresStoreOptions } from './postgres/store.js';
import type { GameStore } from './game-store.js';
import { openSqliteStore, type SqliteStoreOptions } from './sqlite/store.js';

export type StoreLocation = { kind: 'sqlite'; path: string } | { kind: 'postgres'; url: string };

export interface StoreOptions {
  sqlite?: Omit<SqliteStoreOptions, 'onFault'>;
  postgres?: Omit<PostgresStoreOptions, 'onFault'>;
  /** Told of faults the store meets in the background (a failed checkpoint, a lost connection); the server logs them. */
  onFault?: (message: string) => void;
}

/** A scheme is letters, digits, `+`, `-` or `.` after a letter, then `:` (RFC 3986). */
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

export function parseDatabaseUrl(url: string): StoreLocation {
  const scheme = SCHEME.exec(url)?.[1]?.toLowerCase();
  // A one-letter scheme is a Windows drive (`C:\data\games.db`): a path.
  if (scheme === undefined || scheme === 'file' || scheme.length === 1) {
    return { kind: 'sqlite', path: databasePathFromUrl(url) };
  }
  if (scheme === 'postgres' || scheme === 'postgresql') return { kind: 'postgres', url };
  throw new Error(
    `DATABASE_URL has the unsupported scheme "${scheme}:": use postgres:// (PostgreSQL), or file:, a path or :memory: (SQLite)`,
  );
}

export async function openStore(location: StoreLocation, options: StoreOptions = {}): Promise<GameStore> {
  switch (location.kind) {
    case 'sqlite':
      return openSqliteStore(location.path, { ...options.sqlite, onFault: options.onFault });
    case 'postgres': {
      // Loaded only when used: a SQLite server starts without the PostgreSQL driver.
      const { openPostgresStore } = await import('./postgres/store.js');
      return openPostgresStore(location.url, { ...options.postgres, onFault: options.onFault });
    }
  }
}
