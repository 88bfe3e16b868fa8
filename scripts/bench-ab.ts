/**
 * npm run bench:ab -- <old checkout> [<new checkout>]: the engine of two builds measured
 * alternately in one process, so that both see the same machine (on the shared development VM
 * the speed drifts by ±20 % over a minute; docs/performance.md). Each checkout must have its
 * scripts compiled (`npx tsc -p tsconfig.scripts.json`, which `npm run bench` does); the new one
 * defaults to this checkout.
 *
 * Every workload runs in many short blocks (~BENCH_BLOCK_MS of CPU each) timed in process CPU
 * time, old and new taking turns (which one goes first alternates too) on the same units of
 * work, with a gc() before each block (a young-generation one: see BENCH_GC below), after a
 * warm-up of BENCH_WARM_MS of CPU per build. Short blocks in turn make a neighbour's burst on a
 * shared machine hit both builds alike; each build's rate is its units over its total CPU
 * time, and the median of the rounds' ratios is printed beside their ratio, and so is the ratio
 * of the builds' 25th-percentile block times (see `quartile` below). Both builds
 * play exactly the same games: the random choices come from one PRNG here, seeded per game.
 *
 *   BENCH_ROUNDS=120 BENCH_BLOCK_MS=25 node --expose-gc .build-scripts/scripts/bench-ab.js ../old
 *
 * BENCH_ONLY=<text> keeps the workloads whose label contains it; BENCH_BEST=k keeps the fastest of
 * k repetitions of each block (on a loaded machine).
 *
 * The build loaded second runs faster: one build against a copy of itself read ×1.01–1.06 for
 * random games and ×1.01–1.03 for queries in favour of the copy loaded second, in either order
 * (docs/performance.md). So it runs in both load orders and averages them (`ab-orders.ts`).
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as EngineApi from '../src/engine/index.js';
import { benchOrder, reportRatios, runBothOrders, type Ratios } from './ab-orders.js';
import { abMeansHeader, median, quartile } from './ab-stats.js';

type Engine = typeof EngineApi;
type Setup = EngineApi.GameSetup;
type Move = EngineApi.Move;

const [oldDir, newDir = '.'] = process.argv.slice(2);
if (oldDir === undefined) throw new Error('usage: bench-ab <old checkout> [<new checkout>]');
const orderOption = benchOrder();
if (orderOption === 'both') runBothOrders(abMeansHeader('workload'));
const rounds = Number(process.env.BENCH_ROUNDS ?? 120);
const blockMs = Number(process.env.BENCH_BLOCK_MS ?? 25);
/**
 * BENCH_GC=full: a full gc() before every block, as the first version of this script did. A
 * forced full collection throws the optimized code away, and for the next ~50 random games
 * (about 10 ms each instead of 0.25) the engine ran while being compiled again: a 25 ms block
 * straight after it measured that recompilation, about the same for both builds, which pulled
 * every ratio towards ×1 (docs/performance.md). By default a block starts after a young-
 * generation collection (the garbage one build leaves is not collected on the other's clock),
 * with one full collection per workload before its rounds.
 */
const fullGc = process.env.BENCH_GC === 'full';
/**
 * Untimed CPU per build before a workload's blocks are sized. A build reaches its steady rate
 * only after 4–5 s of CPU: random games with both expansions, per second of CPU from a cold
 * start, cost 3.8, 0.75, 0.49, 0.34, 0.32 then 0.29 ms each for one build and 5.3, 1.7, 1.2,
 * 0.80, 0.68 then 0.60 for another (docs/performance.md). With 500 ms, the rounds measured
 * both builds still being compiled, a long-running server's or bot's engine not at all.
 */
const warmMs = Number(process.env.BENCH_WARM_MS ?? 5000);
/**
 * BENCH_BEST=k: each round runs each build's block k times (alternating) and keeps its fastest.
 * A neighbour on a shared machine only ever adds time to a block, so the fastest of a few
 * repetitions of the same work is the least disturbed one: at load 10+ the first method's
 * ratios of identical code spread by ±20 %.
 */
const best = Math.max(1, Number(process.env.BENCH_BEST ?? 1));
const gc = (globalThis as { gc?: (options?: { type: 'major' | 'minor' }) => void }).gc;
if (!gc) throw new Error('run node with --expose-gc');

