/**
 * The server processes a bench:http run measures: each started from the build on a free port,
 * with the CPU time it (or PostgreSQL with its backends) has used read from /proc.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { PostgresServer } from '../test/helpers/postgres-server.js';

// BENCH_SERVER_ROOT=<another checkout, built> runs its dist/server.js instead: old build against new.
const root = process.env.BENCH_SERVER_ROOT ?? fileURLToPath(new URL('../', import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface Server {
  url: string;
  /** The server's process. */
  pid: number;
  stop: () => void;
  /** CPU seconds the server process has used so far (user + system), or NaN off Linux. */
  cpuSeconds: (part?: 'system') => number;
}

/** A server with the bare route (`bare-server.mjs`) preloaded into its process: `bare` is that route's listener. */
export interface ServerWithBare extends Server {
  bare?: Server;
}

const bareScript = fileURLToPath(new URL('./bare-server.mjs', import.meta.url));

/**
 * Whether a bench can keep its servers and its client apart, on CPUs 0 and 1 (`taskset`, Linux,
 * both CPUs this process's to use). Left to the scheduler, the server that happened to share a
 * CPU with the client more often paid for it: two copies of one build read ×1.03–1.04 apart, and
 * old and new read ×1.06 in one start order and ×1.09 in the other (docs/performance.md).
 */
export const canPin = (): boolean =>
  availableParallelism() >= 2 && spawnSync('taskset', ['-c', '0,1', 'true']).status === 0;

/** Keeps this process (every thread of it, and those it starts later) on `cpu`. */
export function pinSelf(cpu: number): void {
  execFileSync('taskset', ['-a', '-p', '-c', String(cpu), String(process.pid)], { stdio: 'ignore' });
}

/**
 * `withBare`: the bare route runs inside the server's process too, on a port of its own (bench-only,
 * by preload). `serverRoot`: the checkout whose build runs (bench:http-ab starts two).
 */
export async function startServer(
  databaseUrl: string,
  cacheSize: number,
  withBare = false,
  { serverRoot = root, cpu }: { serverRoot?: string; cpu?: number } = {},
): Promise<ServerWithBare> {
  // Request logging is off by default here (warn): it would measure pino, not the service.
  // Every game fits the cache: this measures the hot path (a cache miss replays the log).
  const barePort = withBare ? await freePort() : undefined;
  const server = await start('dist/server.js', serverRoot, {
    env: {
      DATABASE_URL: databaseUrl,
      CACHE_SIZE: String(cacheSize),
      // The benchmark creates its games, and opens its streams, from one address.
      ADDRESS_RATE_LIMIT_PER_SECOND: '0',
      STREAMS_PER_ADDRESS: '0',
      STREAM_OPENS_PER_SECOND: '0',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      ...(barePort === undefined ? {} : { BARE_PORT: String(barePort) }),
    },
    preload: barePort === undefined ? [] : ['--import', pathToFileURL(bareScript).href],
    cpu,
  });
  if (barePort === undefined) return server;
  // The same process, so the same CPU clock: a bare round's CPU is the server process's.
  const bare = { url: `http://127.0.0.1:${barePort}`, pid: server.pid, stop: () => {}, cpuSeconds: server.cpuSeconds };
  return { ...server, bare };
}

/** The bare route (`bare-server.mjs`) of this checkout in a process of its own: the older, second reference. */
export function startBareServer(): Promise<Server> {
  return start(bareScript, fileURLToPath(new URL('../', import.meta.url)), { portVariable: 'BARE_PORT' });
}

async function start(
  script: string,
  cwd: string,
  {
    env = {},
    preload = [],
    portVariable = 'PORT',
    cpu,
  }: { env?: Record<string, string>; preload?: string[]; portVariable?: string; cpu?: number },
): Promise<Server> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=prof" profiles the server.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const command = [process.execPath, ...nodeArgs, ...preload, script];
  // taskset runs the server in its own process (exec), so the pid is the server's.
  if (cpu !== undefined) command.unshift('taskset', '-c', String(cpu));
  const child = spawn(command[0], command.slice(1), {
    cwd,
    env: { ...process.env, ...env, [portVariable]: String(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      if (i > 600) throw new Error('server did not start'); // a minute: a loaded machine starts a node slowly
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  /** `system`: the kernel's share alone (system calls: sockets, wake-ups). */
  const cpuSeconds = (part?: 'system') => {
    try {
      // /proc/<pid>/stat fields 14 and 15: utime and stime in clock ticks (100 per second).
      const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return ((part === 'system' ? 0 : Number(fields[11])) + Number(fields[12])) / 100;
    } catch {
      return Number.NaN;
    }
  };
  return { url, pid: child.pid!, stop: () => child.kill('SIGTERM'), cpuSeconds };
}

/** The CPU seconds of the postmaster and its children (the backends), from /proc (Linux). */
export function postgresCpu(pg: PostgresServer | undefined): number {
  if (!pg) return Number.NaN;
  try {
    const postmaster = readFileSync(join(pg.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0].trim();
    let ticks = 0;
    for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      try {
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
        if (pid === postmaster || fields[1] === postmaster) ticks += Number(fields[11]) + Number(fields[12]);
      } catch {
        // gone meanwhile
      }
    }
    return ticks / 100;
  } catch {
    return Number.NaN;
  }
}
