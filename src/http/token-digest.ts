/**
 * The sha256 of a request's seat token, made at most once per request: the per-token rate
 * limiter keys its buckets by it and the move route finds the seat by it, so the token is
 * hashed once however many of them ask.
 */
import type { FastifyRequest } from 'fastify';
import { bearerToken, tokenDigest } from '../service/lifecycle/seat-tokens.js';
import { HttpProblem } from './problem.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The sha256 of the request's well-formed seat token, once something needed it. */
    seatTokenDigest: Buffer | null;
  }
}

/** The digest of the request's seat token (null without a well-formed one), made once per request. */
export function requestTokenDigest(request: FastifyRequest): Buffer | null {
  // `== null`: also on an app that did not decorate requests with the memo.
  if (request.seatTokenDigest == null) {
    const token = bearerToken(request.headers.authorization);
    request.seatTokenDigest = token === null ? null : tokenDigest(token);
  }
  return request.seatTokenDigest;
}

/** The digest of the request's bearer token (a seat's or the admin's): 401 without a well-formed one. */
export function bearerDigest(request: FastifyRequest, what: string): Buffer {
  if (request.headers.authorization === undefined)
    throw new HttpProblem('TOKEN_MISSING', `send the ${what} as Authorization: Bearer <token>`);
  const digest = requestTokenDigest(request);
  if (digest === null)
    throw new HttpProblem('TOKEN_MALFORMED', `the Authorization header is not a well-formed ${what}`);
  return digest;
}