const load = async (dir: string): Promise<Engine> =>
  (await import(pathToFileURL(resolve(dir, '.build-scripts/src/engine/index.js')).href)) as Engine;
/**
 * In load order, which is also the order of the warm-ups and of a first round, and the first
 * build's speed sizes the blocks: new-first reverses the whole run (that is what was measured).
 */
const builds: [string, Engine][] =
  orderOption === 'new-first'
    ? [
        ['new', await load(newDir)],
        ['old', await load(oldDir)],
      ]
    : [
        ['old', await load(oldDir)],
        ['new', await load(newDir)],
      ];

/** mulberry32: the benchmark's own choices, independent of either build's RNG. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const both: Setup['expansions'] = ['traders-builders', 'abbey-mayor'];
const setupOf = (seed: string, players: number, expansions: Setup['expansions'] = []): Setup => ({
  players: Array.from({ length: players }, (_, i) => ({ name: `P${i}` })),
  expansions,
  seed,
});

/** A whole game of uniformly random legal moves; answers the moves played. */
function playRandom(e: Engine, setup: Setup, seed: number): Move[] {
  const created = e.createGame(setup);
  if (!created.ok) throw new Error(created.error.reason);
  const game = created.value.game;
  const rnd = random(seed);
  const moves: Move[] = [];
  for (;;) {
    const lm = e.legalMoves(game);
    if (lm.actor === null) return moves;
    // A figure step lists `undo` before the pass (a build with undo): left out, so that both
    // builds play the same games (the same index picks the same move).
    const n = lm.moves.length;
    const undo = lm.moves.at(-2)?.type === 'undo';
    const i = Math.floor(rnd() * (undo ? n - 1 : n));
    const move = lm.moves[undo && i >= n - 2 ? i + 1 : i];
    if (!e.playInPlace(game, move).ok) throw new Error(`listed move refused: ${JSON.stringify(move)}`);
    moves.push(move);
  }
}

interface Workload {
  label: string;
  unit: string;
  /** Runs one unit of work number i; answers how many units it was (for the rate). */
  run(e: Engine, i: number): number;
}

/** Every position of one game, as values of one build (play() copies). */
function positionsOf(e: Engine, setup: Setup): EngineApi.Game[] {
  const moves = playRandom(e, setup, 7);
  const created = e.createGame(setup);
  if (!created.ok) throw new Error(created.error.reason);
  const out = [created.value.game];
  for (const m of moves.slice(0, -1)) {
    const r = e.play(out[out.length - 1], m);
    if (!r.ok) throw new Error(r.error.reason);
    out.push(r.value.game);
  }
  return out;
}

const games = (label: string, players: number, expansions: Setup['expansions']): Workload => ({
  label: `random games, ${label}, ${players} players`,
  unit: 'games/s',
  run: (e, i) => {
    playRandom(e, setupOf(`g${i % 500}`, players, expansions), i);
    return 1;
  },
});

const queries = (label: string, expansions: Setup['expansions']): Workload => {
  const cache = new Map<Engine, EngineApi.Game[]>();
  return {
    label: `legal-move query, ${label}, 2 players`,
    unit: 'queries/s',
    run: (e) => {
      let positions = cache.get(e);
      if (!positions) cache.set(e, (positions = positionsOf(e, setupOf('q', 2, expansions))));
      for (const g of positions) e.legalMoves(g);
      return positions.length;
    },
  };
};

const replays = (label: string, expansions: Setup['expansions']): Workload => {
  const setup = setupOf('r', 2, expansions);
  const cache = new Map<Engine, Move[]>();
  return {
    label: `full-game replay, ${label}, 2 players`,
    unit: 'replays/s',
    run: (e) => {
      let moves = cache.get(e);
      if (!moves) cache.set(e, (moves = playRandom(e, setup, 3)));
      if (!e.replay(setup, moves).ok) throw new Error('replay refused');
      return 1;
    },
  };
};

const WORKLOADS: Workload[] = [
  games('base', 2, []),
  games('both expansions', 2, both),
  games('both expansions', 4, both),
  queries('base', []),
  queries('both expansions', both),
  replays('base', []),
  replays('both expansions', both),
];

