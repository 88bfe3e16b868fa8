/**
 * A fresh PostgreSQL database for a test, on the server tap's `before` script started. Without
 * it (a file run on its own by another runner) this process starts a server of its own, stopped
 * when the process exits. No server at all: in CI a failure (the PostgreSQL tests must run
 * there), elsewhere `undefined`, and the caller skips.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Test } from 'tap';
import { answers, postgresServer, serverUrl, SHARED_PORT, type PostgresServer } from './postgres-server.js';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A server of this process's own on a free port, removed when the process exits. */
export async function privateServer(): Promise<PostgresServer> {
  const parent = mkdtempSync(join(tmpdir(), 'carcassonne-pg-'));
  chmodSync(parent, 0o755); // the server may run as another user (as root: postgres)
  const server = await postgresServer(await freePort(), join(parent, 'data'));
  process.once('exit', () => {
    server.destroy();
    rmSync(parent, { recursive: true, force: true });
  });
  server.start();
  return server;
}

let port: Promise<number | undefined> | undefined;

async function findServer(): Promise<number | undefined> {
  // test/setup/tiers.mjs put a file that needs PostgreSQL in the unit tier: say so, start nothing.
  if (process.env.TEST_TIER === 'unit')
    throw new Error(
      'a unit-tier test asked for PostgreSQL: test/setup/tiers.mjs should have put it in the system tier',
    );
  if (await answers(SHARED_PORT)) return SHARED_PORT;
  try {
    return (await privateServer()).port;
  } catch (error) {
    if (process.env.CI)
      throw new Error(`PostgreSQL could not start, and CI must run its tests: ${String(error)}`, { cause: error });
    return undefined;
  }
}

/** True when a server answers or could be started (always true in CI, or it throws). */
export async function postgresAvailable(): Promise<boolean> {
  port ??= findServer();
  return (await port) !== undefined;
}

/** The URL of a new, empty database, dropped when `t` ends; undefined when no server can start (outside CI). */
export async function postgresDatabase(t: Test): Promise<string | undefined> {
  port ??= findServer();
  const serverPort = await port;
  if (serverPort === undefined) return undefined;
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl(serverPort) });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  t.teardown(async () => {
    const client = new pg.Client({ connectionString: serverUrl(serverPort) });
    client.on('error', () => {});
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => client.end());
  });
  return serverUrl(serverPort, name);
}
