/**
 * npm run bench:answers-ab -- <old checkout> [<new checkout>]: the service's answers of two
 * builds measured alternately in one process (as `bench-ab.ts` does for the engine): the state
 * answer (its JSON at a version not yet cached: positions of games played by copies, each written
 * again every few rounds; and at each version of games played in place, each written once), a
 * move's answer (`submit` on an in-memory SQLite store, the state in the answer; and in every
 * other round without it, `return=minimal`, which is the rest of a move's cost) and replay (`stateJsonAt` of a finished game whose
 * replay cursor was evicted: a walk from the setup and the asked version's JSON). Both builds
 * serve the same planned games; each checkout must have its scripts compiled
 * (`npx tsc -p tsconfig.scripts.json`). BENCH_ROUNDS (default 40), BENCH_GAMES (default 120).
 */
import { existsSync, symlinkSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { actorOf } from '../src/engine/index.js';
import type * as EngineApi from '../src/engine/index.js';
import type * as Answers from '../src/service/answers.js';
import type * as Lifecycle from '../src/service/lifecycle/lifecycle.js';
import type * as Service from '../src/service/game-service.js';
import type * as Tokens from '../src/service/lifecycle/seat-tokens.js';
import type * as Sqlite from '../src/storage/sqlite/store.js';
import { playRandom } from '../test/helpers/random-play.js';
import { median, quartile } from './ab-stats.js';

const [oldDir, newDir = '.'] = process.argv.slice(2);
if (oldDir === undefined) throw new Error('usage: bench-answers-ab <old checkout> [<new checkout>]');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const GAMES = Number(process.env.BENCH_GAMES ?? 120);

interface Build {
  name: string;
  engine: typeof EngineApi;
  answers: typeof Answers;
  lifecycle: typeof Lifecycle;
  service: Service.GameService;
  tokens: typeof Tokens;
  ids: string[];
  digests: Buffer[][];
}

const load = async <T>(dir: string, path: string): Promise<T> =>
  (await import(pathToFileURL(resolve(dir, '.build-scripts/src', path)).href)) as T;

async function build(name: string, dir: string): Promise<Build> {
  // The compiled store finds its migrations beside its own tree (`storage/sqlite/database.ts`).
  const migrations = resolve(dir, '.build-scripts/migrations');
  if (!existsSync(migrations)) symlinkSync('../migrations', migrations);
  const sqlite = await load<typeof Sqlite>(dir, 'storage/sqlite/store.js');
  const { GameService } = await load<typeof Service>(dir, 'service/game-service.js');
  return {
    name,
    engine: await load(dir, 'engine/index.js'),
    answers: await load(dir, 'service/answers.js'),
    lifecycle: await load(dir, 'service/lifecycle/lifecycle.js'),
    tokens: await load(dir, 'service/lifecycle/seat-tokens.js'),
    service: new GameService(sqlite.openSqliteStore(':memory:'), { cacheSize: GAMES * 2 }),
    ids: [],
    digests: [],
  };
}

/**
 * Which build is loaded first (BENCH_FIRST=new for the new one). The two share the packages under
 * node_modules: in a harness of moves alone, a build loaded first ran ~15 % faster than a copy of
 * itself loaded second. Here the two orders have agreed within the noise; a result to trust holds
 * with either first.
 */
const newFirst = process.env.BENCH_FIRST === 'new';
const loaded = newFirst
  ? [await build('new', newDir), await build('old', oldDir)]
  : [await build('old', oldDir), await build('new', newDir)];
const builds = newFirst ? loaded.reverse() : loaded;
const SETS = [[], ['traders-builders'], ['abbey-mayor'], ['traders-builders', 'abbey-mayor']] as const;
const planned = Array.from({ length: GAMES }, (_, i) => {
  const setup: EngineApi.GameSetup = {
    players: Array.from({ length: 2 + (i % 3) }, (_, p) => ({ name: `P${p}` })),
    expansions: [...SETS[i % 4]],
    seed: `ab-${i}`,
  };
  const seats: number[] = [];
  const { moves } = playRandom(setup, `ab-choices-${i}`, (g) => void seats.push(actorOf(g)!));
  return { setup, moves, seats };
});

/**
 * A block's CPU, with a young-generation collection of the garbage it left (with `--expose-gc`):
 * otherwise one build's garbage is collected on the other's clock, and the builds allocate
 * differently (a move of the old build left its state as text, the new one builds objects first).
 */
const gc = (globalThis as { gc?: (options: { type: 'minor' }) => void }).gc;
const cpu = (since: NodeJS.CpuUsage) => {
  gc?.({ type: 'minor' });
  const u = process.cpuUsage(since);
  return u.user + u.system;
};

/** The state answers: each build's games at every stage, written at a version not cached. */
const positions = new Map<Build, { game: EngineApi.Game; life: Lifecycle.Lifecycle; version: number }[]>();
for (const b of builds) {
  const list: { game: EngineApi.Game; life: Lifecycle.Lifecycle; version: number }[] = [];
  for (const { setup, moves } of planned.slice(0, 24)) {
    const created = b.engine.createGame(structuredClone(setup));
    if (!created.ok) throw new Error(created.error.reason);
    let game = created.value.game;
    moves.forEach((move, k) => {
      const played = b.engine.play(game, move);
      if (!played.ok) throw new Error(played.error.reason);
      game = played.value.game;
      if (k % 4 === 0)
        list.push({ game, life: b.lifecycle.newLifecycle(setup, game, '2026-01-01T00:00:00.000Z'), version: k + 1 });
    });
  }
  positions.set(b, list);
}

/** Per answer and build: the totals, and each block's µs per unit (a round has one block of each build). */
const results: Record<string, Record<string, { units: number; us: number; blocks: number[] }>> = {};
const add = (label: string, b: Build, units: number, us: number) => {
  results[label] ??= { old: { units: 0, us: 0, blocks: [] }, new: { units: 0, us: 0, blocks: [] } };
  results[label][b.name].units += units;
  results[label][b.name].us += us;
  results[label][b.name].blocks.push(us / units);
};

function stateBlock(b: Build, round: number) {
  const list = positions.get(b)!;
  const since = process.cpuUsage();
  let n = 0;
  for (let k = 0; k < 400; k++) {
    const p = list[(round * 400 + k) % list.length];
    n += b.answers.stateJsonOf(p.game, p.life, 'g', p.version).length > 0 ? 1 : 0;
  }
  add('state answer (uncached JSON)', b, n, cpu(since));
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
const fresh = (b: Build): Walk => ({
  games: planned.map(({ setup }) => {
    const created = b.engine.createGame(structuredClone(setup));
    if (!created.ok) throw new Error(created.error.reason);
    const game = created.value.game;
    return { game, life: b.lifecycle.newLifecycle(setup, game, '2026-01-01T00:00:00.000Z'), step: 0 };
  }),
  next: 0,
});
const walks = new Map(builds.map((b) => [b, [fresh(b), fresh(b)] as [Walk, Walk]]));

function walkBlock(b: Build, walk: Walk, json: boolean, count: number): number {
  const since = process.cpuUsage();
  for (let n = 0; n < count;) {
    const i = walk.next++ % GAMES;
    const g = walk.games[i];
    const { moves } = planned[i];
    if (g.step >= moves.length) {
      if (walk.games.every((x, j) => x.step >= planned[j].moves.length)) Object.assign(walk, fresh(b));
      continue;
    }
    for (let k = 0; k < 6 && g.step < moves.length; k++, n++) {
      if (!b.engine.playInPlace(g.game, moves[g.step++]).ok) throw new Error('refused');
      if (json) b.answers.stateJsonOf(g.game, g.life, 'g', g.step);
    }
  }
  return cpu(since);
}

function inPlaceBlock(b: Build) {
  const [writing, playing] = walks.get(b)!;
  add(
    'state answer at each version of games played in place',
    b,
    600,
    walkBlock(b, writing, true, 600) - walkBlock(b, playing, false, 600),
  );
}

for (const b of builds)
  for (const { setup } of planned) {
    const created = await b.service.create(structuredClone(setup));
    b.ids.push(created.id);
    b.digests.push(created.seats.map((s) => b.tokens.tokenDigest(s.token)));
  }
const step = new Array<number>(GAMES).fill(0);
const stepOf = new Map<Build, number[]>(builds.map((b) => [b, [...step]]));

/**
 * Moves of the next few games, in turn, until each build has played `count`; `minimal`: sent with
 * `Prefer: return=minimal`, the answer without the state (the rest of a move's cost).
 */
async function moveBlock(b: Build, round: number, count: number, minimal = false) {
  const steps = stepOf.get(b)!;
  const since = process.cpuUsage();
  let n = 0;
  for (let g = round; n < count; g++) {
    const i = g % GAMES;
    const { moves, seats } = planned[i];
    if (steps[i] >= moves.length) {
      if (steps.every((s, j) => s >= planned[j].moves.length)) break;
      continue;
    }
    for (let k = 0; k < 6 && steps[i] < moves.length; k++, n++) {
      const s = steps[i]++;
      const submission = { expectedVersion: s, move: moves[s] };
      await b.service.submit(b.ids[i], b.digests[i][seats[s]], submission, undefined, minimal);
    }
  }
  add(
    minimal ? "move's answer without the state (return=minimal)" : "move's answer (submit, state in the answer)",
    b,
    n,
    cpu(since),
  );
}

async function replayBlock(b: Build, round: number) {
  const since = process.cpuUsage();
  let n = 0;
  // 40 games a block: more than the replay cache's 32 cursors, so each walks from the setup.
  for (let k = 0; k < 40; k++) {
    const i = (round * 41 + k * 7) % GAMES;
    const version = 1 + ((round * 13 + k * 29) % planned[i].moves.length);
    await b.service.stateJsonAt(b.ids[i], version);
    n++;
  }
  add('replay (stateJsonAt, a cursor from the setup)', b, n, cpu(since));
}

const total = planned.reduce((s, p) => s + p.moves.length, 0);
const perRound = Math.floor(total / ROUNDS / 2);
// Warm-up: the state answers, then each build's first moves.
for (let r = 0; r < 10; r++) {
  for (const b of builds) stateBlock(b, r);
  for (const b of builds) inPlaceBlock(b);
}
delete results['state answer (uncached JSON)'];
delete results['state answer at each version of games played in place'];
for (let r = 0; r < ROUNDS; r++) {
  const order = r % 2 === 0 ? builds : [...builds].reverse();
  for (const b of order) stateBlock(b, r);
  for (const b of order) inPlaceBlock(b);
  // Odd rounds without the state: what the rest of a move costs in each build. Which build goes
  // first alternates every two rounds, so that each kind of move block has each build first as
  // often (in step with the rounds, the minimal blocks had the new build first every time, and
  // two copies of one build differed by ~20 %).
  const moveOrder = Math.floor(r / 2) % 2 === 0 ? builds : [...builds].reverse();
  for (const b of moveOrder) await moveBlock(b, r, perRound, r % 2 === 1);
}
// Every game is finished now (or nearly): replays of finished games.
for (const b of builds) await moveBlock(b, 0, total);
for (let r = 0; r < 3; r++) for (const b of builds) await replayBlock(b, 1000 + r);
for (const label of Object.keys(results)) if (label.startsWith('replay')) delete results[label];
for (let r = 0; r < ROUNDS; r++) {
  const order = r % 2 === 0 ? builds : [...builds].reverse();
  for (const b of order) await replayBlock(b, r);
}

console.log(
  `Node ${process.version}; ${ROUNDS} rounds, alternating; old = ${oldDir}, new = ${newDir}; ${newFirst ? 'new' : 'old'} loaded first`,
);
console.log(
  '| answer | old µs CPU each | new µs CPU each | new ÷ old (total) | new ÷ old (median of rounds) | new ÷ old (fast quartile of blocks) |',
);
console.log('|---|---|---|---|---|---|');
for (const [label, r] of Object.entries(results)) {
  const each = (name: string) => r[name].us / r[name].units;
  const ratios = r.new.blocks.map((us, i) => us / r.old.blocks[i]);
  // The quartile of rates (units per µs), as bench-ab's.
  const rates = (name: string) => r[name].blocks.map((us) => 1 / us);
  console.log(
    `| ${label} | ${each('old').toFixed(1)} | ${each('new').toFixed(1)} | ×${(each('new') / each('old')).toFixed(2)} | ×${median(ratios).toFixed(2)} | ×${(quartile(rates('old')) / quartile(rates('new'))).toFixed(2)} |`,
  );
}
for (const b of builds) await b.service.close();
