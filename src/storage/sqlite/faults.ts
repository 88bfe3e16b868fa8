/**
 * SQLite's result codes sorted into what the service can act on. A fault of the storage (a full
 * disk, a read-only or vanished file, an I/O error, another process's lock) becomes one of the
 * store-neutral errors of `../game-store.ts`, so that it is answered 507 or 503, never 500.
 * better-sqlite3 reports the extended code (`SQLITE_IOERR_WRITE`), so codes match by prefix.
 */
import { StoreBusyError, StoreFullError, StoreUnavailableError } from '../game-store.js';

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}

/**
 * The log's key refused a row: another writer took the sequence number or the Idempotency-Key,
 * or the game itself is gone (the retention sweep deleted it meanwhile: its foreign key).
 */
export function isConstraintViolation(error: unknown): boolean {
  const code = codeOf(error);
  return (
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_FOREIGNKEY'
  );
}

/** Codes meaning the file cannot be read or written now, whatever the request. */
const UNAVAILABLE = [
  'SQLITE_READONLY',
  'SQLITE_CANTOPEN',
  'SQLITE_IOERR',
  'SQLITE_PERM',
  'SQLITE_NOLFS',
  'SQLITE_LOCKED',
  'SQLITE_PROTOCOL',
];

/** The store-neutral error for a storage fault, or `error` itself when it is none. */
export function storeFault(error: unknown): unknown {
  const code = codeOf(error);
  if (code.startsWith('SQLITE_BUSY')) return new StoreBusyError(error);
  if (code.startsWith('SQLITE_FULL')) return new StoreFullError(error);
  if (UNAVAILABLE.some((prefix) => code.startsWith(prefix))) return new StoreUnavailableError(error);
  return error;
}

/** Runs a statement, rethrowing a storage fault as the store-neutral error. */
export function guarded<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    throw storeFault(error);
  }
}
