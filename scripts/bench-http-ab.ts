/**
 * npm run bench:http-ab -- <old checkout> [<new checkout>]: a move's answer over a real socket, two
 * builds' servers measured alternately in one run. Each checkout must be built (`npm run build`);
 * each build's `dist/server.js` runs in a process of its own on a SQLite file of its own, and the
 * same planned games are played on both, a block of moves on one server, then on the other (which
 * goes first alternates every two rounds). A block is charged the server's CPU (every thread's, from
 * /proc, to the nanosecond) since the end of its previous block, so that what its background
 * threads did meanwhile (collection, compilation) is its own. Every other round sends
 * `Prefer: return=minimal`: the answer without the state. The moves go one at a time (fetch keeps
 * its connection alive), so a server never waits for another's request. bench:answers-ab's route
 * block measures the same route injected (no socket), where light-my-request's own objects are
 * most of what outlives a young collection. BENCH_ROUNDS (default 100), BENCH_GAMES (default 240).
 *
 * Both servers run on one CPU and this client on another (`canPin`; BENCH_PIN=0 leaves them to
 * the scheduler), and the run is made in both start orders (`ab-orders.ts`; BENCH_ORDER).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Static } from 'typebox';
import type { RouteSchemas } from '../src/http/schemas/index.js';
import { inTurn, moveHeaders, planGames, routeGame, type RouteGame } from './ab-games.js';
import { benchOrder, runBothOrders } from './ab-orders.js';
import { abMeansHeader, printAbTable, type Timings } from './ab-stats.js';
import { canPin, pinSelf, startServer, type Server } from './bench-http-servers.js';

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(1));
const [oldDir, newDir = '.'] = process.argv.slice(2);
if (oldDir === undefined) throw new Error('usage: bench-http-ab <old checkout> [<new checkout>]');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 100);
const GAMES = Number(process.env.BENCH_GAMES ?? 240);
const order = benchOrder();
if (order === 'both') runBothOrders(abMeansHeader('answer'));
/** The servers' CPU when they are pinned (this client takes the next one). */
const SERVER_CPU = process.env.BENCH_PIN !== '0' && canPin() ? 0 : undefined;
if (SERVER_CPU !== undefined) pinSelf(SERVER_CPU + 1);

const planned = planGames(GAMES);

/** One HTTP exchange (fetch keeps the connection alive): the status and the body's text. */
async function exchange(
  url: string,
  method: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string }> {
  const response = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    // A stalled exchange fails the run rather than hanging it.
    signal: AbortSignal.timeout(30_000),
  });
  return { status: response.status, text: await response.text() };
}

/** A process's CPU per thread name (/proc/<pid>/task/<tid>/comm and schedstat's first field), in ns. */
function threadsNs(pid: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const name = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
      out[name] = (out[name] ?? 0) + Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // the thread ended meanwhile
    }
  }
  return out;
}

/** The nanoseconds every thread of a process has run. */
const cpuNs = (pid: number): number => Object.values(threadsNs(pid)).reduce((sum, ns) => sum + ns, 0);

interface Build {
  name: 'old' | 'new';
  server: Server;
  games: RouteGame[];
  steps: number[];
  lastEnd: number;
  /** Per kind of answer, the timed blocks: moves, their µs of server CPU, each block's µs a move. */
  blocks: Record<'state' | 'minimal', Timings>;
}

