import { readFileSync } from 'node:fs';
import { DEFAULT_STREAM_LIMITS, type StreamLimits } from './http/stream-limits.js';
import { parseCorsOrigins, type CorsOrigins } from './http/cors.js';
import { DEFAULT_ACCOUNT_LIMIT } from './http/account-auth.js';
import { DEFAULT_ADDRESS_LIMIT } from './http/address-limit.js';
import { DEFAULT_TIMEOUTS, openFileLimit } from './http/connections.js';
import { DEFAULT_RATE_LIMIT, type RateLimitOptions } from './http/rate-limit.js';
import { parseFrameAncestors } from './http/security-headers.js';
import { DEFAULT_HINT_BUDGET } from './http/routes/hint.js';
import { DEFAULT_MAX_GAMES_PER_OWNER } from './service/bots/bot-driver.js';
import { DEFAULT_BOT_QUEUE, defaultBotWorkers, defaultWorkersPerCreator } from './service/bots/bot-pool.js';
import { DEFAULT_HINT_LIMITS, type HintLimits } from './service/bots/hints.js';
import { DEFAULT_BOT_MOVE_MS, DEFAULT_BOT_SCAN_SECONDS, DEFAULT_HINT_MS } from './service/bots/bot-runtime.js';
import type { WebhookOptions } from './service/game-service.js';
import { DEFAULT_ANALYSIS } from './service/analysis/analyses.js';
import { DEFAULT_RETRY_DELAYS_MS } from './service/webhooks/webhook-sender.js';
import { DEFAULT_DNS_TIMEOUT_MS } from './service/webhooks/webhook-dns.js';
import { parseAllowHosts } from './service/webhooks/webhook-url.js';
import { SERVER_BOTS } from './service/accounts/server-bots.js';
import { parseDatabaseUrl, type StoreLocation } from './storage/open-store.js';
import type { PostgresStoreOptions } from './storage/postgres/store.js';
import { DEFAULT_SQLITE_COMMIT_WINDOW_MS, type SqliteStoreOptions } from './storage/sqlite/store.js';
import {
  DEFAULT_COMMIT_WINDOW_MS,
  DEFAULT_POOL_SIZE,
  DEFAULT_STATEMENT_TIMEOUT_MS,
} from './storage/postgres/defaults.js';

/** A request budget as the environment sets it (the rate limiter's own options, without its internals). */
type RequestBudget = Pick<RateLimitOptions, 'perSecond' | 'burst'>;

