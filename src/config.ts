import { DEFAULT_RATE_LIMIT } from './http/rate-limit.js';
import { databasePathFromUrl } from './storage/database.js';

export interface ServerConfig {
  port: number;
  host: string;
  databasePath: string;
  cacheSize: number;
  /** Requests per second and burst per bearer token; 0 turns the limit off. */
  rateLimit: { perSecond: number; burst: number };
  logLevel: string;
  /** Games with no move for this many days are deleted; 0 keeps them for ever. */
  gameRetentionDays: number;
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
    databasePath: databasePathFromUrl(env.DATABASE_URL || DEFAULT_DATABASE_URL),
    cacheSize: integer(env, 'CACHE_SIZE', 1000, 0, 1_000_000),
    rateLimit: {
      perSecond: integer(env, 'RATE_LIMIT_PER_SECOND', DEFAULT_RATE_LIMIT.perSecond, 0, 1_000_000),
      burst: integer(env, 'RATE_LIMIT_BURST', DEFAULT_RATE_LIMIT.burst, 0, 1_000_000),
    },
    logLevel: env.LOG_LEVEL || 'info',
    gameRetentionDays: integer(env, 'GAME_RETENTION_DAYS', 0, 0, 36_500),
  };
}
