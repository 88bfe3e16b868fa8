import { readFileSync } from 'node:fs';
import { DEFAULT_ADDRESS_LIMIT } from './http/address-limit.js';
import { openFileLimit } from './http/connections.js';
import { DEFAULT_RATE_LIMIT } from './http/rate-limit.js';
import { databasePathFromUrl } from './storage/database.js';

export interface ServerConfig {
  port: number;
  host: string;
  databasePath: string;
  cacheSize: number;
  /** Requests per second and burst per bearer token; 0 turns the limit off. */
  rateLimit: { perSecond: number; burst: number };
  /** Requests without a seat token (game creation included) per client address; 0 turns it off. */
  addressRateLimit: { perSecond: number; burst: number };
  /** Connections open at once; beyond, 503. */
  maxConnections: number;
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

/**
 * Connections left for clients by default: the open-file limit less what the process needs
 * besides (the database and its journal, a worker, the 503 answers beyond the cap), so the
 * process answers 503 before the kernel refuses connections with resets.
 */
const FILES_KEPT_BACK = 128;

function defaultMaxConnections(): number {
  let limits: string | undefined;
  try {
    limits = readFileSync('/proc/self/limits', 'utf8');
  } catch {
    limits = undefined; // not Linux: no cap derived
  }
  const files = openFileLimit(limits);
  return files === undefined ? 10_000 : Math.max(1, files - FILES_KEPT_BACK);
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
    addressRateLimit: {
      perSecond: integer(env, 'ADDRESS_RATE_LIMIT_PER_SECOND', DEFAULT_ADDRESS_LIMIT.perSecond, 0, 1_000_000),
      burst: integer(env, 'ADDRESS_RATE_LIMIT_BURST', DEFAULT_ADDRESS_LIMIT.burst, 0, 1_000_000),
    },
    maxConnections: integer(env, 'MAX_CONNECTIONS', defaultMaxConnections(), 1, 10_000_000),
    logLevel: env.LOG_LEVEL || 'info',
  };
}