export interface ServerConfig {
  port: number;
  host: string;
  /** From `DATABASE_URL`: SQLite (a file or `:memory:`) or PostgreSQL. */
  database: StoreLocation;
  /** PostgreSQL only: connections per node, and the longest a statement may run. */
  postgres: Required<Omit<PostgresStoreOptions, 'onFault'>>;
  /** SQLite only: the group commit's window. */
  sqlite: Required<Pick<SqliteStoreOptions, 'commitWindowMs'>>;
  cacheSize: number;
  /** Requests per second and burst per bearer token; 0 turns the limit off. */
  rateLimit: RequestBudget;
  /** Requests without a seat token (game creation included) per client address; 0 turns it off. */
  addressRateLimit: RequestBudget;
  /** Requests with an account key per account; 0 turns it off. */
  accountRateLimit: RequestBudget;
  /** Connections open at once; beyond, 503. */
  maxConnections: number;
  /** `HEADERS_TIMEOUT_MS`: how long a connection may take to send its request's headers. */
  timeouts: { headersMs: number };
  /** Streams and long-polls per address, connections kept from them, a stream's lifetime, stream opens per address. */
  streams: StreamLimits;
  logLevel: string;
  /** Games with no move for this many days are deleted; 0 keeps them for ever. */
  gameRetentionDays: number;
  /** `LADDER_ROUND_SECONDS`: the ladder's rounds come this often (and when a ladder game ends); 0 stops them. */
  ladderRoundSeconds: number;
  /**
   * `LADDER_SERVER_BOTS`, `LADDER_SERVER_BOT_GAMES`, `LADDER_SERVER_BOTS_MEET`: the server's bots on
   * the ladder, their ladder games at once, and whether they meet each other (to rate them).
   */
  ladderServerBots: { names: string[]; maxGames: number; meet: boolean };
  /** `CORS_ORIGINS`: comma-separated origins or `*`; none by default. */
  corsOrigins: CorsOrigins;
  /** `FRAME_ANCESTORS`: the CSP sources that may frame the pages; `'none'` by default. */
  frameAncestors: string[];
  /**
   * Bots: worker threads, their queue, mcts level 3's time per move, a hint's time, the scan for
   * games waiting on a bot; one creator's share (workers, games at once); hints at once and waiting.
   */
  bots: {
    workers: number;
    queueLimit: number;
    moveMs: number;
    hintMs: number;
    scanSeconds: number;
    workersPerCreator: number;
    gamesPerCreator: number;
    hintLimits: HintLimits;
  };
  /** Hints per minute (and at once) each client address, and each seat token, may ask; 0 turns the budget off. */
  hintBudget: { perMinute: number; burst: number };
  /** Webhooks (`docs/webhooks.md`): hosts allowed over http:// and to private addresses, and the sender's settings. */
  webhooks: WebhookOptions & { sender: NonNullable<WebhookOptions['sender']> };
  /** Post-game analyses (`docs/analysis.md`): worker time per game, games at once. */
  analysis: { budgetMs: number; concurrency: number };
  /** `PUBLIC_URL`: where users reach the server, without a trailing slash (chat webhooks link under it); null when unset. */
  publicUrl: string | null;
}

const DEFAULT_DATABASE_URL = 'file:./data/carcassonne.db';

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be an integer from ${min} to ${max}, got ${JSON.stringify(raw)}`);
  }
  return value;
}

/** `WEBHOOK_RETRY_SECONDS`: the waits before each retry, comma-separated seconds. */
function retryDelays(env: NodeJS.ProcessEnv): number[] {
  const raw = env.WEBHOOK_RETRY_SECONDS;
  if (raw === undefined || raw === '') return DEFAULT_RETRY_DELAYS_MS;
  const delays = raw.split(',').map((s) => Number(s.trim()));
  if (delays.length > 50 || delays.some((d) => !Number.isFinite(d) || d < 0 || d > 7 * 86_400)) {
    throw new Error(
      `WEBHOOK_RETRY_SECONDS must be at most 50 comma-separated seconds from 0 to 604800, got ${JSON.stringify(raw)}`,
    );
  }
  return delays.map((d) => d * 1000);
}

/** `LADDER_SERVER_BOTS`: comma-separated names of the server's bots (`none` or empty: none). */
function serverBotNames(raw: string): string[] {
  const names = raw
    .split(',')
    .map((n) => n.trim())
    .filter((n) => n !== '' && n !== 'none');
  const known = SERVER_BOTS.map((b) => b.name);
  const unknown = names.filter((n) => !known.includes(n));
  if (unknown.length > 0)
    throw new Error(`LADDER_SERVER_BOTS names no server bot: ${unknown.join(', ')} (they are ${known.join(', ')})`);
  return names;
}

/** `PUBLIC_URL`: an http(s) base URL, kept without query, fragment or trailing slash. */
function publicUrl(env: NodeJS.ProcessEnv): string | null {
  const raw = env.PUBLIC_URL;
  if (raw === undefined || raw === '') return null;
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (
    !url ||
    (url.protocol !== 'https:' && url.protocol !== 'http:') ||
    url.search ||
    url.hash ||
    url.username ||
    url.password
  ) {
    throw new Error(
      `PUBLIC_URL must be an http:// or https:// URL without credentials, query or fragment, got ${JSON.stringify(raw)}`,
    );
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/**
 * Connections allowed by default: three quarters of the open-file limit. The rest is for the
 * process's own files (~35: the database, its journal, workers, pipes) and for the connections
 * beyond the cap, which hold a descriptor for a moment to be answered 503; a flood of them must
 * not reach the limit, or the kernel refuses connections with resets, `/health` included.
 */
