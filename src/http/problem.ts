import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { ERROR_CODES, type ErrorCode } from '../engine/index.js';
import { ServiceError, storeFaultError, type ServiceErrorCode } from '../service/service-error.js';
import type { RouteTable } from './method-not-allowed.js';

/** Codes of the HTTP layer itself. */
type HttpErrorCode =
  | 'BAD_REQUEST'
  | 'TOKEN_MISSING'
  | 'TOKEN_MALFORMED'
  | 'ROUTE_NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'REQUEST_TIMEOUT'
  | 'RATE_LIMITED'
  | 'HEADERS_TOO_LARGE'
  | 'SERVICE_UNAVAILABLE'
  | 'TOO_MANY_CONNECTIONS'
  | 'INTERNAL_ERROR'
  | 'ACCOUNT_KEY_IN_URL';

export type ProblemCode = HttpErrorCode | ServiceErrorCode | ErrorCode;

/** The status of every refusal of the engine, whichever expansion's code it carries. */
export const ENGINE_REFUSAL = 422;

/**
 * The one table from error codes to statuses. A code of the HTTP layer or the service is a
 * compile error here until it is given a status; the engine's (an expansion's too) are 422.
 */
export const STATUS_BY_CODE: Readonly<Record<ProblemCode, number>> = {
  BAD_REQUEST: 400,
  ACCOUNT_KEY_IN_URL: 400,
  TOKEN_MISSING: 401,
  TOKEN_MALFORMED: 401,
  NOT_YOUR_GAME: 403,
  NOT_YOUR_TURN: 403,
  HINT_RATED_GAME: 403,
  ADMIN_RATED_GAME: 403,
  GAME_NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  REQUEST_TIMEOUT: 408,
  VERSION_CONFLICT: 409,
  HINT_NOT_YOUR_TURN: 409,
  GAME_WAITING: 409,
  SEAT_NOT_OPEN: 409,
  SEAT_RESIGNED: 409,
  SEAT_NOT_HUMAN: 409,
  GAME_ABORTED: 422,
  SEAT_NOT_FOUND: 404,
  DELIVERY_NOT_FOUND: 404,
  WEBHOOK_NOT_FOUND: 404,
  VERSION_NOT_FOUND: 404,
  ADMIN_TOKEN_INVALID: 403,
  INVALID_CURSOR: 400,
  WEBHOOK_URL_REFUSED: 422,
  GAME_NOT_FINISHED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  IDEMPOTENCY_KEY_REUSED: 422,
  RATE_LIMITED: 429,
  HINT_IN_PROGRESS: 429,
  HEADERS_TOO_LARGE: 431,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
  TOO_MANY_CONNECTIONS: 503,
  DATABASE_BUSY: 503,
  STORAGE_UNAVAILABLE: 503,
  BOTS_UNAVAILABLE: 503,
  STORAGE_FULL: 507,
  ACCOUNT_NOT_FOUND: 404,
  ACCOUNT_NAME_TAKEN: 409,
  ACCOUNT_KEY_INVALID: 401,
  ACCOUNT_KEY_REVOKED: 401,
  ACCOUNT_KEY_NOT_FOUND: 404,
  ACCOUNT_KEYS_FULL: 409,
  ACCOUNT_ALREADY_SEATED: 409,
  ACCOUNT_NOT_YOURS: 403,
  ACCOUNT_GAMES_FULL: 409,
  ACCOUNT_KEY_REQUIRED: 401,
  CHALLENGE_NOT_FOUND: 404,
  CHALLENGE_NOT_OPEN: 409,
  NOT_YOUR_CHALLENGE: 403,
  LADDER_BOTS_ONLY: 403,
  LADDER_ENTRY_NOT_FOUND: 404,
  // The engine refuses a well-formed request: a setup or a move the rules do not allow. Its
  // codes are its vocabulary's (the registry's): every one is 422.
  ...(Object.fromEntries(ERROR_CODES.map((code) => [code, ENGINE_REFUSAL])) as Record<ErrorCode, number>),
};

