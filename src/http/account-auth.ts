/**
 * Who a request acts as (`docs/accounts.md`): a seat token, or an account key
 * (`Authorization: Bearer cak_…`), which acts for every seat its account holds. The account is
 * looked up once per request (by the key's sha256, the digest the per-token limiter already
 * made), then charged to the account's own budget: keys of one account share it. A key is
 * never taken from a URL, where it would land in logs and histories: such a request is refused
 * before anything reads it (`refuseKeysInUrls`).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Account } from '../storage/accounts.js';
import type { Accounts } from '../service/accounts/accounts.js';
import { ACCOUNT_KEY_IN_TEXT, isAccountKey } from '../service/accounts/account-keys.js';
import { bearerToken, type SeatCredential } from '../service/lifecycle/seat-tokens.js';
import { ServiceError } from '../service/service-error.js';
import { HttpProblem, sendProblem } from './problem.js';
import type { RateLimiter } from './rate-limit.js';
import { bearerDigest, requestTokenDigest } from './token-digest.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The account of the request's key, once something asked for it. */
    account: Promise<Account & { keyId: string }> | null;
  }
}

/** Requests each account makes: 20 at once, then 10 a second, whatever keys it uses. */
export const DEFAULT_ACCOUNT_LIMIT = { perSecond: 10, burst: 20 } as const;

export class AccountAuth {
  constructor(
    readonly accounts: Accounts,
    private readonly limiter: RateLimiter,
  ) {}

  /** Whether the request's bearer is an account key (well-formed; not yet checked). */
  hasKey(request: FastifyRequest): boolean {
    const token = bearerToken(request.headers.authorization);
    return token !== null && isAccountKey(token);
  }

  /** The request's account: 401 without an account key, or with an unknown or revoked one; 429 beyond its budget. */
  account(request: FastifyRequest): Promise<Account & { keyId: string }> {
    request.account ??= this.check(request);
    return request.account;
  }

  /** The request's account when it sent an account key, else undefined (a seat token or nothing). */
  async optionalAccount(request: FastifyRequest): Promise<(Account & { keyId: string }) | undefined> {
    return this.hasKey(request) ? this.account(request) : undefined;
  }

  /** What acts for a seat: the account of an account key, else the seat token's digest (401 without either). */
  async seat(request: FastifyRequest, what = 'seat token'): Promise<SeatCredential> {
    if (this.hasKey(request)) return { account: (await this.account(request)).id };
    return bearerDigest(request, `${what} or account key`);
  }

  private async check(request: FastifyRequest): Promise<Account & { keyId: string }> {
    if (!this.hasKey(request)) {
      if (request.headers.authorization === undefined)
        throw new ServiceError('ACCOUNT_KEY_REQUIRED', 'send the account key as Authorization: Bearer <key>');
      throw new HttpProblem('TOKEN_MALFORMED', 'the Authorization header is not a well-formed account key');
    }
    const account = await this.accounts.byKey(requestTokenDigest(request)!);
    const retryAfter = await this.limiter.admit(account.id);
    if (retryAfter > 0)
      throw new HttpProblem('RATE_LIMITED', `too many requests for this account: retry after ${retryAfter} s`, {
        retryAfter,
      });
    return account;
  }
}

/** An onRequest hook: a URL that carries an account key is refused (400), and nothing is done with it. */
export function refuseKeysInUrls(request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void): void {
  if (!ACCOUNT_KEY_IN_TEXT.test(request.url)) return done();
  sendProblem(
    reply,
    'ACCOUNT_KEY_IN_URL',
    'an account key must never be part of a URL (URLs are logged and kept in histories): send it as Authorization: Bearer <key>, and revoke this one',
  );
}
