/**
 * The analysis' precision and calibration (`npm run bench:analysis`, docs/analysis.md): bot
 * games played and analysed in this process's children (`--jobs`), exactly as the server's
 * workers analyse them (`analysePositions`, no time budget), then
 *
 * - precision: the median change of seat 0's chance between consecutive positions where the
 *   best move was played and nothing scored, and the median standard error;
 * - calibration: the positions' chances (the game's end left out), each seat's, in deciles, each
 *   with the share of those positions that the seat went on to win (a draw half), the
 *   reliability diagram written as SVG;
 * - `--fit`: the squash's temperature fitted (`value.ts`) by maximum likelihood on another set
 *   of games, then the above on the measured games with it.
 *
 * Games: two players, both expansions; game i is greedy against greedy (even i) or mcts with 32
 * iterations against greedy (odd i, seats alternating), pile seed `<set>-<i>`. A calibration
 * sample (`--sample=400`: sets `sample-fit` and `sample`) is of greedy against greedy only (equal
 * players: a position's real chance is then the game's, not who plays it), five positions of
 * each game, one drawn at random in each fifth of it (so every stage, the last tiles too), so
 * its positions are many games' rather than a few games' many.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { BOTS, playMatch, type Seat } from '../src/bots/index.js';
import { analysePositions } from '../src/bots/analysis.js';
import { ESTIMATE_DEFAULTS } from '../src/bots/estimate.js';
import { seeded } from '../src/bots/rng.js';
import { SQUASH, temperature, winShares, type Squash } from '../src/bots/value.js';
import type { ExpansionId } from '../src/engine/index.js';

/** One position of an analysed game: seat 0's chance and its standard error, the margin squashed, the tiles left, and flags. */
type Row = [p: number, se: number, margin: number, tiles: number, bestPlayed: 0 | 1, scored: 0 | 1, end: 0 | 1];
interface GameRecord {
  set: string;
  i: number;
  won: number;
  cpuMs: number;
  rows: Row[];
  /** Only a few positions of the game were analysed (a calibration sample): its rows are not consecutive. */
  sampled?: boolean;
}

/** Positions analysed in a game of a calibration sample: spread evenly over the game. */
const SAMPLED_POSITIONS = 5;

function playAndAnalyse(set: string, i: number): GameRecord {
  const sampled = set.startsWith('sample');
  const greedy = (seed: string): Seat => ({ bot: BOTS.greedy, options: { seed: sampled ? `${seed}-${i}` : seed } });
  const mcts = (seed: string): Seat => ({ bot: BOTS.mcts, options: { seed, iterations: 32 } });
  const seats =
    i % 2 === 0 ? [greedy('a'), greedy('b')] : i % 4 === 1 ? [mcts('a'), greedy('b')] : [greedy('a'), mcts('b')];
  const setup = {
    players: [{ name: 'A' }, { name: 'B' }],
    expansions: ['traders-builders', 'abbey-mayor'] as ExpansionId[],
    seed: `${set}-${i}`,
  };
  const { moves, scores } = playMatch(setup, seats);
  const cpu = process.cpuUsage();
  // One position drawn at random in each fifth of the game: every stage, the last tiles too.
  const at = seeded(`${set}-${i}/positions`);
  const positions = sampled
    ? Array.from({ length: SAMPLED_POSITIONS }, (_, k) => {
        const p = Math.floor(((k + at()) * moves.length) / SAMPLED_POSITIONS);
        return analysePositions(setup, moves, p, p + 1, ESTIMATE_DEFAULTS)[0];
      })
    : analysePositions(setup, moves, 0, moves.length + 1, ESTIMATE_DEFAULTS);
  const used = process.cpuUsage(cpu);
  const rows = positions.map((p): Row => [
    p.chances[0],
    p.se[0],
    p.means[0] - p.means[1],
    p.tilesLeft,
    p.decision?.loss === 0 ? 1 : 0,
    p.scored ? 1 : 0,
    p.decision ? 0 : 1,
  ]);
  return {
    set,
    i,
    won: winShares(scores)[0],
    cpuMs: (used.user + used.system) / 1000,
    rows,
    ...(sampled ? { sampled } : {}),
  };
}

