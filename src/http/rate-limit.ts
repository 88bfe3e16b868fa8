import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BudgetLedger } from '../storage/game-store.js';
import { sendProblem } from './problem.js';
import { SharedBuckets } from './shared-buckets.js';
import { requestTokenDigest } from './token-digest.js';

export interface RateLimitOptions {
  /** Requests each key earns per second; 0 turns limiting off. */
  perSecond: number;
  /** Requests a key may make at once after being idle; 0 turns limiting off. */
  burst: number;
  /** Most keys tracked at once: idle (full) buckets go first, then the least recently used. */
  maxKeys?: number;
  /** Milliseconds, monotonic; tests pass a fake clock. */
  now?: () => number;
  /**
   * Shares the budget with every node of a store (`shared-buckets.ts`) under `name`: a client
   * spreading its requests over the nodes gets about the one budget, not one per node.
   */
  shared?: { ledger: BudgetLedger; name: string };
}

export const DEFAULT_RATE_LIMIT = { perSecond: 100, burst: 200 } as const;

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * Token buckets by key: each key holds up to `burst` requests and earns `perSecond` back.
 * Memory is bounded: a bucket that has refilled is the same as no bucket, so those are
 * dropped, and beyond `maxKeys` the least recently used key is forgotten.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly perMs: number;
  private readonly maxKeys: number;
  private readonly now: () => number;
  private lastSweep: number;
  private readonly shared: SharedBuckets | undefined;

  constructor(private readonly options: RateLimitOptions) {
    this.perMs = options.perSecond / 1000;
    this.maxKeys = options.maxKeys ?? 100_000;
    this.now = options.now ?? (() => performance.now());
    this.lastSweep = this.now();
    if (options.shared && this.enabled) {
      this.shared = new SharedBuckets(options.shared.ledger, options.shared.name, options, this.maxKeys, this.now);
    }
  }

  get enabled(): boolean {
    return this.options.perSecond > 0 && this.options.burst > 0;
  }

  get size(): number {
    return this.shared?.size ?? this.buckets.size;
  }

  /**
   * Takes one request for `key`: 0 when allowed, else the seconds until the next one is.
   * Synchronous: a shared budget answers from this node's share, and says 1 s when that share
   * is spent and its next draw has not come back yet (`admit` waits for the draw instead).
   */
  take(key: string): number {
    if (!this.enabled) return 0;
    if (this.shared) return this.shared.take(key);
    const now = this.now();
    this.sweep(now);
    const bucket = this.buckets.get(key);
    let tokens = this.options.burst;
    if (bucket) {
      tokens = Math.min(this.options.burst, bucket.tokens + (now - bucket.at) * this.perMs);
      this.buckets.delete(key); // re-inserted below: the Map's order is least recently used first
    } else if (this.buckets.size >= this.maxKeys) {
      this.buckets.delete(this.buckets.keys().next().value as string);
    }
    if (tokens >= 1) {
      this.buckets.set(key, { tokens: tokens - 1, at: now });
      return 0;
    }
    this.buckets.set(key, { tokens, at: now });
    return Math.max(1, Math.ceil((1 - tokens) / this.perMs / 1000));
  }

  /** As `take`, but waits for a shared budget's draw in flight rather than refuse before it returns. */
  admit(key: string): number | Promise<number> {
    if (!this.enabled) return 0;
    return this.shared ? this.shared.admit(key) : this.take(key);
  }

  /** Forgets buckets that have refilled, at most once per full-refill time. */
  private sweep(now: number): void {
    const refillMs = this.options.burst / this.perMs;
    if (now - this.lastSweep < refillMs) return;
    this.lastSweep = now;
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + (now - bucket.at) * this.perMs >= this.options.burst) this.buckets.delete(key);
    }
  }
}

/**
 * Makes the app's limiters, each budget under its own name: shared by every node when the store
 * keeps budgets (`ledger`: PostgreSQL), else this process's own. Every budget made here holds
 * across nodes with nothing more to do.
 */
export function budgets(ledger: BudgetLedger | undefined): (name: string, options: RateLimitOptions) => RateLimiter {
  return (name, options) => new RateLimiter(ledger ? { ...options, shared: { ledger, name } } : options);
}

/**
 * An onRequest hook limiting requests per seat token, keyed by the token's digest (no secret is
 * kept), which the route reuses to find the seat. It runs before the body is read: a flood
 * costs a hash and a map lookup. Requests without a well-formed token are left to the route
 * (which answers 401 before any work).
 */
export function limitPerToken(limiter: RateLimiter) {
  return (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void): void => {
    const digest = limiter.enabled ? requestTokenDigest(request) : null;
    if (digest === null) return done();
    answerAdmission(
      limiter.admit(digest.toString('latin1')),
      reply,
      done,
      (retryAfter) => `too many requests with this token: retry after ${retryAfter} s`,
    );
  };
}

/** Lets the request on (`done`) or answers 429 with `Retry-After`, once the admission is known. */
export function answerAdmission(
  admission: number | Promise<number>,
  reply: FastifyReply,
  done: (error?: Error) => void,
  detail: (retryAfter: number) => string,
): void {
  const answer = (retryAfter: number): void => {
    if (retryAfter > 0) sendProblem(reply, 'RATE_LIMITED', detail(retryAfter), { retryAfter });
    else done();
  };
  if (typeof admission === 'number') answer(admission);
  else admission.then(answer, (error: unknown) => done(error as Error));
}
