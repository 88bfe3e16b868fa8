import type { ErrorCode } from '../engine/index.js';

/** Codes the service adds to the engine's rule codes. */
export const SERVICE_ERROR_CODES = [
  'TOKEN_MISSING',
  'GAME_NOT_FOUND',
  'NOT_YOUR_GAME',
  'NOT_YOUR_TURN',
  'VERSION_CONFLICT',
  'IDEMPOTENCY_KEY_REUSED',
  'DATABASE_BUSY',
] as const;
export type ServiceErrorCode = (typeof SERVICE_ERROR_CODES)[number];

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