/** Plays and analyses games `from`..`to` − 1 of `set` in `jobs` child processes. */
export async function gather(
  set: string,
  from: number,
  to: number,
  jobs: number,
  keep?: string,
): Promise<GameRecord[]> {
  // Games kept by an earlier run (one JSON line each) are not played again.
  const out: GameRecord[] =
    keep && existsSync(keep)
      ? readFileSync(keep, 'utf8')
          .split('\n')
          .filter((l) => l.trim() !== '')
          .map((l) => JSON.parse(l) as GameRecord)
      : [];
  const done = out.map((g) => g.i).join(',');
  // `--no-play`: only what was kept (a run stopped at its deadline, read again).
  if (process.argv.includes('--no-play')) return out.filter((g) => g.i >= from && g.i < to).sort((a, b) => a.i - b.i);
  await Promise.all(
    Array.from({ length: jobs }, (_, job) => {
      const child = spawn(
        process.execPath,
        [
          ...process.execArgv,
          new URL(import.meta.url).pathname,
          `--child=${set},${from},${to},${job},${jobs}`,
          `--done=${done}`,
        ],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      createInterface({ input: child.stdout }).on('line', (line) => {
        out.push(JSON.parse(line) as GameRecord);
        if (keep) appendFileSync(keep, line + '\n');
        process.stderr.write(`\r${set}: ${out.length} of ${to - from} games analysed   `);
      });
      return new Promise<void>((resolve, reject) =>
        child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`a child exited with ${code}`)))),
      );
    }),
  );
  process.stderr.write('\n');
  return out.sort((a, b) => a.i - b.i);
}

const squash = (margin: number, tiles: number, s: Squash) => 1 / (1 + Math.exp(-margin / temperature(tiles, s)));

/** The log-loss per position of squash `s` on `rows` ([margin, tiles left, result]). */
function logLoss(rows: readonly (readonly [number, number, number])[], s: Squash): number {
  let sum = 0;
  for (const [m, tiles, y] of rows) {
    const p = Math.min(1 - 1e-9, Math.max(1e-9, squash(m, tiles, s)));
    sum -= y * Math.log(p) + (1 - y) * Math.log(1 - p);
  }
  return sum / rows.length;
}

/**
 * The squash of least log-loss on the games' positions (the end left out): maximum likelihood,
 * i.e. a logistic fit of each position's result on its margin with the temperature's two
 * parameters, by a grid made finer around its best point. a is at least 1 point.
 */
export function fit(games: readonly GameRecord[]): Squash {
  const rows = games.flatMap((g) => g.rows.filter((r) => r[6] === 0).map((r) => [r[2], r[3], g.won] as const));
  let best: Squash = { a: 4, b: 2 };
  for (const step of [1, 0.25, 0.05, 0.01]) {
    const centre = best;
    for (let i = -8; i <= 8; i++)
      for (let j = -8; j <= 8; j++) {
        const s = { a: Math.max(1, centre.a + i * step), b: Math.max(0, centre.b + (j * step) / 2) };
        if (logLoss(rows, s) < logLoss(rows, best)) best = { a: round(s.a), b: round(s.b) };
      }
  }
  console.log(
    `  ${rows.length} positions: a ${best.a}, b ${best.b}, log-loss ${logLoss(rows, best).toFixed(4)} per position (in use: ${logLoss(rows, SQUASH).toFixed(4)})`,
  );
  return best;
}

const round = (x: number) => Math.round(x * 1000) / 1000;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

export interface Quality {
  /** Positions, and (for calibration) seats' chances at them: twice as many with two players. */
  positions: number;
  medianChange: number;
  changes: number;
  medianSe: number;
  /** `se`: the binomial standard error of `observed` were the estimates exact, √(p(1 − p)/n) (positions of one game are not independent: a floor). */
  deciles: { from: number; n: number; predicted: number; observed: number; se: number }[];
  cpuPerGame: number;
}