function defaultMaxConnections(): number {
  let limits: string | undefined;
  try {
    limits = readFileSync('/proc/self/limits', 'utf8');
  } catch {
    limits = undefined; // not Linux: no cap derived
  }
  const files = openFileLimit(limits);
  return files === undefined ? 10_000 : Math.max(1, Math.floor((files * 3) / 4));
}

/** The server's configuration from the environment (every variable: docs/operations.md, "Configuration"). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const workers = integer(env, 'BOT_WORKERS', defaultBotWorkers(), 1, 256);
  return {
    port: integer(env, 'PORT', 3000, 0, 65535),
    host: env.HOST || '127.0.0.1',
    database: parseDatabaseUrl(env.DATABASE_URL || DEFAULT_DATABASE_URL),
    postgres: {
      poolSize: integer(env, 'PG_POOL_SIZE', DEFAULT_POOL_SIZE, 1, 1000),
      statementTimeoutMs: integer(env, 'PG_STATEMENT_TIMEOUT_MS', DEFAULT_STATEMENT_TIMEOUT_MS, 1, 600_000),
      commitWindowMs: integer(env, 'PG_COMMIT_WINDOW_MS', DEFAULT_COMMIT_WINDOW_MS, 0, 1000),
    },
    sqlite: {
      commitWindowMs: integer(env, 'SQLITE_COMMIT_WINDOW_MS', DEFAULT_SQLITE_COMMIT_WINDOW_MS, 0, 1000),
    },
    cacheSize: integer(env, 'CACHE_SIZE', 1000, 0, 1_000_000),
    rateLimit: {
      perSecond: integer(env, 'RATE_LIMIT_PER_SECOND', DEFAULT_RATE_LIMIT.perSecond, 0, 1_000_000),
      burst: integer(env, 'RATE_LIMIT_BURST', DEFAULT_RATE_LIMIT.burst, 0, 1_000_000),
    },
    addressRateLimit: {
      perSecond: integer(env, 'ADDRESS_RATE_LIMIT_PER_SECOND', DEFAULT_ADDRESS_LIMIT.perSecond, 0, 1_000_000),
      burst: integer(env, 'ADDRESS_RATE_LIMIT_BURST', DEFAULT_ADDRESS_LIMIT.burst, 0, 1_000_000),
    },
    accountRateLimit: {
      perSecond: integer(env, 'ACCOUNT_RATE_LIMIT_PER_SECOND', DEFAULT_ACCOUNT_LIMIT.perSecond, 0, 1_000_000),
      burst: integer(env, 'ACCOUNT_RATE_LIMIT_BURST', DEFAULT_ACCOUNT_LIMIT.burst, 0, 1_000_000),
    },
    maxConnections: integer(env, 'MAX_CONNECTIONS', defaultMaxConnections(), 1, 10_000_000),
    timeouts: { headersMs: integer(env, 'HEADERS_TIMEOUT_MS', DEFAULT_TIMEOUTS.headersMs, 100, 600_000) },
    streams: {
      perAddress: integer(env, 'STREAMS_PER_ADDRESS', DEFAULT_STREAM_LIMITS.perAddress, 0, 10_000_000),
      reservedConnections: integer(
        env,
        'RESERVED_CONNECTIONS',
        DEFAULT_STREAM_LIMITS.reservedConnections,
        0,
        10_000_000,
      ),
      maxSeconds: integer(env, 'STREAM_MAX_SECONDS', DEFAULT_STREAM_LIMITS.maxSeconds, 1, 86_400),
      opens: {
        perSecond: integer(env, 'STREAM_OPENS_PER_SECOND', DEFAULT_STREAM_LIMITS.opens.perSecond, 0, 1_000_000),
        burst: integer(env, 'STREAM_OPENS_BURST', DEFAULT_STREAM_LIMITS.opens.burst, 0, 1_000_000),
      },
    },
    logLevel: env.LOG_LEVEL || 'info',
    gameRetentionDays: integer(env, 'GAME_RETENTION_DAYS', 0, 0, 36_500),
    ladderRoundSeconds: integer(env, 'LADDER_ROUND_SECONDS', 10, 0, 86_400),
    ladderServerBots: {
      names: serverBotNames(env.LADDER_SERVER_BOTS ?? 'RandomBot,GreedyBot,MctsBot1'),
      maxGames: integer(env, 'LADDER_SERVER_BOT_GAMES', 8, 2, 100),
      meet: integer(env, 'LADDER_SERVER_BOTS_MEET', 0, 0, 1) === 1,
    },
    corsOrigins: parseCorsOrigins(env.CORS_ORIGINS),
    frameAncestors: parseFrameAncestors(env.FRAME_ANCESTORS),
    bots: {
      workers,
      queueLimit: integer(env, 'BOT_QUEUE', DEFAULT_BOT_QUEUE, 1, 100_000),
      moveMs: integer(env, 'BOT_MOVE_MS', DEFAULT_BOT_MOVE_MS, 1, 60_000),
      hintMs: integer(env, 'HINT_MS', DEFAULT_HINT_MS, 1, 60_000),
      scanSeconds: integer(env, 'BOT_SCAN_SECONDS', DEFAULT_BOT_SCAN_SECONDS, 0, 86_400),
      workersPerCreator: integer(env, 'BOT_WORKERS_PER_CREATOR', defaultWorkersPerCreator(workers), 1, 256),
      gamesPerCreator: integer(env, 'BOT_GAMES_PER_CREATOR', DEFAULT_MAX_GAMES_PER_OWNER, 1, 100_000),
      hintLimits: {
        concurrency: integer(env, 'HINTS_AT_ONCE', defaultWorkersPerCreator(workers), 1, 256),
        queue: integer(env, 'HINT_QUEUE', DEFAULT_HINT_LIMITS.queue, 0, 100_000),
      },
    },
    hintBudget: {
      perMinute: integer(env, 'HINTS_PER_MINUTE', DEFAULT_HINT_BUDGET.perMinute, 0, 1_000_000),
      burst: integer(env, 'HINT_BURST', DEFAULT_HINT_BUDGET.burst, 0, 1_000_000),
    },
    analysis: {
      budgetMs: integer(env, 'ANALYSIS_BUDGET_MS', DEFAULT_ANALYSIS.budgetMs, 100, 3_600_000),
      concurrency: integer(env, 'ANALYSIS_CONCURRENCY', DEFAULT_ANALYSIS.concurrency, 1, 256),
    },
    publicUrl: publicUrl(env),
    webhooks: {
      allowHosts: parseAllowHosts(env.WEBHOOK_ALLOW_HOSTS),
      dns: {
        servers: (env.WEBHOOK_DNS_SERVERS ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter((s) => s !== ''),
        timeoutMs: integer(env, 'WEBHOOK_DNS_TIMEOUT_MS', DEFAULT_DNS_TIMEOUT_MS, 10, 60_000),
      },
      sender: {
        retryDelaysMs: retryDelays(env),
        timeouts: {
          connectMs: integer(env, 'WEBHOOK_CONNECT_TIMEOUT_MS', 3000, 1, 60_000),
          responseMs: integer(env, 'WEBHOOK_TIMEOUT_MS', 10_000, 1, 120_000),
        },
        pollMs: integer(env, 'WEBHOOK_POLL_MS', 1000, 10, 600_000),
        concurrency: integer(env, 'WEBHOOK_CONCURRENCY', 16, 1, 1000),
        perHostPerMinute: integer(env, 'WEBHOOK_PER_HOST_PER_MINUTE', 600, 1, 1_000_000),
        perGamePerMinute: integer(env, 'WEBHOOK_PER_GAME_PER_MINUTE', 120, 1, 1_000_000),
      },
    },
  };
}
