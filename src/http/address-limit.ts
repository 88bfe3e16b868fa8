/**
 * A budget per client address for what no seat token pays for: creating games, and move
 * submissions without a well-formed token (which would otherwise bypass the per-token limit and
 * still cost a body read and its validation before the 401); and the reads that cost a store
 * read each (a page of the log, an analysis: `limitReads`, set on those two routes). Other reads
 * are not budgeted: their answers are cached JSON, cheaper than the bucket's bookkeeping would be
 * worth, and they pass no hook of it.
 *
 * It is the per-token limiter's token bucket keyed by address, run in `onRequest` (before the
 * body is read). @fastify/rate-limit would do the same job; the hand-written bucket is already
 * measured on the move route (~2 µs) and bounded in memory (idle keys dropped, 100,000 at most),
 * and one mechanism for both budgets is less to configure and to explain.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { bearerToken } from '../service/lifecycle/seat-tokens.js';
import { answerAdmission, type RateLimiter, type RateLimitOptions } from './rate-limit.js';

/**
 * Reads of a game's log and analysis per client address: a page of moves costs a store read
 * and its serialisation, so eight connections asking without pause used to take `/health` from
 * p50 0.7 to 28.6 ms (issue 42). 200 at once, then 100 a second: a client reading pages or
 * polling stays far below it.
 */
export const DEFAULT_READ_LIMIT: RateLimitOptions = { perSecond: 100, burst: 200 };

/** A burst of 50 games, then 5 a second, per client address. */
export const DEFAULT_ADDRESS_LIMIT: RateLimitOptions = { perSecond: 5, burst: 50 };

/** The key of a client: its address as the socket sees it (a proxy in front shares one budget). */
const addressOf = (request: FastifyRequest): string => request.ip;

/** An onRequest hook charging the client's address; `tokenless` charges only requests without a token. */
export function limitPerAddress(
  limiter: RateLimiter,
  { tokenless = false, what = 'requests without a seat token' }: { tokenless?: boolean; what?: string } = {},
) {
  return (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void): void => {
    if (!limiter.enabled || (tokenless && bearerToken(request.headers.authorization) !== null)) return done();
    answerAdmission(
      limiter.admit(addressOf(request)),
      reply,
      done,
      (retryAfter) => `too many ${what} from this address: retry after ${retryAfter} s`,
    );
  };
}

/**
 * The onRequest hook of the reads `DEFAULT_READ_LIMIT` budgets (`GET /games/{id}/moves` and
 * `GET /games/{id}/analysis`), charging the client's address.
 */
export function limitReads(limiter: RateLimiter) {
  return limitPerAddress(limiter, { what: 'reads of game logs and analyses' });
}
