/**
 * What event streams and long-polls may take, and the defaults of a public server: the
 * settings `STREAMS_PER_ADDRESS`, `RESERVED_CONNECTIONS`, `STREAM_MAX_SECONDS`,
 * `STREAM_OPENS_PER_SECOND` and `STREAM_OPENS_BURST` (README, "Configuration").
 */
import type { RateLimitOptions } from './rate-limit.js';

export interface StreamLimits {
  /** Streams and long-polls one address may hold at once (`held-requests.ts`); 0: no cap. */
  perAddress: number;
  /** Connections no stream or long-poll may take (with a connection cap): `/health` and short requests keep them. */
  reservedConnections: number;
  /** A stream's longest life; its reader then resumes with `Last-Event-ID`. */
  maxSeconds: number;
  /** Stream opens per address: a reload or a reconnect now and then, not a storm. */
  opens: RateLimitOptions;
}

/** A browser holds a stream or two per open game, a bot one per seat. */
export const DEFAULT_STREAM_LIMITS: StreamLimits = {
  perAddress: 32,
  reservedConnections: 32,
  maxSeconds: 600,
  opens: { perSecond: 2, burst: 60 },
};
