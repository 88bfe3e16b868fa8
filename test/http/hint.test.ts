/**
 * GET /games/{id}/hint over real HTTP: a legal move and a win rate for the seat that must act,
 * searched in the bot pool; never a function of the hidden pile; and every refusal with its
 * code and Retry-After. Results are compared under iteration budgets only; a hint held in
 * progress is held by a pool whose job the test releases, never by a time.
 */
import type { AddressInfo } from 'node:net';
import t, { type Test } from 'tap';
import type { AppOptions } from '../../src/app.js';
import type { Move } from '../../src/engine/index.js';
import { bearer, createGame, legal, playFirstLegal, testApp, type App } from './helpers/app.js';
import { conforms, SCHEMAS } from './helpers/schema.js';
import { searchTime } from '../../src/service/bots/bot-job.js';
import { BotPoolBusyError } from '../../src/service/bots/bot-pool.js';
import { Hints } from '../../src/service/bots/hints.js';
import { HeldPool } from '../helpers/held-pool.js';
import { againstGreedyBot, keyed, newAccount } from '../accounts/helpers.js';

const { HintResponse } = SCHEMAS;

async function listening(t: Test, options: Partial<AppOptions> = {}): Promise<{ app: App; base: string }> {
  const app = await testApp(t, options);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

async function hint(base: string, id: string, token?: string) {
  const res = await fetch(`${base}/games/${id}/hint`, { headers: token === undefined ? {} : bearer(token) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, headers: res.headers };
}

const key = (move: unknown) => JSON.stringify(move);

// One app for the two tests on an iteration budget: an app's bot workers cost more than half a
// second of CPU to start, more than either test's hints.
const ITERATIONS = 120;
const searched = await listening(t, { bots: { hintIterations: ITERATIONS } });

t.test('a hint is a legal move for the seat that must act, with its estimated win rate', async (t) => {
  const { app, base } = searched;
  const game = await createGame(app, {
    players: [{ name: 'Ann' }, { name: 'Bob' }],
    expansions: ['traders-builders', 'abbey-mayor'],
    seed: 'hint',
  });
  for (let i = 0; i < 5; i++) await playFirstLegal(app, game);
  const lm = await legal(app, game.id);
  const answer = await hint(base, game.id, game.seats[lm.actor!].token);
  t.equal(answer.status, 200);
  conforms(t, HintResponse, answer.body, 'the hint');
  t.match(answer.body, { version: lm.version, seat: lm.actor, iterations: ITERATIONS });
  t.ok(
    lm.moves.some((m) => key(m) === key(answer.body.move)),
    'the move is listed by legal-moves',
  );
  const again = await hint(base, game.id, game.seats[lm.actor!].token);
  t.same(again.body, answer.body, 'the same position gives the same hint');
});

t.test('a hint never depends on the hidden pile: two games that agree publicly get the same hint', async (t) => {
  const { app, base } = searched;
  const players = [{ name: 'Ann' }, { name: 'Bob' }];
  // The same tiles and seed; only the order of the tiles not yet drawn differs.
  const one = await createGame(app, {
    players,
    seed: 's',
    tileOrder: ['base/U', 'base/E', 'base/V', 'base/D', 'base/K', 'base/L', 'base/B', 'base/W'],
  });
  const two = await createGame(app, {
    players,
    seed: 's',
    tileOrder: ['base/U', 'base/E', 'base/W', 'base/B', 'base/L', 'base/K', 'base/D', 'base/V'],
  });
  for (let turn = 0; turn < 2; turn++) {
    const [a, b] = [await legal(app, one.id), await legal(app, two.id)];
    t.same(b, a, `turn ${turn}: the same legal moves`);
    const [ha, hb] = [
      await hint(base, one.id, one.seats[a.actor!].token),
      await hint(base, two.id, two.seats[b.actor!].token),
    ];
    t.equal(ha.status, 200);
    t.same(hb.body, ha.body, `turn ${turn}: the same hint and win rate`);
    // Both play the whole turn the same way (tile, then figure or pass).
    for (;;) {
      const lm = await legal(app, one.id);
      if (lm.actor !== a.actor) break;
      await playFirstLegal(app, one);
      await playFirstLegal(app, two);
    }
  }
});

t.test('hint refusals: token, game, turn, a finished game', async (t) => {
  const { app, base } = searched; // none of these reaches the pool
  const game = await createGame(app);
  const other = await createGame(app);
  t.match(await hint(base, game.id), { status: 401, body: { code: 'TOKEN_MISSING' } });
  const malformed = await fetch(`${base}/games/${game.id}/hint`, { headers: { authorization: 'Bearer nope' } });
  t.equal(((await malformed.json()) as { code: string }).code, 'TOKEN_MALFORMED');
  t.match(await hint(base, game.id, other.seats[0].token), { status: 403, body: { code: 'NOT_YOUR_GAME' } });
  t.match(await hint(base, 'no-such-game', game.seats[0].token), { status: 404, body: { code: 'GAME_NOT_FOUND' } });
  t.match(await hint(base, game.id, game.seats[1].token), {
    status: 409,
    body: { code: 'HINT_NOT_YOUR_TURN', currentVersion: 0 },
  });
  const short = await createGame(app, { players: [{ name: 'Ann' }, { name: 'Bob' }], tileOrder: ['base/U'] });
  while ((await legal(app, short.id)).actor !== null) await playFirstLegal(app, short);
  t.match(await hint(base, short.id, short.seats[0].token), { status: 422, body: { code: 'GAME_FINISHED' } });
});

t.test('a rated game gets no hints (403 HINT_RATED_GAME); the same game casual does', async (t) => {
  const { app, base } = searched;
  const ann = await newAccount(app);
  const games: Record<string, string> = {};
  for (const rated of [true, false]) games[String(rated)] = (await againstGreedyBot(app, ann, { rated })).id;
  const asked = await fetch(`${base}/games/${games.true}/hint`, { headers: keyed(ann) });
  t.match(
    { status: asked.status, body: await asked.json() },
    { status: 403, body: { code: 'HINT_RATED_GAME', detail: /rated game gets no hints/ } },
  );
  const casual = await fetch(`${base}/games/${games.false}/hint`, { headers: keyed(ann) });
  t.equal(casual.status, 200, 'the casual game: a hint for the same seat');
  t.match(await casual.json(), { seat: 0, iterations: ITERATIONS });
});

t.test(
  'a hint in progress: 429 HINT_IN_PROGRESS for its seat; 503 BOTS_UNAVAILABLE when another could not start in time or the pool refuses it; each with Retry-After',
  async (t) => {
    // The first hint searches until the test releases its job, on a clock that stands still:
    // what each request meets is decided by events, never by how fast the machine is. The
    // admission rules themselves, with a moving clock, are test/service/hints.test.ts's.
    const pool = new HeldPool();
    const { app, base } = await listening(t, {
      hints: (service) => new Hints(service, pool, { timeMs: 3000 }, { concurrency: 1, queue: 4 }, () => 0),
    });
    const [a, b] = [await createGame(app), await createGame(app)];
    const first = hint(base, a.id, a.seats[0].token);
    const held = await pool.started(1);

    const busy = await hint(base, a.id, a.seats[0].token);
    t.match(busy, { status: 429, body: { code: 'HINT_IN_PROGRESS', retryAfter: 1 } });
    t.equal(busy.headers.get('retry-after'), '1');
    t.match(busy.headers.get('content-type'), /^application\/problem\+json/);
    // Arriving when the first did, b would wait all of its 3 s for the slot: refused at once.
    const late = await hint(base, b.id, b.seats[0].token);
    t.match(late, { status: 503, body: { code: 'BOTS_UNAVAILABLE', retryAfter: 3 } });
    t.equal(late.headers.get('retry-after'), '3');

    const move = (await legal(app, a.id)).moves[0] as Move;
    held.release({ move, winRate: 0.75, iterations: 42 });
    const answered = await first;
    t.equal(answered.status, 200);
    conforms(t, HintResponse, answered.body, 'the hint');
    t.same(answered.body, { version: 0, seat: 0, move, winRate: 0.75, iterations: 42 }, "the pool's answer");

    // The slot is free again: b's hint goes to the pool, whose queue is full.
    const refused = hint(base, b.id, b.seats[0].token);
    (await pool.started(2)).fail(new BotPoolBusyError(1));
    const full = await refused;
    t.match(full, { status: 503, body: { code: 'BOTS_UNAVAILABLE', retryAfter: 1 } });
    t.equal(full.headers.get('retry-after'), '1');
  },
);

t.test('a late job searches what is left of its time, at least a tenth of it', async (t) => {
  t.equal(searchTime({ timeMs: 1000 }, undefined, 5000), 1000, 'no deadline: the whole budget');
  t.equal(searchTime({ timeMs: 1000 }, 6000, 5000), 1000, 'on time');
  t.equal(searchTime({ timeMs: 1000 }, 5400, 5000), 400, 'what is left');
  t.equal(searchTime({ timeMs: 1000 }, 4000, 5000), 100, 'past its deadline: a tenth');
  t.equal(searchTime({ iterations: 50 }, 4000, 5000), undefined, 'an iteration budget knows no clock');
});
