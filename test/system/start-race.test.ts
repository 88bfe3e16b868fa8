/**
 * Several processes started at the same moment on one new SQLite file all serve: the migration
 * takes the file's write lock before it reads what is applied (src/storage/sqlite/migrate.ts), so
 * the later ones wait and find the tables made. Before, a process could find no migration applied,
 * then lose the lock to another that applied them, and fail its own `CREATE TABLE` (`table games
 * already exists`, exit 1).
 *
 * A real server process costs about a second of CPU to start, so the 20 rounds of 4 use a lighter
 * process that runs the server's very store-opening code from `dist/` (`openStore`, migrations and
 * all) and then writes and reads a game (`helpers/open-store.mjs`), told to start at one instant
 * once all four have loaded their modules (they used to wait out a fixed 1.5 s, spinning: ~90 s
 * of CPU over the 20 rounds). The same four processes serve every round, each on a new file:
 * what races is the opening of the file, not the loading of modules (80 processes were ~40 s of
 * CPU). Real `dist/server.js` processes are then caught in the interleaving that broke, made
 * certain: the test holds the file's write lock while they start, so each has read "nothing
 * applied" by the time it is let go.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readlinkSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import t, { type Test } from 'tap';
import { nodeChild } from '../helpers/child-env.js';
import { tempDatabase } from '../helpers/temp-database.js';
import { client, startServer } from '../helpers/server-process.js';

const OPEN_STORE = fileURLToPath(new URL('./helpers/open-store.mjs', import.meta.url));
const ROUNDS = 20;
const PROCESSES = 4;

/**
 * Starts the light process: answers once it has loaded its modules, with `round(at, db, label)`,
 * which tells it the instant to open the store on `db` and answers what it printed then (or its
 * error). It serves one round at a time; it ends when its stdin does (at `t`'s end, or when this
 * process dies), and is killed at `t`'s end if still running.
 */
async function lightProcess(t: Test): Promise<{ round(at: number, db: string, label: string): Promise<unknown> }> {
  const { command, args, env } = nodeChild(process.execPath, [OPEN_STORE]);
  const child = spawn(command, args, { env, stdio: ['pipe', 'pipe', 'pipe'] });
  t.teardown(() => {
    child.stdin.end();
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  child.stdin.on('error', () => {}); // gone already: its answer says why
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<string>((resolve) =>
    child.once('close', (code) => resolve(`exited (${code}) before it answered: ${stderr}`)),
  );
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = () => Promise.race([lines.next().then((line) => (line.done ? exited : line.value)), exited]);
  const ready = await next();
  if (ready !== 'ready') throw new Error(`not ready: ${ready}`);
  return {
    async round(at, db, label) {
      child.stdin.write(`${at} ${db} ${label}\n`);
      const line = await next();
      return line.startsWith('{') ? (JSON.parse(line) as unknown) : line;
    },
  };
}

t.test(
  `${PROCESSES} processes opening one new SQLite file at the same instant all migrate and serve, ${ROUNDS} times`,
  async (t) => {
    const processes = await Promise.all(Array.from({ length: PROCESSES }, () => lightProcess(t)));
    for (let round = 1; round <= ROUNDS; round++) {
      const db = tempDatabase(t);
      // Every one has loaded its modules and waits: they spin only the last few ms, together.
      const at = Date.now() + 20;
      const answers = await Promise.all(processes.map((p, i) => p.round(at, db, `game-${i}`)));
      t.same(
        answers,
        answers.map((_, i) => ({ found: `game-${i}`, version: 0 })),
        `round ${round}: every process opened the file, wrote its game and read it`,
      );
    }
  },
);

/** Whether process `pid` has the file `path` open. */
function hasOpen(pid: number, path: string): boolean {
  try {
    return readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        return readlinkSync(`/proc/${pid}/fd/${fd}`) === path;
      } catch {
        return false;
      }
    });
  } catch {
    return false;
  }
}

t.test(
  `${PROCESSES} dist/server.js processes started at once on a new SQLite file all serve, though each found nothing migrated`,
  async (t) => {
    const db = tempDatabase(t);
    // The state a first process leaves for an instant: the file in WAL mode with drizzle's empty
    // bookkeeping table. Then the write lock is held while the servers start.
    const holder = new Database(db);
    holder.pragma('journal_mode = WAL');
    holder.exec('CREATE TABLE "__drizzle_migrations" (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at numeric)');
    holder.exec('BEGIN IMMEDIATE');
    const pids: number[] = [];
    const starting = Array.from({ length: PROCESSES }, () =>
      startServer(t, db, {}, { onSpawn: (pid) => pids.push(pid) }),
    );
    // Released once every server has the file open (and so is at its migration, waiting for the lock).
    const released = (async () => {
      for (
        let waited = 0;
        !(pids.length === PROCESSES && pids.every((pid) => hasOpen(pid, db))) && waited < 60_000;
        waited += 20
      ) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
      holder.exec('COMMIT');
      holder.close();
    })();
    const servers = await Promise.all(starting);
    await released;
    const [first, ...others] = servers.map((s) => client(s.url));
    const created = await first.post('/games', { players: [{ name: 'A' }, { name: 'B' }] });
    t.equal(created.status, 201, 'a game is created on the first');
    for (const other of others)
      t.equal((await other.get(`/games/${created.body.id}`)).status, 200, 'and read on each other one');
  },
);