const cpuSeconds = (since: NodeJS.CpuUsage): number => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1e6;
};

/**
 * Units [from, from + count) of a workload; answers the CPU seconds they took (the process's
 * CPU time, so GC threads count and the time spent waiting for a core does not).
 */
function block(w: Workload, e: Engine, from: number, count: number): { units: number; cpu: number } {
  gc!(fullGc ? undefined : { type: 'minor' });
  let units = 0;
  const cpu = process.cpuUsage();
  for (let i = from; i < from + count; i++) units += w.run(e, i);
  return { units, cpu: cpuSeconds(cpu) };
}

console.log(
  `Node ${process.version}; ${rounds} rounds of ~${blockMs} ms CPU blocks per build${best > 1 ? ` (the fastest of ${best})` : ''}, alternating, ${fullGc ? 'full gc()' : 'young-generation gc()'} before each, ${warmMs} ms warm-up; old = ${oldDir}, new = ${newDir}; ${orderOption === 'new-first' ? 'the new build loaded first' : 'the old build loaded first'}`,
);
console.log(
  '| workload | old | new | new ÷ old (total CPU) | new ÷ old (median of rounds) | new ÷ old (fast quartile of blocks) |',
);
console.log('|---|---|---|---|---|---|');
const only = process.env.BENCH_ONLY;
for (const w of WORKLOADS.filter((x) => only === undefined || x.label.includes(only))) {
  // The workload's one full collection first, then the warm-up, then the blocks' size: a full
  // collection throws the optimized code away, and sized straight after one (as this script
  // did until session 14) a block held the 1–3 games the old build played while being compiled
  // again, not ~blockMs of CPU: a block's fixed costs then weighed on both builds alike and
  // pulled every ratio towards ×1 (docs/performance.md).
  gc();
  for (const [, e] of builds) {
    const since = process.cpuUsage();
    for (let i = 0; i === 0 || cpuSeconds(since) * 1000 < warmMs; i++) w.run(e, 1e6 + i);
  }
  // As many units as the old build runs in blockMs of CPU, measured over SIZING blocks' worth.
  const SIZING = 8;
  let sized = 0;
  const warm = process.cpuUsage();
  while (cpuSeconds(warm) * 1000 < SIZING * blockMs) w.run(builds[0][1], 1e6 + sized++);
  const count = Math.max(1, Math.round(sized / SIZING));
  block(w, builds[1][1], 1e6, count);
  const total: Record<string, { units: number; cpu: number }> = {
    old: { units: 0, cpu: 0 },
    new: { units: 0, cpu: 0 },
  };
  const ratios: number[] = [];
  const rates: Record<string, number[]> = { old: [], new: [] };
  for (let r = 0; r < rounds; r++) {
    // Both builds do the same units in a round; which goes first alternates.
    const order = r % 2 === 0 ? builds : [...builds].reverse();
    const fastest: Record<string, { units: number; cpu: number }> = {
      old: { units: 0, cpu: Infinity },
      new: { units: 0, cpu: Infinity },
    };
    for (let k = 0; k < best; k++) {
      for (const [name, e] of order) {
        const b = block(w, e, r * count, count);
        if (b.cpu < fastest[name].cpu) fastest[name] = b;
      }
    }
    const rate: Record<string, number> = {};
    for (const name of ['old', 'new']) {
      total[name].units += fastest[name].units;
      total[name].cpu += fastest[name].cpu;
      rate[name] = fastest[name].units / fastest[name].cpu;
      rates[name].push(rate[name]);
    }
    ratios.push(rate.new / rate.old);
  }
  const rateOf = (name: string) => total[name].units / total[name].cpu;
  const result: Ratios = {
    label: w.label,
    total: rateOf('new') / rateOf('old'),
    median: median(ratios),
    quartile: quartile(rates.new) / quartile(rates.old),
  };
  console.log(
    `| ${w.label} (${count} a block) | ${rateOf('old').toFixed(0)} ${w.unit} | ${rateOf('new').toFixed(0)} ${w.unit} | ×${result.total.toFixed(2)} | ×${result.median.toFixed(2)} | ×${result.quartile.toFixed(2)} |`,
  );
  reportRatios(result);
}