/** Framework errors by status, for the few Fastify raises before a handler runs. */
const CODE_BY_FRAMEWORK_STATUS: Readonly<Record<number, HttpErrorCode>> = {
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

/** What a 415 says: the type that was sent and the one to send. */
export function unsupportedMediaType(sent: string | undefined): string {
  return `${sent ? `Content-Type ${sent.slice(0, 80)} is not accepted` : 'the body has no Content-Type'}: send it as JSON with Content-Type: application/json`;
}

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

/** Thrown by handlers for refusals decided in the HTTP layer (e.g. a missing token). */
export class HttpProblem extends Error {
  constructor(
    readonly code: HttpErrorCode,
    readonly detail: string,
    /** Members beside the detail: `retryAfter` (also sent as `Retry-After`). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(detail);
    this.name = 'HttpProblem';
  }
}

/**
 * A request refused for load (`429`, `503`) ends its connection: a client refused keeps no
 * kept-alive socket it may not use, which would hold a slot for nothing (400 refused streams
 * from one address used to keep 400 connections open). Node closes after an answer that says
 * `Connection: close`. Set where such an answer is made (every problem, and a degraded
 * `/health`) rather than looked for in a hook every answer would pass through.
 */
export function closeIfRefused(reply: FastifyReply, status: number): void {
  if (status === 429 || status === 503) reply.header('connection', 'close');
}

export function sendProblem(
  reply: FastifyReply,
  code: ProblemCode,
  detail: string,
  extra: Record<string, unknown> = {},
): FastifyReply {
  // A code not in the table is an engine refusal of an expansion the default registry lacks.
  const status = STATUS_BY_CODE[code] ?? ENGINE_REFUSAL;
  if (status === 401) reply.header('www-authenticate', 'Bearer');
  closeIfRefused(reply, status);
  // A problem that says when to come back (429, 503) says it in the header too.
  if (typeof extra.retryAfter === 'number') reply.header('retry-after', String(extra.retryAfter));
  const body = { type: 'about:blank', title: STATUS_CODES[status] ?? 'Error', status, code, detail, ...extra };
  // Sent pre-serialised: a problem never depends on a route's response schema.
  return reply.code(status).type(PROBLEM_CONTENT_TYPE).send(JSON.stringify(body));
}

/**
 * Fastify's `frameworkErrors`: a URL it cannot decode (`/games/%ZZ`) or a path parameter
 * beyond `maxParamLength` is malformed input like any other, not Fastify's own JSON shape.
 */
export function frameworkErrors(error: FastifyError, _request: unknown, reply: FastifyReply): void {
  sendProblem(reply, 'BAD_REQUEST', error.message);
}

/** One error handler for the whole app: known errors keep their code, anything else is a hidden 500. */
export function registerProblemHandlers(app: FastifyInstance, routes?: RouteTable): void {
  app.setErrorHandler((error: FastifyError | ServiceError | HttpProblem, request, reply) => {
    if (error instanceof ServiceError) return sendProblem(reply, error.code, error.detail, error.extra);
    if (error instanceof HttpProblem) return sendProblem(reply, error.code, error.detail, error.extra);
    if (error.validation) return sendProblem(reply, 'BAD_REQUEST', error.message);
    // A storage fault met by a read or a creation: named, with Retry-After, never a 500.
    const fault = storeFaultError(error);
    if (fault) {
      request.log.warn({ err: error.cause ?? error, code: fault.code }, 'storage fault');
      return sendProblem(reply, fault.code, fault.detail, fault.extra);
    }
    const status = error.statusCode ?? 500;
    // Fastify's own words name neither the type it got nor the one to send.
    if (status === 415)
      return sendProblem(reply, 'UNSUPPORTED_MEDIA_TYPE', unsupportedMediaType(request.headers['content-type']));
    if (status >= 400 && status < 500) {
      return sendProblem(reply, CODE_BY_FRAMEWORK_STATUS[status] ?? 'BAD_REQUEST', error.message);
    }
    if (status === 503) return sendProblem(reply, 'SERVICE_UNAVAILABLE', 'the server is shutting down');
    request.log.error({ err: error }, 'unexpected error');
    return sendProblem(reply, 'INTERNAL_ERROR', 'an unexpected error occurred');
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const allow = routes?.allowed(path);
    if (allow === undefined) return sendProblem(reply, 'ROUTE_NOT_FOUND', `no route ${request.method} ${path}`);
    reply.header('allow', allow.join(', '));
    return sendProblem(reply, 'METHOD_NOT_ALLOWED', `${path} answers ${allow.join(', ')}, not ${request.method}`);
  });
}
