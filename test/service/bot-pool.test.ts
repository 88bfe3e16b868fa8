/**
 * The bot pool: jobs answer legal moves from worker threads, a killed worker fails only its
 * job and is replaced, the queue is bounded, close terminates the workers. Iteration budgets
 * wherever an answer is compared.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import t from 'tap';
import { moveKey } from '../../src/bots/moves.js';
import { legalMoves, replay, type Move } from '../../src/engine/index.js';
import { levelBudget, type BotJob } from '../../src/service/bots/bot-job.js';
import { ESTIMATE_DEFAULTS } from '../../src/bots/estimate.js';
import {
  BotJobError,
  BotPool,
  BotPoolBusyError,
  BotPoolClosedError,
  BotWorkerCrashedError,
  type BotLane,
} from '../../src/service/bots/bot-pool.js';
import type { StoredSetup } from '../../src/storage/game-store.js';
import { playRandom, randomSetup } from '../helpers/random-play.js';

const setup = { ...randomSetup('pool', 2, ['traders-builders', 'abbey-mayor']), seed: 'pool' } as StoredSetup;
const played = playRandom(setup, 'pool-moves');

/** A job for the actor after the first `n` moves of the random game. */
function jobAt(n: number, spec: BotJob['spec'], budget: BotJob['budget'] = { iterations: 30 }): BotJob {
  const moves = played.moves.slice(0, n);
  const rebuilt = replay(setup, moves);
  if (!rebuilt.ok) throw new Error('replay');
  return { setup, moves, seat: legalMoves(rebuilt.value.game).actor!, spec, seed: `job${n}`, budget };
}

function isLegalAfter(job: BotJob, move: Move): boolean {
  const rebuilt = replay(job.setup, job.moves);
  return rebuilt.ok && legalMoves(rebuilt.value.game).moves.some((m) => moveKey(m) === moveKey(move));
}

// The pools of the tests that are not about the express worker start none (`express: false`):
// none of their jobs is in its lane, so it would only load the engine and wait, a quarter of a
// second of CPU per pool (two seconds from dist/, whose worker loads tap's hooks too).

t.test('every bot answers a legal move from a worker, mcts with a win rate', async (t) => {
  const pool = new BotPool({ size: 2, queueLimit: 16, express: false });
  t.teardown(() => pool.close());
  const jobs = [0, 7, 30, 61].flatMap((n) => (['random', 'greedy', 'mcts'] as const).map((bot) => jobAt(n, { bot })));
  const answers = await Promise.all(jobs.map((job) => pool.run(job)));
  answers.forEach((answer, i) =>
    t.ok(isLegalAfter(jobs[i], answer.move), `${jobs[i].spec.bot} after ${jobs[i].moves.length} moves`),
  );
  const mcts = answers.filter((_, i) => jobs[i].spec.bot === 'mcts');
  for (const a of mcts) t.ok(a.winRate! >= 0 && a.winRate! <= 1 && a.iterations === 30);
  t.ok(pool.stats().workers <= 2, 'never more workers than its size');
  t.same(await pool.run(jobs[11]), answers[11], 'the same job gives the same answer');
});

/** The nice value of each thread of this process (Linux: field 19 of /proc/self/task/<tid>/stat). */
function threadNices(): Map<number, number> {
  const nices = new Map<number, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    const fields = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ');
    nices.set(Number(tid), Number(fields[16]));
  }
  return nices;
}

t.test(
  'workers search at the lowest priority, the HTTP thread keeps its own',
  { skip: process.platform !== 'linux' },
  async (t) => {
    const before = new Set(threadNices().keys());
    // The nice the suite was started with (`nice npm test` is 10): the main thread's, kept.
    const own = threadNices().get(process.pid);
    const pool = new BotPool({ size: 1, queueLimit: 4, express: false });
    t.teardown(() => pool.close());
    await pool.run(jobAt(20, { bot: 'mcts' }));
    const started = [...threadNices()].filter(([tid]) => !before.has(tid));
    t.ok(
      started.some(([, nice]) => nice === 19),
      'the worker thread runs at nice 19',
    );
    t.equal(threadNices().get(process.pid), own, `the main thread keeps its own nice (${own})`);
  },
);

