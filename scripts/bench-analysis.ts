/**
 * npm run bench:analysis — the post-game analysis' precision and calibration
 * (`analysis-quality.ts`: `--games=100 --jobs=2`, `--fit --fit-games=40` to fit the squash first,
 * `--sample=400` to calibrate on 5 positions of each of 400 more games (and fit on `--fit-sample`,
 * as many by default, others; `--sample-from=240` calibrates on games 240.. instead, positions
 * no earlier run has seen),
 * `--diagram=docs/images/analysis-reliability.svg`, `--keep=path` keeps the analysed games in
 * `path-fit.jsonl` and `path-bench.jsonl`, one line a game, and plays again only the games not
 * there: a run stopped early goes on where it stopped), then what analyses cost and whether play
 * suffers while they run (`--quality-only`, `--cost-only` run one part).
 *
 * The cost part starts the built server (`dist/server.js`, its default bot workers: one on 2
 * cores) on a temporary SQLite file, lets `--analyses` (`BENCH_ANALYSES`) two-player games of two
 * greedy bots with both expansions play to their end, then measures GET /health and a human
 * game's move latency (sequential requests from this process) idle, and again while every one
 * of those games is being analysed (`ANALYSIS_CONCURRENCY` = that many, the worst case). Prints
 * p50/p99, the server process's CPU seconds per analysed game (all its threads, from /proc), the
 * wall time, and the precision of what the server stored (look-aheads and standard errors: the
 * same as the quality part's unless the safety net cut them).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fit, gather, quality, writeDiagram } from './analysis-quality.js';
import { SQUASH } from '../src/bots/value.js';

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? ''] as const;
  }),
);
if (!args.has('cost-only')) {
  const jobs = Number(args.get('jobs') ?? 2);
  const games = Number(args.get('games') ?? 100);
  let squash = SQUASH;
  const keep = (set: string) => (args.get('keep') ? `${args.get('keep')}-${set}.jsonl` : undefined);
  const sample = Number(args.get('sample') ?? 0);
  const sampleFrom = Number(args.get('sample-from') ?? 0);
  if (args.has('fit')) {
    const fitGames = Number(args.get('fit-games') ?? 40);
    const fitSample = Number(args.get('fit-sample') ?? sample);
    squash = fit([
      ...(fitGames > 0 ? await gather('fit', 0, fitGames, jobs, keep('fit')) : []),
      ...(fitSample > 0 ? await gather('sample-fit', 0, fitSample, jobs, keep('sample-fit')) : []),
    ]);
    console.log(`fitted squash (value.ts SQUASH): ${JSON.stringify(squash)} (in use: ${JSON.stringify(SQUASH)})`);
  }
  const analysed = await gather('bench', 0, games, jobs, keep('bench'));
  const q = quality(analysed, squash);
  if (analysed.length > 0)
    console.log(
      `${analysed.length} games, ${q.positions} positions: median change of a chance where the best move was played and nothing scored ${(100 * q.medianChange).toFixed(1)} points (${q.changes} such decisions); median standard error ${(100 * q.medianSe).toFixed(1)} points; ${q.cpuPerGame.toFixed(1)} CPU s per game (one thread)`,
    );
  const calibrated =
    sample > 0 ? quality(await gather('sample', sampleFrom, sampleFrom + sample, jobs, keep('sample')), squash) : q;
  if (calibrated.positions > 0)
    console.log(
      `calibration over ${calibrated.positions} positions${sample > 0 ? ` (5 of each of ${sample} greedy games, ${sampleFrom} to ${sampleFrom + sample - 1})` : ''}, each seat's chance, by decile: estimated (mean) / won / chances / error (binomial standard error)`,
    );
  for (const d of calibrated.positions > 0 ? calibrated.deciles : [])
    console.log(
      `  ${(100 * d.from).toFixed(0)}–${(100 * d.from + 10).toFixed(0)} %: ${(100 * d.predicted).toFixed(1)} / ${(100 * d.observed).toFixed(1)} / ${d.n} / ${(100 * Math.abs(d.observed - d.predicted)).toFixed(1)} points (± ${(100 * d.se).toFixed(1)})`,
    );
  const diagram = args.get('diagram');
  if (diagram) writeDiagram(diagram, calibrated, `Reliability: ${calibrated.positions} positions, both seats' chances`);
}
if (args.has('quality-only')) process.exit(0);

const ANALYSES = Number(args.get('analyses') ?? process.env.BENCH_ANALYSES ?? 20);
const dir = mkdtempSync(join(tmpdir(), 'bench-analysis-'));
const child = spawn(process.execPath, [new URL('../dist/server.js', import.meta.url).pathname], {
  env: {
    ...process.env,
    PORT: '0',
    DATABASE_URL: join(dir, 'games.db'),
    ADDRESS_RATE_LIMIT_PER_SECOND: '0',
    RATE_LIMIT_PER_SECOND: '0',
    ANALYSIS_CONCURRENCY: String(ANALYSES),
    LOG_LEVEL: 'info',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
const base = await new Promise<string>((resolve, reject) => {
  let out = '';
  child.stdout.on('data', (c: Buffer) => {
    out += c.toString();
    const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
    if (m) resolve(m[1]);
  });
  child.once('exit', (code) => reject(new Error(`server exited ${code}`)));
});
const call = async (path: string, init?: RequestInit) => {
  const res = await fetch(base + path, init);
  return { status: res.status, body: await res.json() };
};
const post = (path: string, body: unknown, token?: string) =>
  call(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
const cpuSeconds = () => {
  const f = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) / 100; // utime + stime, in clock ticks of 10 ms
};
const pct = (l: number[], p: number) =>
  [...l].sort((a, b) => a - b)[Math.min(l.length - 1, Math.floor((l.length * p) / 100))];

async function measure(label: string): Promise<void> {
  const health: number[] = [];
  for (let i = 0; i < 200; i++) {
    const t = performance.now();
    await call('/health');
    health.push(performance.now() - t);
  }
  const game = (await post('/games', { players: [{ name: 'A' }, { name: 'B' }] })).body;
  const moves: number[] = [];
  for (let i = 0; i < 40; i++) {
    const lm = (await call(`/games/${game.id}/legal-moves`)).body;
    const t = performance.now();
    const res = await post(
      `/games/${game.id}/moves`,
      { expectedVersion: lm.version, move: lm.moves[0] },
      game.seats[lm.actor].token,
    );
    moves.push(performance.now() - t);
    if (res.status !== 201) throw new Error(`move: ${res.status}`);
  }
  console.log(
    `${label}: /health p50 ${pct(health, 50).toFixed(1)} ms p99 ${pct(health, 99).toFixed(1)} ms; move p50 ${pct(moves, 50).toFixed(1)} ms p99 ${pct(moves, 99).toFixed(1)} ms`,
  );
}

try {
  const ids: string[] = [];
  for (let i = 0; i < ANALYSES; i++)
    ids.push(
      (
        await post('/games', {
          players: [{ bot: 'greedy' }, { bot: 'greedy' }],
          expansions: ['traders-builders', 'abbey-mayor'],
          seed: `bench-${i}`,
        })
      ).body.id,
    );
  for (const id of ids)
    while ((await call(`/games/${id}`)).body.status !== 'finished') await new Promise((r) => setTimeout(r, 200));
  await measure('idle');
  const cpu = cpuSeconds();
  const started = performance.now();
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} as the analyses start`,
  );
  for (const id of ids) await call(`/games/${id}/analysis`);
  await measure(`while ${ANALYSES} analyses run`);
  const done: any[] = [];
  for (const id of ids) {
    for (;;) {
      const a = await call(`/games/${id}/analysis`);
      if (a.status === 200) {
        done.push(a.body);
        break;
      }
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  const wall = (performance.now() - started) / 1000;
  const spent = cpuSeconds() - cpu;
  const decisions = done.reduce((n, a) => n + a.decisions.length, 0) / done.length;
  const workerMs = done.reduce((n, a) => n + a.workerMs, 0) / done.length;
  const ses = done.flatMap((a) => a.decisions.map((d: { se: number[] }) => d.se[0])).sort((x, y) => x - y);
  const playouts = done.map((a) => a.playouts.median).sort((x, y) => x - y);
  console.log(
    `${ANALYSES} analyses in ${wall.toFixed(1)} s of wall time (${(wall / ANALYSES).toFixed(1)} s a game, the server's default bot workers), load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(
        ' ',
      )} at the end: server CPU ${(spent / ANALYSES).toFixed(2)} s per game (all its threads, the measuring above included), worker time ${(workerMs / 1000).toFixed(2)} s per game, ${decisions.toFixed(0)} decisions per game; look-aheads per candidate (median of the games' medians) ${playouts[playouts.length >> 1]}, median standard error ${(100 * ses[ses.length >> 1]).toFixed(1)} points`,
  );
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  rmSync(dir, { recursive: true, force: true });
}
