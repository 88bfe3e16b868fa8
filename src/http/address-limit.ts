/**
 * A budget per client address for what no seat token pays for: creating games, and move
 * submissions without a well-formed token (which would otherwise bypass the per-token limit and
 * still cost a body read and its validation before the 401). Reads are not budgeted: their
 * answers are cached JSON, cheaper than the bucket's bookkeeping would be worth.
 *
 * It is the per-token limiter's token bucket keyed by address, run in `onRequest` (before the
 * body is read). @fastify/rate-limit would do the same job; the hand-written bucket is already
 * measured on the move route (~2 µs) and bounded in memory (idle keys dropped, 100,000 at most),
 * and one mechanism for both budgets is less to configure and to explain.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { bearerToken } from '../service/lifecycle/seat-tokens.js';
import { answerAdmission, type RateLimiter, type RateLimitOptions } from './rate-limit.js';

/** A burst of 50 games, then 5 a second, per client address. */
export const DEFAULT_ADDRESS_LIMIT: RateLimitOptions = { perSecond: 5, burst: 50 };

/** The key of a client: its address as the socket sees it (a proxy in front shares one budget). */
const addressOf = (request: FastifyRequest): string => request.ip;

/** An onRequest hook charging the client's address; `tokenless` charges only requests without a token. */
export function limitPerAddress(limiter: RateLimiter, { tokenless = false } = {}) {
  return (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void): void => {
    if (!limiter.enabled || (tokenless && bearerToken(request.headers.authorization) !== null)) return done();
    answerAdmission(
      limiter.admit(addressOf(request)),
      reply,
      done,
      (retryAfter) => `too many requests without a seat token from this address: retry after ${retryAfter} s`,
    );
  };
}
