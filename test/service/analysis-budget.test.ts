/**
 * Each game's analysis has a budget of its own (issue 42, finding 3): its chances get at most
 * `budgetMs` of worker time, shared among its steps by the positions left, whatever the game's
 * length (a safety net: the look-ahead counts decide the work, issue 41). A worker that
 * overspends a step leaves the later steps less, not the game more. A step stops after `stepMs`
 * (so a bot turn never waits long behind one) and the next goes on from there.
 */
import t from 'tap';
import type { BotPool } from '../../src/service/bots/bot-pool.js';
import { Analyses, DEFAULT_ANALYSIS } from '../../src/service/analysis/analyses.js';
import type { AnalysisJob } from '../../src/service/analysis/analysis-job.js';
import { MoveNotifier } from '../../src/service/moves/move-notifier.js';
import { openSqliteStore } from '../../src/storage/sqlite/store.js';
import { until } from '../helpers/bots.js';
import { bearer, createGame, legal, testApp } from '../http/helpers/app.js';

/** A finished two-player game of `tiles` tiles in `store`, played through the API. */
async function finishedGame(
  t: Parameters<typeof testApp>[0],
  store: ReturnType<typeof openSqliteStore>,
  tiles: number,
): Promise<string> {
  const app = await testApp(t, { store });
  const tileOrder = [
    'base/E',
    'base/D',
    'base/V',
    'base/U',
    'base/K',
    'base/B',
    'base/A',
    'base/L',
    'base/J',
    'base/W',
    'base/X',
    'base/C',
  ].slice(0, tiles);
  const game = await createGame(app, { players: [{ name: 'Ann' }, { name: 'Bob' }], tileOrder });
  for (;;) {
    const lm = await legal(app, game.id);
    if (lm.actor === null) return game.id;
    await app.inject({
      method: 'POST',
      url: `/games/${game.id}/moves`,
      headers: bearer(game.seats[lm.actor].token),
      payload: { expectedVersion: lm.version, move: lm.moves.at(-1) },
    });
  }
}

/**
 * A pool that spends `spend(budget)` of each step, answers at most `most` positions of it (a
 * step that ran out of its time answers fewer), and records what each job was given.
 */
function recordingPool(spend: (budgetMs: number) => number, most = Infinity) {
  const jobs: AnalysisJob[] = [];
  const pool = {
    run(job: AnalysisJob) {
      jobs.push(job);
      const count = Math.min(most, job.to - job.from);
      const last = job.from + count === job.moves.length + 1;
      const positions = Array.from({ length: count }, (_, i) => ({
        chances: [0.5, 0.5],
        se: [0.01, 0.01],
        playouts: 8,
        tilesLeft: 0,
        means: [0, 0],
        ...(last && i === count - 1
          ? {}
          : {
              decision: {
                seat: 0,
                best: job.moves[job.from + i],
                played: { chances: [0.5, 0.5], se: [0.01, 0.01] },
                loss: 0,
                lossSe: 0,
              },
            }),
      }));
      return Promise.resolve({ kind: 'positions', positions, ms: spend(job.budgetMs) });
    },
  } as unknown as BotPool;
  return { jobs, pool };
}

for (const [what, spend] of [
  ['a worker that spends its whole share', (budget: number) => budget],
  ['a worker that overspends each step by half', (budget: number) => budget * 1.5 + 5],
] as const) {
  t.test(`a game's chances get at most its budget of worker time: ${what}`, async (t) => {
    const store = openSqliteStore(':memory:');
    const id = await finishedGame(t, store, 12);
    const { jobs, pool } = recordingPool(spend);
    const options = { ...DEFAULT_ANALYSIS, budgetMs: 1000, stepPositions: 3 };
    const analyses = new Analyses(
      store,
      () => pool,
      options,
      () => new Date(),
      (error) => t.fail(String(error)),
      new MoveNotifier(),
    );
    t.teardown(() => analyses.close());
    t.equal((await analyses.get(id, '127.0.0.2')).status, 'running');
    await until(async () => (await analyses.get(id)).status === 'ready', 60_000, 'the analysis');
    const steps = jobs;
    const positions = (await store.movesAfter(id, 0)).length + 1;
    t.equal(steps.length, Math.ceil(positions / 3), 'one step a few positions');
    const given = steps.reduce((sum, j) => sum + j.budgetMs, 0);
    t.ok(given <= options.budgetMs + 1e-9, `the steps were given ${given.toFixed(1)} ms of ${options.budgetMs}`);
    // Each step's share is what is left, by the positions left: the first of a whole budget.
    t.equal(steps[0].budgetMs, (options.budgetMs * 3) / positions);
  });
}

t.test('a step that ran out of its time answers fewer positions: the next one starts where it stopped', async (t) => {
  const store = openSqliteStore(':memory:');
  const id = await finishedGame(t, store, 6);
  const { jobs, pool } = recordingPool(() => 1, 1);
  const options = { ...DEFAULT_ANALYSIS, stepPositions: 3, stepMs: 40 };
  const analyses = new Analyses(
    store,
    () => pool,
    options,
    () => new Date(),
    (error) => t.fail(String(error)),
    new MoveNotifier(),
  );
  t.teardown(() => analyses.close());
  await analyses.get(id, '127.0.0.2');
  await until(async () => (await analyses.get(id)).status === 'ready', 60_000, 'the analysis');
  const positions = (await store.movesAfter(id, 0)).length + 1;
  t.same(
    jobs.map((j) => j.from),
    Array.from({ length: positions }, (_, p) => p),
    'each step from the first position the last one did not answer',
  );
  t.ok(
    jobs.every((j) => j.stepMs === 40 && j.to === Math.min(positions, j.from + 3)),
    'each asked for a few positions within the step time',
  );
  const ready = await analyses.get(id);
  t.equal(ready.status === 'ready' && ready.analysis.decisions.length, positions - 1, 'every decision analysed');
});
