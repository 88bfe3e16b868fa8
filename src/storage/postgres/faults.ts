/**
 * PostgreSQL's errors in the store's vocabulary (`../game-store.ts`). drizzle wraps the driver's
 * error (`DrizzleQueryError`), so the cause chain is searched for the first SQLSTATE or socket
 * error code.
 */
import { SequenceTakenError, StoreBusyError, StoreFullError, StoreUnavailableError } from '../game-store.js';

/** Errors of the socket or of connecting, from Node or from `pg` itself (which gives no code). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const PG_CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Client was closed and is not queryable',
  'Query read timeout',
  // The node is closing its pool (shutting down) while a request still reads: a 503, not a 500.
  'Cannot use a pool after calling end on the pool',
];

function codeOf(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

function messagesOf(error: unknown): string[] {
  const messages: string[] = [];
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string') messages.push(message);
  }
  return messages;
}

export type FaultKind = 'taken' | 'busy' | 'full' | 'unavailable' | 'other';

export function faultKind(error: unknown): FaultKind {
  const code = codeOf(error);
  if (code === '23505') return 'taken'; // unique_violation: (game_id, seq) or (game_id, idempotency_key)
  // statement_timeout, lock_timeout, serialization failure, deadlock: nothing was written, a retry may pass.
  if (code === '57014' || code === '55P03' || code === '40001' || code === '40P01') return 'busy';
  if (code === '53100') return 'full'; // disk_full
  if (code !== undefined && NETWORK_CODES.has(code)) return 'unavailable';
  // 08: connection exception; 57P01-57P03: server shutting down or starting; 53300: too many
  // connections; 25006: a read-only transaction (a standby after a failover).
  if (code !== undefined && (code.startsWith('08') || /^57P0[1-3]$/.test(code) || code === '53300' || code === '25006'))
    return 'unavailable';
  if (code === undefined && messagesOf(error).some((m) => PG_CONNECTION_MESSAGES.some((known) => m.includes(known))))
    return 'unavailable';
  return 'other';
}

/** The store's error for `error` (the original when it is none of the known faults). */
export function storeError(error: unknown): unknown {
  const kind = faultKind(error);
  switch (kind) {
    case 'taken':
      return new SequenceTakenError();
    case 'busy':
      return new StoreBusyError(error);
    case 'full':
      return new StoreFullError(error);
    case 'unavailable':
      return new StoreUnavailableError(error);
    case 'other':
      return error;
  }
}
