/**
 * One build's side of `bench-answers-ab.ts`: the build's modules, its service and games, and the
 * blocks it is timed on. Either loaded in the bench's own process (both builds share one heap) or
 * run as a child process, one per build (`BENCH_ISOLATE=1`): then each build has its own heap,
 * its own collections and its own compiled code, as a server running one build has, and the CPU
 * a block is charged is its own process's (a worker thread's would be the process's, with the
 * other build's background collection and compilation in it).
 */
import { existsSync, symlinkSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Static } from 'typebox';
import type * as AppModule from '../src/app.js';
import type { RouteSchemas } from '../src/http/schemas/index.js';
import type * as EngineApi from '../src/engine/index.js';
import type * as Answers from '../src/service/answers.js';
import type * as Lifecycle from '../src/service/lifecycle/lifecycle.js';
import type * as Service from '../src/service/game-service.js';
import type * as Tokens from '../src/service/lifecycle/seat-tokens.js';
import type * as Sqlite from '../src/storage/sqlite/store.js';
import { inTurn, moveHeaders, routeGame, type Planned, type RouteGame } from './ab-games.js';

/** What the driver asks a build to time. */
export type Block =
  | { kind: 'state' | 'inPlace' | 'replay'; round: number }
  | { kind: 'move' | 'route'; round: number; count: number; minimal: boolean };

/** A block's units (answers) and the µs of CPU they took. */
export interface Timed {
  label: string;
  units: number;
  us: number;
}

type RunBlock = (block: Block) => Promise<Timed>;

/** A build loaded and set up: its blocks, and its service's close. */
export interface OpenBuild {
  run: RunBlock;
  close: () => Promise<void>;
}

/** When every lifecycle the bench makes was created. */
const CREATED_AT = '2026-01-01T00:00:00.000Z';

const LABELS = {
  state: 'state answer (uncached JSON)',
  inPlace: 'state answer at each version of games played in place',
  move: "move's answer (submit, state in the answer)",
  minimal: "move's answer without the state (return=minimal)",
  route: "move's answer through the route (POST …/moves injected, state in the answer)",
  routeMinimal: "move's answer through the route without the state (return=minimal)",
  replay: 'replay (stateJsonAt, a cursor from the setup)',
} as const;

/** Set in a build's own process (`BENCH_ISOLATE=1`): the build's directory. */
const isolatedDir = process.env.ANSWERS_AB_BUILD;

/**
 * In one process, a block's CPU with a young-generation collection of the garbage it left (with
 * `--expose-gc`): otherwise one build's garbage is collected on the other's clock, and the builds
 * allocate differently. In a build's own process, no collection is forced (one every few dozen
 * moves was half of a move's measured CPU, and most of it on the collector's helper threads), and
 * a block starts where the build's last block ended: what its background threads (collection,
 * compilation) did in between, while the other build ran, is charged to it.
 */
const gc = (globalThis as { gc?: (options: { type: 'minor' }) => void }).gc;
let lastEnd = process.cpuUsage();
const start = () => (isolatedDir === undefined ? process.cpuUsage() : lastEnd);
const cpu = (since: NodeJS.CpuUsage) => {
  if (isolatedDir === undefined) gc?.({ type: 'minor' });
  lastEnd = process.cpuUsage();
  return lastEnd.user + lastEnd.system - since.user - since.system;
};