t.test('a job the worker refuses fails cleanly and the worker keeps serving', async (t) => {
  const pool = new BotPool({ size: 1, queueLimit: 4, express: false });
  t.teardown(() => pool.close());
  const job = jobAt(5, { bot: 'greedy' });
  await t.rejects(pool.run({ ...job, seat: 1 - job.seat }), BotJobError);
  await t.rejects(pool.run({ ...job, moves: [{ type: 'pass' }, ...job.moves] }), /does not replay/);
  t.ok(isLegalAfter(job, (await pool.run(job)).move));
  t.equal(pool.stats().workers, 1);
});

t.test('a worker that dies fails its own job only, and is replaced', async (t) => {
  const pool = new BotPool({ size: 1, queueLimit: 4, express: false });
  t.teardown(() => pool.close());
  await pool.run(jobAt(3, { bot: 'random' })); // the worker is up
  const long = pool.run(jobAt(20, { bot: 'mcts' }, { timeMs: 60_000 }));
  const queued = pool.run(jobAt(21, { bot: 'greedy' }));
  const [worker] = pool.threads();
  await new Promise((resolve) => setTimeout(resolve, 100));
  await worker.terminate();
  await t.rejects(long, BotWorkerCrashedError);
  const next = await queued;
  t.ok(isLegalAfter(jobAt(21, { bot: 'greedy' }), next.move), 'the queued job ran on a new worker');
  t.not(pool.threads()[0], worker, 'a new thread');
});

t.test('the queue is bounded, and close fails what waits and stops the workers', async (t) => {
  const pool = new BotPool({ size: 1, queueLimit: 1 });
  const running = pool.run(jobAt(10, { bot: 'mcts' }, { timeMs: 60_000 }));
  const waiting = pool.run(jobAt(11, { bot: 'random' }));
  await t.rejects(pool.run(jobAt(12, { bot: 'random' })), BotPoolBusyError);
  const [worker] = pool.threads();
  const exited = new Promise((resolve) => worker.once('exit', resolve));
  const failed = [t.rejects(running, BotPoolClosedError), t.rejects(waiting, BotPoolClosedError)];
  await pool.close();
  await Promise.all(failed);
  await exited;
  t.same(pool.stats(), { workers: 0, busy: 0, queued: 0 });
  await t.rejects(pool.run(jobAt(12, { bot: 'random' })), BotPoolClosedError);
});

t.test(
  'mcts levels are iteration budgets, three times the one below, bounded in time; an iteration budget overrides them',
  async (t) => {
    t.same(
      [1, 2, 3, 4, 5].map((level) => levelBudget({ bot: 'mcts', level }, 100)),
      [
        { iterations: 13, timeMs: 100 },
        { iterations: 40, timeMs: 100 },
        { iterations: 120, timeMs: 133 },
        { iterations: 360, timeMs: 400 },
        { iterations: 1080, timeMs: 1200 },
      ],
      'four times their idle time, at least BOT_MOVE_MS',
    );
    t.same(levelBudget({ bot: 'mcts' }, 80), { iterations: 360, timeMs: 320 }, 'level 4 (mcts at 100 ms) by default');
    t.same(levelBudget({ bot: 'mcts', level: 5 }, 100, 40), { iterations: 40 });
    t.same(levelBudget({ bot: 'greedy', level: 5 }, 100), {});
  },
);

t.test('from the build (dist/) the pool runs the compiled worker beside it', async (t) => {
  const built = new URL('../../dist/service/bots/bot-pool.js', import.meta.url);
  t.ok(existsSync(built), 'the build is there (`npm test` builds first)');
  const { BotPool: BuiltPool } = (await import(built.href)) as typeof import('../../src/service/bots/bot-pool.js');
  const pool = new BuiltPool({ size: 1, queueLimit: 4, express: false });
  t.teardown(() => pool.close());
  const job = jobAt(12, { bot: 'mcts' });
  t.ok(isLegalAfter(job, (await pool.run(job)).move));
});

t.test(
  'waiting jobs go by lane, then owners take turns: cheap bots, games with a human, hints, bots-only games, analysis',
  async (t) => {
    const pool = new BotPool({ size: 1, queueLimit: 16, express: false });
    t.teardown(() => pool.close());
    const done: string[] = [];
    const run = (name: string, n: number, lane: BotLane, owner: string) =>
      pool.run(jobAt(n, { bot: 'random' }), { lane, owner }).then(() => done.push(name));
    // All asked in one tick: the first starts at once, the others wait and are ordered.
    await Promise.all([
      run('A-bg1', 1, 'background', 'A'),
      run('A-bg2', 2, 'background', 'A'),
      run('A-bg3', 3, 'background', 'A'),
      run('D-bg1', 4, 'background', 'D'),
      run('A-analysis', 5, 'analysis', 'A'),
      run('E-hint', 6, 'hint', 'E'),
      run('B-play', 7, 'play', 'B'),
      run('C-cheap', 8, 'cheap', 'C'),
    ]);
    t.same(done, ['A-bg1', 'C-cheap', 'B-play', 'E-hint', 'A-bg2', 'D-bg1', 'A-bg3', 'A-analysis']);
  },
);

