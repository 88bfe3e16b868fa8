/**
 * Each game's analysis has a budget of its own (issue 42, finding 3): its chances get at most
 * `budgetMs` of worker time, shared among its steps by the positions left, whatever the game's
 * length. A worker that overspends a step leaves the
 * later steps less, not the game more.
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

/** A pool that spends `spend(budget)` of each step and records what each job was given. */
function recordingPool(spend: (budgetMs: number) => number) {
  const jobs: AnalysisJob[] = [];
  const pool = {
    run(job: AnalysisJob) {
      jobs.push(job);
      const last = job.to === job.moves.length + 1;
      const positions = Array.from({ length: job.to - job.from }, (_, i) => ({
        chances: [0.5, 0.5],
        se: [0.01, 0.01],
        playouts: 8,
        tilesLeft: 0,
        means: [0, 0],
        ...(last && i === job.to - job.from - 1
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
