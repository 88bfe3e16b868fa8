import type { ErrorCode } from '../engine/index.js';
import { StoreBusyError, StoreFullError, StoreUnavailableError } from '../storage/game-store.js';

/** Codes the service adds to the engine's rule codes. */
export type ServiceErrorCode =
  | 'TOKEN_MISSING'
  | 'GAME_NOT_FOUND'
  | 'NOT_YOUR_GAME'
  | 'NOT_YOUR_TURN'
  | 'VERSION_CONFLICT'
  | 'IDEMPOTENCY_KEY_REUSED'
  | 'DATABASE_BUSY'
  | 'STORAGE_FULL'
  | 'STORAGE_UNAVAILABLE'
  | 'HINT_NOT_YOUR_TURN'
  | 'HINT_IN_PROGRESS'
  | 'HINT_RATED_GAME'
  | 'ADMIN_RATED_GAME'
  | 'BOTS_UNAVAILABLE'
  | 'GAME_WAITING'
  | 'GAME_ABORTED'
  | 'SEAT_NOT_OPEN'
  | 'SEAT_NOT_FOUND'
  | 'SEAT_NOT_HUMAN'
  | 'SEAT_RESIGNED'
  | 'ADMIN_TOKEN_INVALID'
  | 'INVALID_CURSOR'
  | 'VERSION_NOT_FOUND'
  | 'WEBHOOK_URL_REFUSED'
  | 'DELIVERY_NOT_FOUND'
  | 'WEBHOOK_NOT_FOUND'
  | 'GAME_NOT_FINISHED'
  | 'RATE_LIMITED'
  | 'BAD_REQUEST'
  | 'ACCOUNT_NOT_FOUND'
  | 'ACCOUNT_NAME_TAKEN'
  | 'ACCOUNT_KEY_INVALID'
  | 'ACCOUNT_KEY_REVOKED'
  | 'ACCOUNT_KEY_NOT_FOUND'
  | 'ACCOUNT_KEYS_FULL'
  | 'ACCOUNT_ALREADY_SEATED'
  | 'ACCOUNT_NOT_YOURS'
  | 'ACCOUNT_GAMES_FULL'
  | 'ACCOUNT_KEY_REQUIRED'
  | 'CHALLENGE_NOT_FOUND'
  | 'CHALLENGE_NOT_OPEN'
  | 'NOT_YOUR_CHALLENGE'
  | 'LADDER_BOTS_ONLY'
  | 'LADDER_ENTRY_NOT_FOUND';

/** A refusal the client can act on; the HTTP layer turns `code` into a status. */
export class ServiceError extends Error {
  constructor(
    readonly code: ServiceErrorCode | ErrorCode,
    readonly detail: string,
    /** Extra members of the problem document, e.g. `currentVersion` for a conflict. */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(detail);
    this.name = 'ServiceError';
  }
}

/** Seconds a client is told to wait after each storage fault: a lock passes fast, a full disk does not. */
const RETRY_AFTER_SECONDS = { busy: 1, full: 30, unavailable: 5 } as const;

/**
 * The refusal for a storage fault (the store changed nothing), or undefined when `error` is
 * none: the store could not take the request now, and the same request may succeed later.
 */
export function storeFaultError(error: unknown): ServiceError | undefined {
  if (error instanceof StoreBusyError) {
    return new ServiceError('DATABASE_BUSY', 'the database is locked by another writer: retry shortly', {
      retryAfter: RETRY_AFTER_SECONDS.busy,
    });
  }
  if (error instanceof StoreFullError) {
    return new ServiceError('STORAGE_FULL', 'the storage is full: nothing was changed, retry later', {
      retryAfter: RETRY_AFTER_SECONDS.full,
    });
  }
  if (error instanceof StoreUnavailableError) {
    return new ServiceError(
      'STORAGE_UNAVAILABLE',
      'the storage cannot be written now: nothing was changed, retry later',
      {
        retryAfter: RETRY_AFTER_SECONDS.unavailable,
      },
    );
  }
  return undefined;
}