/** Loads the build compiled under `dir` (`npx tsc -p tsconfig.scripts.json`) and sets up its games. */
export async function openBuild(dir: string, planned: Planned[]): Promise<OpenBuild> {
  const load = async <T>(path: string): Promise<T> =>
    (await import(pathToFileURL(resolve(dir, '.build-scripts/src', path)).href)) as T;
  // The compiled store finds its migrations beside its own tree (`storage/sqlite/database.ts`).
  const migrations = resolve(dir, '.build-scripts/migrations');
  if (!existsSync(migrations)) symlinkSync('../migrations', migrations);
  const sqlite = await load<typeof Sqlite>('storage/sqlite/store.js');
  const { GameService } = await load<typeof Service>('service/game-service.js');
  const engine = await load<typeof EngineApi>('engine/index.js');
  const { buildApp } = await load<typeof AppModule>('app.js');
  const answers = await load<typeof Answers>('service/answers.js');
  const lifecycle = await load<typeof Lifecycle>('service/lifecycle/lifecycle.js');
  const tokens = await load<typeof Tokens>('service/lifecycle/seat-tokens.js');
  const games = planned.length;
  const service = new GameService(sqlite.openSqliteStore(':memory:'), { cacheSize: games * 2 });
  const started = (setup: EngineApi.GameSetup) => {
    const created = engine.createGame(structuredClone(setup));
    if (!created.ok) throw new Error(created.error.reason);
    const game = created.value.game;
    return { game, life: lifecycle.newLifecycle(setup, game, CREATED_AT) };
  };

  /** The state answers: the games at every fourth version, written at a version not cached. */
  const positions: { game: EngineApi.Game; life: Lifecycle.Lifecycle; version: number }[] = [];
  for (const { setup, moves } of planned.slice(0, 24)) {
    let { game } = started(setup);
    moves.forEach((move, k) => {
      const played = engine.play(game, move);
      if (!played.ok) throw new Error(played.error.reason);
      game = played.value.game;
      if (k % 4 === 0) positions.push({ game, life: lifecycle.newLifecycle(setup, game, CREATED_AT), version: k + 1 });
    });
  }
  function stateBlock(round: number): Timed {
    const since = start();
    let n = 0;
    for (let k = 0; k < 400; k++) {
      const p = positions[(round * 400 + k) % positions.length];
      n += answers.stateJsonOf(p.game, p.life, 'g', p.version).length > 0 ? 1 : 0;
    }
    return { label: LABELS.state, units: n, us: cpu(since) };
  }

  /**
   * The state answer as a live game gives it: each version once, the game played in place (as the
   * service plays it), so what a writer keeps per game carries from one version to the next but
   * nothing is seen twice. Two copies of the games walk the same moves, one writing the state after
   * each move and one not: the difference is the JSON's cost.
   */
  interface Walk {
    games: { game: EngineApi.Game; life: Lifecycle.Lifecycle; step: number }[];
    next: number;
  }
  const fresh = (): Walk => ({ games: planned.map(({ setup }) => ({ ...started(setup), step: 0 })), next: 0 });
  const walks = [fresh(), fresh()];
  function walkBlock(walk: Walk, json: boolean, count: number): number {
    const since = start();
    for (let n = 0; n < count;) {
      const i = walk.next++ % games;
      const g = walk.games[i];
      const { moves } = planned[i];
      if (g.step >= moves.length) {
        if (walk.games.every((x, j) => x.step >= planned[j].moves.length)) Object.assign(walk, fresh());
        continue;
      }
      for (let k = 0; k < 6 && g.step < moves.length; k++, n++) {
        if (!engine.playInPlace(g.game, moves[g.step++]).ok) throw new Error('refused');
        if (json) answers.stateJsonOf(g.game, g.life, 'g', g.step);
      }
    }
    return cpu(since);
  }
  const inPlaceBlock = (): Timed => ({
    label: LABELS.inPlace,
    units: 600,
    us: walkBlock(walks[0], true, 600) - walkBlock(walks[1], false, 600),
  });

  const ids: string[] = [];
  const digests: Buffer[][] = [];
  for (const { setup } of planned) {
    const created = await service.create(structuredClone(setup));
    ids.push(created.id);
    digests.push(created.seats.map((s) => tokens.tokenDigest(s.token)));
  }
  const steps = new Array<number>(games).fill(0);

  // The whole app, its own store and games, for the route's blocks: what a client's move costs the
  // server but the socket (Fastify's request, the body's parse and validation, the token's digest,
  // the answer's JSON). The limits off: the blocks send thousands of requests a second.
  const off = { perSecond: 0, burst: 0 };
  const app = await buildApp({
    store: sqlite.openSqliteStore(':memory:'),
    cacheSize: games * 2,
    rateLimit: off,
    addressRateLimit: off,
    readRateLimit: off,
  });
  const routeGames: RouteGame[] = [];
  for (const { setup } of planned) {
    const created = await app.inject({ method: 'POST', url: '/games', payload: setup });
    if (created.statusCode !== 201) throw new Error(`POST /games answered ${created.statusCode}: ${created.body}`);
    routeGames.push(routeGame('', created.json<Static<RouteSchemas['CreatedGameResponse']>>()));
  }
  const routeSteps = new Array<number>(games).fill(0);

  /** `minimal`: sent with `Prefer: return=minimal`, the answer without the state (the rest of a move's cost). */
  async function moveBlock(round: number, count: number, minimal: boolean): Promise<Timed> {
    const since = start();
    const n = await inTurn(planned, steps, round, count, (i, s) => {
      const { moves, seats } = planned[i];
      return service.submit(ids[i], digests[i][seats[s]], { expectedVersion: s, move: moves[s] }, undefined, minimal);
    });
    return { label: minimal ? LABELS.minimal : LABELS.move, units: n, us: cpu(since) };
  }

  /** `moveBlock` through the app's route, on its own games. */
  async function routeBlock(round: number, count: number, minimal: boolean): Promise<Timed> {
    const since = start();
    const n = await inTurn(planned, routeSteps, round, count, async (i, s) => {
      const { moves, seats } = planned[i];
      const answer = await app.inject({
        method: 'POST',
        url: routeGames[i].url,
        headers: moveHeaders(routeGames[i], seats[s], minimal),
        payload: { expectedVersion: s, move: moves[s] },
      });
      if (answer.statusCode !== 201) throw new Error(`a move answered ${answer.statusCode}: ${answer.body}`);
    });
    return { label: minimal ? LABELS.routeMinimal : LABELS.route, units: n, us: cpu(since) };
  }

  async function replayBlock(round: number): Promise<Timed> {
    const since = start();
    let n = 0;
    // 40 games a block: more than the replay cache's 32 cursors, so each walks from the setup.
    for (let k = 0; k < 40; k++) {
      const i = (round * 41 + k * 7) % games;
      const version = 1 + ((round * 13 + k * 29) % planned[i].moves.length);
      await service.stateJsonAt(ids[i], version);
      n++;
    }
    return { label: LABELS.replay, units: n, us: cpu(since) };
  }

  const run: RunBlock = async (block) => {
    switch (block.kind) {
      case 'state':
        return stateBlock(block.round);
      case 'inPlace':
        return inPlaceBlock();
      case 'move':
        return moveBlock(block.round, block.count, block.minimal);
      case 'route':
        return routeBlock(block.round, block.count, block.minimal);
      case 'replay':
        return replayBlock(block.round);
    }
  };
  return { run, close: async () => void (await Promise.all([service.close(), app.close()])) };
}

// As a child process (`BENCH_ISOLATE=1`): one build, timed on the driver's asks, one at a time.
if (isolatedDir !== undefined && process.send) {
  const send = process.send.bind(process);
  process.once('message', (planned: Planned[]) => {
    void openBuild(isolatedDir, planned).then((build) => {
      process.on('message', (block: Block | 'close') => {
        if (block === 'close') void build.close().then(() => process.disconnect());
        else void build.run(block).then((timed) => send(timed));
      });
      send('ready');
      lastEnd = process.cpuUsage();
    });
  });
}
