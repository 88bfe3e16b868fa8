import { DEFAULT_RATE_LIMIT } from './http/rate-limit.js';
import { parseDatabaseUrl, type StoreLocation } from './storage/open-store.js';
import { DEFAULT_POOL_SIZE, DEFAULT_STATEMENT_TIMEOUT_MS } from './storage/postgres/defaults.js';

export interface ServerConfig {
  port: number;
  host: string;
  /** From `DATABASE_URL`: SQLite (a file or `:memory:`) or PostgreSQL. */
  database: StoreLocation;
  /** PostgreSQL only: connections per node, and the longest a statement may run. */
  postgres: { poolSize: number; statementTimeoutMs: number };
  cacheSize: number;
  /** Requests per second and burst per bearer token; 0 turns the limit off. */
  rateLimit: { perSecond: number; burst: number };
  logLevel: string;
}

export const DEFAULT_DATABASE_URL = 'file:./data/carcassonne.db';

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be an integer from ${min} to ${max}, got ${JSON.stringify(raw)}`);
  }
  return value;
}

/** The server's configuration from the environment (see README, "Configuration"). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: integer(env, 'PORT', 3000, 0, 65535),
    host: env.HOST || '127.0.0.1',
    database: parseDatabaseUrl(env.DATABASE_URL || DEFAULT_DATABASE_URL),
    postgres: {
      poolSize: integer(env, 'PG_POOL_SIZE', DEFAULT_POOL_SIZE, 1, 1000),
      statementTimeoutMs: integer(env, 'PG_STATEMENT_TIMEOUT_MS', DEFAULT_STATEMENT_TIMEOUT_MS, 1, 600_000),
    },
    cacheSize: integer(env, 'CACHE_SIZE', 1000, 0, 1_000_000),
    rateLimit: {
      perSecond: integer(env, 'RATE_LIMIT_PER_SECOND', DEFAULT_RATE_LIMIT.perSecond, 0, 1_000_000),
      burst: integer(env, 'RATE_LIMIT_BURST', DEFAULT_RATE_LIMIT.burst, 0, 1_000_000),
    },
    logLevel: env.LOG_LEVEL || 'info',
  };
}
