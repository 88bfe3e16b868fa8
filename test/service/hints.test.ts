/**
 * The hints' admission rules (`hints.ts`), on a clock the test moves and a pool whose jobs end
 * when the test says: which hint searches, waits or is refused, with which Retry-After, and in
 * which order the waiting ones start. Nothing here waits for a time, so a busy machine changes
 * nothing. The same refusals over HTTP (statuses, headers) are in `test/http/hint.test.ts`.
 */
import t, { type Test } from 'tap';
import type { BotBudget } from '../../src/service/bots/bot-job.js';
import {
  BotJobError,
  BotPoolBusyError,
  BotPoolClosedError,
  BotWorkerCrashedError,
} from '../../src/service/bots/bot-pool.js';
import { Hints, type HintLimits } from '../../src/service/bots/hints.js';
import type { SeatPosition } from '../../src/service/lifecycle/game-lifecycle.js';
import { ServiceError } from '../../src/service/service-error.js';
import { HeldPool } from '../helpers/held-pool.js';
import { until } from '../helpers/until.js';

/** Every game is at its start, seat 0 to act, whatever the token: the seat's key is the game. */
const positions = {
  seatPosition: async (): Promise<SeatPosition> => ({
    version: 0,
    seat: 0,
    status: 'active',
    actor: 0,
    rated: false,
    setup: { players: [{ name: 'Ann' }, { name: 'Bob' }], seed: 's' },
    moves: [],
  }),
};

const ANSWER = { move: { type: 'pass' as const }, winRate: 0.75, iterations: 42 };

function hints(limits: HintLimits, budget: BotBudget) {
  const pool = new HeldPool();
  const clock = { ms: 0 };
  const subject = new Hints(positions, pool, budget, limits, () => clock.ms);
  /** Game `game`'s hint, asked by the client `game` (the job's owner names the hint). */
  const ask = (game: string) => subject.hint(game, Buffer.alloc(32), game);
  return { pool, clock, hints: subject, ask };
}

/** The refusal's code and Retry-After, or a failure when the hint is answered. */
async function refusal(t: Test, hint: Promise<unknown>) {
  try {
    await hint;
  } catch (error) {
    if (error instanceof ServiceError) return { code: error.code, ...error.extra };
    throw error;
  }
  t.fail('the hint was answered, not refused');
  return undefined;
}

t.test(
  'one hint at a time per seat: a second one while the first searches is refused, another seat is not',
  async (t) => {
    const { pool, ask } = hints({ concurrency: 2, queue: 0 }, { iterations: 50 });
    const first = ask('a');
    await pool.started(1);
    t.same(await refusal(t, ask('a')), { code: 'HINT_IN_PROGRESS', retryAfter: 1 });
    const other = ask('b');
    (await pool.started(2)).release(ANSWER);
    t.same(await other, { version: 0, seat: 0, ...ANSWER }, "another seat's hint is answered meanwhile");
    pool.jobs[0].release(ANSWER);
    t.same(await first, { version: 0, seat: 0, ...ANSWER });
    const again = ask('a');
    t.equal((await pool.started(3)).order.owner, 'a', 'once answered, the seat may ask again');
    pool.jobs[2].release(ANSWER);
    await again;
  },
);

t.test(
  'hints beyond `concurrency` wait and start in the order they came; beyond `queue` they are refused at once',
  async (t) => {
    const { pool, hints: subject, ask } = hints({ concurrency: 1, queue: 2 }, { iterations: 50 });
    const answers = [ask('a')];
    const a = await pool.started(1);
    t.match(a, { order: { lane: 'hint', owner: 'a' }, job: { searchForced: true } });
    t.equal(a.job.deadline, undefined, 'an iteration budget has no deadline');
    answers.push(ask('b'), ask('c'));
    // Waiting for a slot is not an event the pool sees: the hints' own count says it.
    await until(() => subject.load.waiting === 2, 60_000, 'b and c waiting');
    t.same(subject.load, { searching: 1, waiting: 2 });
    // An iteration budget has no clock: a second a hint, three hints before this one's turn.
    t.same(await refusal(t, ask('d')), { code: 'BOTS_UNAVAILABLE', retryAfter: 3 });
    t.equal(pool.jobs.length, 1, 'the waiting ones have not started');

    a.release(ANSWER);
    t.equal((await pool.started(2)).order.owner, 'b', 'the first to wait starts first');
    t.same(subject.load, { searching: 1, waiting: 1 });
    pool.jobs[1].release(ANSWER);
    t.equal((await pool.started(3)).order.owner, 'c');
    pool.jobs[2].release(ANSWER);
    for (const answer of answers) t.same(await answer, { version: 0, seat: 0, ...ANSWER });
    t.same(subject.load, { searching: 0, waiting: 0 }, 'every slot is free again');
  },
);

t.test(
  'a hint due at its arrival + the budget: refused at once when it could not start within half of it, else it waits and searches what is left',
  async (t) => {
    const { pool, clock, hints: subject, ask } = hints({ concurrency: 1, queue: 4 }, { timeMs: 3000 });
    const first = ask('a');
    t.equal((await pool.started(1)).job.deadline, 3000, 'the first is due at 0 + 3 s');

    // The slot frees at 3 s: a hint that comes before 1.5 s would start with less than half its time.
    clock.ms = 20;
    t.same(await refusal(t, ask('b')), { code: 'BOTS_UNAVAILABLE', retryAfter: 3 }, 'at 0.02 s: 2.98 s to wait');
    clock.ms = 1499;
    t.same(await refusal(t, ask('b')), { code: 'BOTS_UNAVAILABLE', retryAfter: 2 }, 'at 1.499 s: 1.501 s to wait');

    clock.ms = 1500;
    const waited = ask('c');
    await until(() => subject.load.waiting === 1, 60_000, 'c waiting');
    // c holds the slot from 3 s to its own deadline, 4.5 s: d (at 1.6 s) would wait 2.9 s.
    clock.ms = 1600;
    t.same(await refusal(t, ask('d')), { code: 'BOTS_UNAVAILABLE', retryAfter: 3 }, 'behind the one waiting');

    clock.ms = 3000;
    pool.jobs[0].release(ANSWER);
    await first;
    const c = await pool.started(2);
    t.equal(c.order.owner, 'c');
    t.equal(c.job.deadline, 4500, 'c is still due at its arrival + 3 s: the worker searches the 1.5 s left');
    c.release(ANSWER);
    t.same(await waited, { version: 0, seat: 0, ...ANSWER });
    t.equal(pool.jobs.length, 2, 'the refused hints never reached the pool');
  },
);

t.test('a hint the pool cannot take is refused with Retry-After 1 and frees its slot and its seat', async (t) => {
  const { pool, hints: subject, ask } = hints({ concurrency: 1, queue: 0 }, { timeMs: 3000 });
  const errors = [new BotPoolBusyError(1), new BotPoolClosedError(), new BotWorkerCrashedError(1)];
  for (const [i, error] of errors.entries()) {
    const hint = ask('a');
    (await pool.started(i + 1)).fail(error);
    t.match(await refusal(t, hint), { code: 'BOTS_UNAVAILABLE', retryAfter: 1 }, error.name);
    t.same(subject.load, { searching: 0, waiting: 0 });
  }
  // Any other failure is not the client's to retry: it goes on as it is (a 500 in the log).
  const hint = ask('a');
  (await pool.started(errors.length + 1)).fail(new BotJobError('a log that does not replay'));
  await t.rejects(hint, BotJobError);
  t.same(subject.load, { searching: 0, waiting: 0 });
});
