/**
 * npm run bench:bots: a tournament of two-player games with both expansions between bots of
 * the ladder, in duplicate pairs: the two games of a pair have the same tile order (the same
 * pile seed) with the seats swapped, so the luck of the draw falls to both bots alike. Prints
 * each match's result by pairs and by games with 95 % Wilson intervals, average scores, time
 * per move and, for mcts, iterations per (CPU) second.
 *
 *   npm run bench:bots -- --pairs=200 --match=L3:greedy,L2:L1,L3:L2,L4:L3,L5:L4
 *
 * A pair's points: 1 to the bot that won both games, ½ each when they split, 0 to the bot that
 * lost both (a drawn game counts half a game, so a pair's points are the mean of its two games').
 * The pair interval is Wilson's on those points out of the pairs: pairs are independent, games
 * of one pair are not.
 *
 * A player is `random`, `greedy`, `L1`..`L5` (the server's mcts levels: iteration budgets,
 * `src/bots/levels.ts`), `mcts#300` (300 iterations a move, reproducible whatever the load) or
 * `mcts@400` (400 ms a move: measures the machine as much as the bot; plain `mcts` is `--ms`).
 *
 * The mcts knobs can be changed too (MCTS_DEFAULTS names them), e.g. --horizon=30 --prior=0.
 * `--jobs=N` plays the games in N worker threads (the same games and results, sooner when
 * cores are free; the time per move is then each thread's own). `--first-pair=P` starts at pair
 * P (games 2P onwards), so a run can be extended or split over processes; `--report=a.jsonl,b.jsonl`
 * plays nothing and prints the matches of those `--log` files, each game counted once.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import {
  BOTS,
  BOT_KINDS,
  MCTS_DEFAULTS,
  playMatch,
  type BotKind,
  type BotOptions,
  type MctsTuning,
  levelIterations,
  MCTS_LEVELS,
} from '../src/bots/index.js';
import type { ExpansionId } from '../src/engine/index.js';

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? ''] as const;
  }),
);
const games = args.has('pairs') ? 2 * Number(args.get('pairs')) : Number(args.get('games') ?? 200);
/** The first game played: game i is pile i >> 1, so pair P's games are 2P and 2P + 1. */
const first = 2 * Number(args.get('first-pair') ?? 0);
const ms = Number(args.get('ms') ?? 100);
const seed = args.get('seed') ?? 'bench';
interface Player {
  label: string;
  kind: BotKind;
  budget: Pick<BotOptions, 'timeMs' | 'iterations'>;
}
/** `kind`, `L<level>`, `mcts@<ms>` or `mcts#<iterations>`. */
function player(spec: string): Player {
  const level = /^L(\d)$/.exec(spec);
  if (level) {
    if (!MCTS_LEVELS.includes(Number(level[1]) as never))
      throw new Error(`--match: ${spec}: levels are ${MCTS_LEVELS.join(', ')}`);
    return { label: spec, kind: 'mcts', budget: { iterations: levelIterations(Number(level[1])) } };
  }
  const [, kind, sign, amount] = /^([a-z]+)(?:([@#])(\d+))?$/.exec(spec) ?? [];
  if (!BOT_KINDS.includes(kind as BotKind)) throw new Error(`--match: ${spec}: bots are ${BOT_KINDS.join(', ')}`);
  if (sign !== undefined && kind !== 'mcts') throw new Error(`--match: ${spec}: only mcts has a budget`);
  const budget =
    sign === '@' ? { timeMs: Number(amount) } : sign === '#' ? { iterations: Number(amount) } : { timeMs: ms };
  return { label: spec, kind: kind as BotKind, budget };
}
const matches = (args.get('match') ?? 'greedy:random,mcts:greedy').split(',').map((m) => {
  const [a, b] = m.split(':');
  return [player(a ?? ''), player(b ?? '')] as const;
});
if (!(games > 0) || !(ms > 0)) throw new Error('--games and --ms must be positive numbers');
const tuning: Partial<MctsTuning> = {};
for (const knob of Object.keys(MCTS_DEFAULTS) as (keyof MctsTuning)[]) {
  const v = args.get(knob);
  if (v !== undefined) tuning[knob] = Number(v);
}

/** The 95 % Wilson score interval of a proportion. */
function wilson(p: number, n: number): [number, number] {
  const z = 1.96,
    z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

const pct = (x: number, digits = 0) => `${(100 * x).toFixed(digits)} %`;

/** One game of a match: game i plays pile i >> 1, with player a in seat i % 2 (games 2p and 2p + 1 are pair p). */
interface GameResult {
  i: number;
  sa: number;
  sb: number;
  thinkA: number;
  movesA: number;
  iterations: number;
  iterationMs: number;
}
function playGame(a: Player, b: Player, i: number): GameResult {
  const seatA = i % 2;
  const options = (p: Player, who: string): BotOptions => ({
    seed: `${seed}-${who}-${i}`,
    ...(p.kind === 'mcts' ? { ...p.budget, mcts: tuning } : {}),
  });
  const seats = [0, 1].map((s) =>
    s === seatA ? { bot: BOTS[a.kind], options: options(a, 'a') } : { bot: BOTS[b.kind], options: options(b, 'b') },
  );
  const players = [{ name: 'A' }, { name: 'B' }];
  const r = playMatch(
    { players, expansions: ['traders-builders', 'abbey-mayor'], seed: `${seed}-pile-${i >> 1}` },
    seats,
  );
  let iterations = 0,
    iterationMs = 0;
  for (const s of r.thinking)
    if (s.iterations > 0) {
      iterations += s.iterations;
      iterationMs += s.ms;
    }
  const t = r.thinking[seatA];
  return { i, sa: r.scores[seatA], sb: r.scores[1 - seatA], thinkA: t.ms, movesA: t.moves, iterations, iterationMs };
}

/**
 * `--rate`: mcts iterations per CPU second of this process (so the machine's load does not
 * count), over 40 searches of 250 iterations at positions of 4 greedy games with both
 * expansions: what a time budget buys on an idle core (docs/bots.md, levels).
 */
function rate(): void {
  let iterations = 0,
    cpu = 0,
    searches = 0,
    moves = 0;
  for (let g = 0; g < 4; g++) {
    const expansions: ExpansionId[] = ['traders-builders', 'abbey-mayor'];
    const setup = { players: [{ name: 'A' }, { name: 'B' }], expansions, seed: `rate-${g}` };
    playMatch(
      setup,
      [0, 1].map(() => ({ bot: BOTS.greedy, options: { seed: `rate-${g}` } })),
      (game, seat, _move) => {
        if (searches >= 40 || moves++ % 15 !== 7) return;
        const started = process.cpuUsage();
        iterations +=
          BOTS.mcts.chooseMove(game, seat, { seed: `rate-${searches}`, iterations: 250, mcts: tuning }).iterations ?? 0;
        const used = process.cpuUsage(started);
        cpu += (used.user + used.system) / 1e6;
        searches++;
      },
    );
  }
  console.log(
    `mcts: ${(iterations / cpu).toFixed(0)} iterations per CPU second over ${searches} searches of 250 iterations; 100 ms of an idle core buys ~${Math.round(iterations / cpu / 10)} iterations`,
  );
}

const jobs = Math.max(1, Number(args.get('jobs') ?? 1));
/** `--log=file`: each game's result appended as a JSON line as it ends (a run stopped early keeps its games). */
const log = args.get('log');
if (args.has('rate')) rate();
else if (args.has('report')) {
  // Each game once per match (a game played by two runs is the same game: the budgets are iterations).
  const byMatch = new Map<string, Map<number, GameResult>>();
  for (const file of args.get('report')!.split(','))
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (line.trim() === '') continue;
      const { match, ...result } = JSON.parse(line) as GameResult & { match: string };
      if (!byMatch.has(match)) byMatch.set(match, new Map());
      byMatch.get(match)!.set(result.i, result);
    }
  for (const [match, results] of byMatch) {
    const [a, b] = match.split(':').map(player);
    report(a, b, [...results.values()], 0);
  }
} else if (!isMainThread) {
  // A worker plays the games of its match whose index is its own modulo the jobs.
  const { match, job } = workerData as { match: number; job: number };
  const [a, b] = matches[match];
  for (let i = first + job; i < first + games; i += jobs) parentPort!.postMessage({ i, result: playGame(a, b, i) });
} else {
  console.log(
    `Node ${process.version}; ${games} games per match, two players, both expansions; mcts ${ms} ms per move, ${JSON.stringify({ ...MCTS_DEFAULTS, ...tuning })}${jobs > 1 ? `; ${jobs} threads` : ''}`,
  );
  for (const [m, [a, b]] of matches.entries()) {
    const started = performance.now();
    const results: GameResult[] = [];
    const progress = () => {
      const { points, n } = pairs(results);
      const [lo, hi] = n > 0 ? wilson(points / n, n) : [0, 1];
      // The interval so far, so that a run stopped early still says what it measured.
      process.stderr.write(
        `\r${a.label} vs ${b.label}: game ${results.length}/${games}, ${a.label} ${points}/${n} pairs (95 % CI ${pct(lo)}–${pct(hi)})   `,
      );
      if (log) appendFileSync(log, JSON.stringify({ match: `${a.label}:${b.label}`, ...results.at(-1) }) + '\n');
    };
    if (jobs === 1) {
      for (let i = first; i < first + games; i++) {
        results.push(playGame(a, b, i));
        progress();
      }
    } else {
      await Promise.all(
        Array.from(
          { length: Math.min(jobs, games) },
          (_, job) =>
            new Promise<void>((resolve, reject) => {
              const worker = new Worker(new URL(import.meta.url), {
                workerData: { match: m, job },
                argv: process.argv.slice(2),
              });
              worker.on('message', ({ result }: { result: GameResult }) => {
                results.push(result);
                progress();
              });
              worker.on('error', reject);
              worker.on('exit', (code) =>
                code === 0 ? resolve() : reject(new Error(`a bench worker exited with ${code}`)),
              );
            }),
        ),
      );
    }
    process.stderr.write('\n');
    report(a, b, results, performance.now() - started);
  }
}

function gamePoints(r: GameResult): number {
  return r.sa > r.sb ? 1 : r.sa === r.sb ? 0.5 : 0;
}

/** The pairs both of whose games are done, and player a's points on them (a pair: the mean of its games' points). */
function pairs(results: readonly GameResult[]): { points: number; n: number; both: number; lost: number } {
  const byPile = new Map<number, GameResult[]>();
  for (const r of results) byPile.set(r.i >> 1, [...(byPile.get(r.i >> 1) ?? []), r]);
  let points = 0,
    n = 0,
    both = 0,
    lost = 0;
  for (const two of byPile.values())
    if (two.length === 2) {
      const pair = (gamePoints(two[0]) + gamePoints(two[1])) / 2;
      points += pair;
      n++;
      if (pair === 1) both++;
      if (pair === 0) lost++;
    }
  return { points, n, both, lost };
}

function report(a: Player, b: Player, results: readonly GameResult[], wallMs: number): void {
  let points = 0,
    wins = 0,
    draws = 0,
    scoreA = 0,
    scoreB = 0,
    thinkA = 0,
    movesA = 0,
    iterations = 0,
    iterationMs = 0;
  for (const r of results) {
    if (r.sa > r.sb) wins++;
    else if (r.sa === r.sb) draws++;
    points += r.sa > r.sb ? 1 : r.sa === r.sb ? 0.5 : 0;
    scoreA += r.sa;
    scoreB += r.sb;
    thinkA += r.thinkA;
    movesA += r.movesA;
    iterations += r.iterations;
    iterationMs += r.iterationMs;
  }
  const n = results.length;
  const p = points / n;
  const [lo, hi] = wilson(p, n);
  const pair = pairs(results);
  const [plo, phi] = wilson(pair.points / pair.n, pair.n);
  const rate = iterationMs > 0 ? `, mcts ${(iterations / (iterationMs / 1000)).toFixed(0)} iterations/s` : '';
  console.log(
    `${a.label} vs ${b.label}: ${a.label} scores ${pair.points} of ${pair.n} pairs, ${pct(pair.points / pair.n, 1)} (95 % CI ${pct(plo, 1)}–${pct(phi, 1)}; won both ${pair.both}, split ${pair.n - pair.both - pair.lost}, lost both ${pair.lost}); ` +
      `wins ${pct(p)} of ${n} games (95 % CI ${pct(lo)}–${pct(hi)}; ${wins} won, ${draws} drawn, ${n - wins - draws} lost), ` +
      `average score ${(scoreA / n).toFixed(0)}:${(scoreB / n).toFixed(0)}, ${a.label} ${(thinkA / movesA).toFixed(1)} ms/move${rate}` +
      (wallMs > 0 ? `, ${(wallMs / 1000).toFixed(0)} s` : ''),
  );
}