/** What to stop and remove on the way out, however it comes (a failure, a signal). */
const started: { server?: Server; dir: string }[] = [];
process.on('exit', () => {
  for (const { server, dir } of started) {
    server?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

/** Stops the servers, waits until their processes are gone (a child keeps this one alive), then removes their files. */
async function stopAll(): Promise<void> {
  for (const { server } of started) server?.stop();
  for (const { server, dir } of started) {
    while (server !== undefined && existsSync(`/proc/${server.pid}`)) await new Promise((r) => setTimeout(r, 50));
    rmSync(dir, { recursive: true, force: true });
  }
  started.length = 0;
}

async function open(name: Build['name'], root: string): Promise<Build> {
  const dir = mkdtempSync(join(tmpdir(), `carcassonne-http-ab-${name}-`));
  const own: (typeof started)[number] = { dir };
  started.push(own);
  const server = (own.server = await startServer(join(dir, 'bench.db'), GAMES * 2, false, {
    serverRoot: resolve(root),
    cpu: SERVER_CPU,
  }));
  const games = [];
  for (const { setup } of planned) {
    const created = await exchange(`${server.url}/games`, 'POST', setup);
    if (created.status !== 201) throw new Error(`${name}: POST /games answered ${created.status}: ${created.text}`);
    games.push(routeGame(server.url, JSON.parse(created.text) as Static<RouteSchemas['CreatedGameResponse']>));
  }
  const empty = (): Timings => ({ units: 0, us: 0, blocks: [] });
  return {
    name,
    server,
    games,
    steps: new Array<number>(GAMES).fill(0),
    lastEnd: cpuNs(server.pid),
    blocks: { state: empty(), minimal: empty() },
  };
}

/** Plays `count` moves on `b`'s server (`inTurn`); answers how many. */
function block(b: Build, round: number, count: number, minimal: boolean): Promise<number> {
  return inTurn(planned, b.steps, round, count, async (i, s) => {
    const { moves, seats } = planned[i];
    const answer = await exchange(
      b.games[i].url,
      'POST',
      { expectedVersion: s, move: moves[s] },
      moveHeaders(b.games[i], seats[s], minimal),
    );
    if (answer.status !== 201) throw new Error(`${b.name}: a move answered ${answer.status}: ${answer.text}`);
  });
}

async function timed(b: Build, round: number, count: number, minimal: boolean): Promise<void> {
  const moves = await block(b, round, count, minimal);
  const end = cpuNs(b.server.pid);
  const ns = end - b.lastEnd;
  b.lastEnd = end;
  if (moves === 0) return;
  const kind = b.blocks[minimal ? 'minimal' : 'state'];
  kind.units += moves;
  kind.us += ns / 1000;
  kind.blocks.push(ns / 1000 / moves);
}

// Started in the run's order, and then named old and new.
const builds =
  order === 'new-first'
    ? [await open('new', newDir), await open('old', oldDir)].reverse()
    : [await open('old', oldDir), await open('new', newDir)];
const total = planned.reduce((sum, p) => sum + p.moves.length, 0);
// A tenth of the moves warm both up, untimed; the rounds share the rest.
const warm = Math.floor(total / 10);
const perRound = Math.floor((total - warm) / ROUNDS);
for (let r = 0; r < 10; r++) for (const b of builds) await block(b, r, Math.floor(warm / 10), r % 2 === 1);
for (const b of builds) b.lastEnd = cpuNs(b.server.pid);
for (let r = 0; r < ROUNDS; r++) {
  const turn = Math.floor(r / 2) % 2 === 0 ? builds : [...builds].reverse();
  for (const b of turn) await timed(b, 10 + r, perRound, r % 2 === 1);
}
console.log(
  `Node ${process.version}; ${ROUNDS} rounds, alternating; ${GAMES} games; old = ${oldDir}, new = ${newDir}; ${order === 'new-first' ? 'the new server started first' : 'the old server started first'}; ${SERVER_CPU === undefined ? 'not pinned' : 'servers on one CPU, this client on another'}; server CPU over a real socket`,
);
const [old, neu] = builds;
printAbTable({
  "move's answer over a socket (state in the answer)": { old: old.blocks.state, new: neu.blocks.state },
  "move's answer over a socket without the state (return=minimal)": {
    old: old.blocks.minimal,
    new: neu.blocks.minimal,
  },
});
// BENCH_THREADS=1: each server's CPU per thread over the whole run (its setup included).
if (process.env.BENCH_THREADS === '1')
  for (const b of builds) {
    const ms = Object.entries(threadsNs(b.server.pid)).map(([name, ns]) => [name, Math.round(ns / 1e6)]);
    console.log(b.name, 'ms', JSON.stringify(Object.fromEntries(ms)));
  }
await stopAll();