/** Precision and calibration of `games` with squash `s` (the chances recomputed from the margins). */
export function quality(games: readonly GameRecord[], s: Squash): Quality {
  const whole = games.filter((g) => !g.sampled);
  const changes: number[] = [];
  const ses: number[] = [];
  const bins = Array.from({ length: 10 }, (_, k) => ({ from: k / 10, n: 0, p: 0, won: 0 }));
  for (const g of games) {
    const p = g.rows.map((r) => (r[6] ? r[0] : squash(r[2], r[3], s)));
    g.rows.forEach((r, k) => {
      if (r[6]) return;
      ses.push(r[1]);
      // Each seat's chance (two players: seat 1's is 1 − seat 0's), so that which seat happened
      // to win more of these games does not tilt the diagram.
      for (const [chance, won] of [
        [p[k], g.won],
        [1 - p[k], 1 - g.won],
      ]) {
        const bin = bins[Math.min(9, Math.floor(chance * 10))];
        bin.n++;
        bin.p += chance;
        bin.won += won;
      }
      // Consecutive positions where the best move was played and nothing scored.
      if (!g.sampled && r[4] && !r[5] && !g.rows[k + 1][6]) changes.push(Math.abs(p[k + 1] - p[k]));
    });
  }
  return {
    positions: ses.length,
    medianChange: median(changes),
    changes: changes.length,
    medianSe: median(ses),
    deciles: bins.map((b) => ({
      from: b.from,
      n: b.n,
      predicted: b.n ? b.p / b.n : 0,
      observed: b.n ? b.won / b.n : 0,
      se: b.n ? Math.sqrt(((b.p / b.n) * (1 - b.p / b.n)) / b.n) : 0,
    })),
    cpuPerGame: whole.reduce((a, g) => a + g.cpuMs, 0) / whole.length / 1000,
  };
}

/** The reliability diagram: each decile's mean estimate against the share won (± 2 binomial standard errors), with the diagonal. */
export function reliabilitySvg(q: Quality, title: string): string {
  const [w, h, l, r, t, b] = [420, 420, 56, 16, 40, 52];
  const x = (v: number) => (l + (w - l - r) * v).toFixed(1);
  const y = (v: number) => (t + (h - t - b) * (1 - v)).toFixed(1);
  const ticks = [0, 0.2, 0.4, 0.6, 0.8, 1];
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" font-family="sans-serif" font-size="12">`,
    `<rect width="${w}" height="${h}" fill="#fff"/>`,
    `<text x="${w / 2}" y="22" text-anchor="middle" font-size="14">${title}</text>`,
    ...ticks.flatMap((v) => [
      `<line x1="${x(0)}" x2="${x(1)}" y1="${y(v)}" y2="${y(v)}" stroke="#ddd"/>`,
      `<line x1="${x(v)}" x2="${x(v)}" y1="${y(0)}" y2="${y(1)}" stroke="#ddd"/>`,
      `<text x="${l - 6}" y="${Number(y(v)) + 4}" text-anchor="end">${v * 100} %</text>`,
      `<text x="${x(v)}" y="${h - b + 18}" text-anchor="middle">${v * 100} %</text>`,
    ]),
    `<line x1="${x(0)}" y1="${y(0)}" x2="${x(1)}" y2="${y(1)}" stroke="#888" stroke-dasharray="4 4"/>`,
    `<text x="${w / 2}" y="${h - 10}" text-anchor="middle">estimated chance (mean of the decile)</text>`,
    `<text transform="translate(16 ${h / 2}) rotate(-90)" text-anchor="middle">share of those positions won</text>`,
    `<polyline fill="none" stroke="#0072b2" stroke-width="2" points="${q.deciles
      .filter((d) => d.n > 0)
      .map((d) => `${x(d.predicted)},${y(d.observed)}`)
      .join(' ')}"/>`,
    ...q.deciles
      .filter((d) => d.n > 0)
      .map(
        (d) =>
          `<line x1="${x(d.predicted)}" x2="${x(d.predicted)}" y1="${y(Math.max(0, d.observed - 2 * d.se))}" y2="${y(Math.min(1, d.observed + 2 * d.se))}" stroke="#0072b2"/>`,
      ),
    ...q.deciles
      .filter((d) => d.n > 0)
      .map(
        (d) =>
          `<circle cx="${x(d.predicted)}" cy="${y(d.observed)}" r="${(2 + Math.sqrt(d.n) / 6).toFixed(1)}" fill="#0072b2"><title>${d.n} positions</title></circle>`,
      ),
    '</svg>',
  ];
  return parts.join('\n') + '\n';
}

export function writeDiagram(path: string, q: Quality, title: string): void {
  writeFileSync(path, reliabilitySvg(q, title));
}

const child = process.argv.find((a) => a.startsWith('--child='));
if (child) {
  const [set, from, to, job, jobs] = child.slice('--child='.length).split(',');
  const done = new Set(
    (process.argv.find((a) => a.startsWith('--done='))?.slice('--done='.length) ?? '')
      .split(',')
      .filter(Boolean)
      .map(Number),
  );
  for (let i = Number(from) + Number(job); i < Number(to); i += Number(jobs))
    if (!done.has(i)) process.stdout.write(JSON.stringify(playAndAnalyse(set, i)) + '\n');
}
