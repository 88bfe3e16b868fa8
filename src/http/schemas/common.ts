import { Type } from 'typebox';
import { Strict } from '../../engine/schema-parts.js';

export { Strict };

export const Seat = Type.Integer({ minimum: 0, maximum: 5 });

export const GameIdParams = Strict({
  id: Type.String({ minLength: 1, maxLength: 64, description: 'The game id returned by POST /games' }),
});

/** `?version=N`: the game as it was after its first N log entries (a replay); absent, as it is now. */
export const VersionQuery = Type.Integer({
  minimum: 0,
  maximum: 1_000_000,
  description:
    "Replay: the game after its first N log entries (0 is the start). Such an answer never changes: a strong ETag and a year's Cache-Control. Past the current version: 404 `VERSION_NOT_FOUND`",
});

/** The Cache-Control of a replay answer: the state after move N is the same forever. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** RFC 9457 problem details, with the service's stable `code`. */
export const Problem = Type.Object(
  {
    type: Type.String(),
    title: Type.String(),
    status: Type.Integer(),
    code: Type.String({ description: 'Stable machine-readable error code' }),
    detail: Type.String(),
    currentVersion: Type.Optional(Type.Integer({ description: 'On 409: the version the game is at now' })),
    retryAfter: Type.Optional(
      Type.Integer({ description: 'On 429, 503 and 507: seconds to wait, as in the Retry-After header' }),
    ),
  },
  { title: 'Problem', additionalProperties: true },
);

const PROBLEM_DESCRIPTIONS: Record<number, string> = {
  400: 'Malformed request: the body, a parameter or a header does not match its schema',
  401: 'No seat token, or not a well-formed one',
  403: 'The token is of another game, or of a seat that must not act now (a bot plays its turn), or is not the admin token',
  404: 'Unknown game, no such seat, or (`?version=N`) a version the game has not reached (`VERSION_NOT_FOUND`)',
  409:
    '`expectedVersion` is not the current version (see `currentVersion`), the seat is not open (`SEAT_NOT_OPEN`), ' +
    'the game waits for its open seats (`GAME_WAITING`), or the seat already resigned or has no player',
  413: 'The body is too large',
  415: 'The body is not JSON',
  422: 'Well-formed, but the rules do not allow it (see `code` and `detail`)',
  429: 'Too many requests with this token, or without a token from this address (`RATE_LIMITED`): wait the `Retry-After` seconds',
  503:
    "The server is shutting down (`SERVICE_UNAVAILABLE`), another process held the database's write lock too long (`DATABASE_BUSY`), " +
    'or the storage cannot be read or written now (`STORAGE_UNAVAILABLE`: a read-only or unreachable database), with `Retry-After`: retry later. Nothing was changed',
  507: 'The storage is full (`STORAGE_FULL`, with `Retry-After`): retry later. Nothing was changed',
};

/** Every error status a route can answer with, declared as application/problem+json. */
export function problems(...statuses: number[]) {
  return Object.fromEntries(
    statuses.map((s) => [
      s,
      { description: PROBLEM_DESCRIPTIONS[s] ?? 'Error', content: { 'application/problem+json': { schema: Problem } } },
    ]),
  );
}

/** The answer to a conditional GET whose `If-None-Match` names the current `ETag`. */
export const NOT_MODIFIED = {
  304: { description: 'Not modified: the `If-None-Match` tag names the current version', type: 'null' },
} as const;