t.test('one owner holds maxPerOwner workers at most, even with a worker idle', async (t) => {
  const pool = new BotPool({ size: 2, queueLimit: 16, maxPerOwner: 1, express: false });
  t.teardown(() => pool.close());
  const done: string[] = [];
  const a1 = pool
    .run(jobAt(20, { bot: 'mcts' }, { iterations: 400 }), { lane: 'play', owner: 'A' })
    .then(() => done.push('A1'));
  const a2 = pool.run(jobAt(21, { bot: 'random' }), { lane: 'play', owner: 'A' }).then(() => done.push('A2'));
  const b1 = pool.run(jobAt(22, { bot: 'random' }), { lane: 'play', owner: 'B' }).then(() => done.push('B1'));
  t.same(pool.stats(), { workers: 2, busy: 2, queued: 1 }, "A's second job waits for A's first, B's runs");
  await Promise.all([a1, a2, b1]);
  t.same(done.slice(0, 2), ['B1', 'A1'], "A's second job started only after its first ended");
});

t.test('the express worker plays cheap bots while every other worker searches', async (t) => {
  const pool = new BotPool({ size: 1, queueLimit: 16 });
  t.teardown(() => pool.close());
  const done: string[] = [];
  const search = pool
    .run(jobAt(30, { bot: 'mcts' }, { iterations: 3000 }), { lane: 'background', owner: 'A' })
    .then(() => done.push('mcts'));
  const greedy = pool.run(jobAt(31, { bot: 'greedy' }), { lane: 'cheap', owner: 'B' }).then(() => done.push('greedy'));
  t.same(
    pool.stats(),
    { workers: 1, busy: 1, queued: 0 },
    'the search holds the one worker; the express one plays greedy',
  );
  await Promise.all([search, greedy]);
  t.same(done, ['greedy', 'mcts'], 'the greedy move did not wait for the search');
  // A flood of one lane is refused there only. All asked in one tick, the first job holding the
  // worker: the background lane is full when the play job comes, however short the search.
  const small = new BotPool({ size: 1, queueLimit: 1, express: false });
  t.teardown(() => small.close());
  const jobs = [
    small.run(jobAt(40, { bot: 'mcts' }), { lane: 'background', owner: 'A' }),
    small.run(jobAt(41, { bot: 'random' }), { lane: 'background', owner: 'A' }),
  ];
  const flooded = small.run(jobAt(42, { bot: 'random' }), { lane: 'background', owner: 'A' });
  jobs.push(small.run(jobAt(43, { bot: 'random' }), { lane: 'play', owner: 'B' }));
  await t.rejects(flooded, BotPoolBusyError);
  await Promise.all(jobs);
});

t.test('an analysis step runs in the analysis lane only when no bot job waits', async (t) => {
  const pool = new BotPool({ size: 1, queueLimit: 16, express: false });
  t.teardown(() => pool.close());
  const order: string[] = [];
  // All three asked in one tick, the first holding the worker: how long it searches does not
  // change the order.
  const first = pool.run(jobAt(30, { bot: 'mcts' })).then(() => order.push('bot 1'));
  const low = pool
    .run(
      {
        kind: 'positions',
        setup,
        moves: played.moves.slice(0, 10),
        from: 0,
        to: 3,
        estimate: { ...ESTIMATE_DEFAULTS, playouts: 4, maxPlayouts: 4, minPlayouts: 4 },
        budgetMs: 60_000,
        stepMs: 60_000,
      },
      { lane: 'analysis', owner: 'analysis' },
    )
    .then((a) => {
      order.push('analysis');
      return a;
    });
  const second = pool.run(jobAt(31, { bot: 'greedy' })).then(() => order.push('bot 2'));
  const [, answer] = await Promise.all([first, low, second]);
  t.same(order, ['bot 1', 'bot 2', 'analysis'], 'the bot job queued after it still goes first');
  t.equal(answer.positions.length, 3, 'and the step answers its positions');
});
