/**
 * GET /games/{id}/analysis (`docs/analysis.md`): 409 before the end; then 202 with progress
 * while the bot workers compute it, and 200 once stored: every decision of the log covered, at
 * the version it reached (a placement taken back and its undo are none), with chances that sum
 * to 1, and the turning points. The game's stream says when it is stored, with an `analysis`
 * event: from this process, and from another process on the same SQLite file or another node
 * on PostgreSQL.
 */
import type { AddressInfo } from 'node:net';
import t from 'tap';
import { buildApp } from '../../src/app.js';
import { StoreUnavailableError } from '../../src/storage/game-store.js';
import { openSqliteStore } from '../../src/storage/sqlite/store.js';
import { StreamAnalysisMessage } from '../../src/http/schemas/stream.js';
import { until } from '../helpers/bots.js';
import { forEachStore } from '../helpers/stores.js';
import { bearer, createGame, legal, testApp, type App } from './helpers/app.js';
import { conforms, SCHEMAS } from './helpers/schema.js';
import { openStream } from './helpers/sse.js';

const { AnalysisResponse } = SCHEMAS;

const near = (a: number, b: number) => Math.abs(a - b) < 1e-9;

/** One bot worker and small searches: these tests are about when and where analyses are made. */
const SMALL_SEARCHES = {
  bots: { workers: 1 },
  analysis: { playouts: 8, maxPlayouts: 8, stepPositions: 3 },
};
// One app for the two tests of one process: an app's bot workers cost more than half a second
// of CPU to start, more than the analysis of the one-tile game of the second test.
const shared = await buildApp(SMALL_SEARCHES);
t.teardown(() => shared.close());
const sharedBase = await listen(shared);

t.test('a finished game is analysed once, in the background; every decision is covered', async (t) => {
  const [app, base] = [shared, sharedBase];
  const game = (
    await app.inject({
      method: 'POST',
      url: '/games',
      payload: {
        players: [{ name: 'Ann' }, { name: 'Bob' }],
        tileOrder: ['base/U', 'base/V', 'base/E', 'base/K', 'base/D'],
      },
    })
  ).json();
  const auth = (seat: number) => ({ authorization: `Bearer ${game.seats[seat].token}` });
  t.equal(
    (await app.inject({ url: `/games/${game.id}/analysis` })).json().code,
    'GAME_NOT_FINISHED',
    'not before the end',
  );
  let resigned = false;
  let undone = false;
  for (;;) {
    const lm = (await app.inject({ url: `/games/${game.id}/legal-moves` })).json();
    if (lm.actor === null) break;
    const undo = lm.moves.find((m: { type: string }) => m.type === 'undo');
    if (!undone && undo) {
      // A placement taken back: neither it nor the undo is a decision; the versions count both.
      t.equal(
        (
          await app.inject({
            method: 'POST',
            url: `/games/${game.id}/moves`,
            headers: auth(lm.actor),
            payload: { expectedVersion: lm.version, move: undo },
          })
        ).statusCode,
        201,
      );
      undone = true;
      continue;
    }
    if (!resigned && lm.version >= 4) {
      // An act in the log: the decisions skip it, their versions count it.
      t.equal(
        (await app.inject({ method: 'POST', url: `/games/${game.id}/seats/1/resign`, headers: auth(1) })).statusCode,
        200,
      );
      resigned = true;
      continue;
    }
    if (resigned && lm.actor === 1) {
      await new Promise((resolve) => setTimeout(resolve, 20)); // the autopilot plays seat 1
      continue;
    }
    t.equal(
      (
        await app.inject({
          method: 'POST',
          url: `/games/${game.id}/moves`,
          headers: auth(lm.actor),
          payload: { expectedVersion: lm.version, move: lm.moves[0] },
        })
      ).statusCode,
      201,
    );
  }
  const log = (await app.inject({ url: `/games/${game.id}/moves` })).json().moves as {
    seq: number;
    move: { type: string };
  }[];
  const moves = log.filter((m) => m.move.type !== 'seatResigned');
  const taken = moves.findIndex((m) => m.move.type === 'undo');
  t.ok(undone && taken > 0, 'the log holds an undo');
  const decisions = moves.filter((_, i) => i !== taken && i !== taken - 1);
  const first = await app.inject({ url: `/games/${game.id}/analysis` });
  t.equal(first.statusCode, 202, 'the first request starts it');
  t.equal(first.headers['retry-after'], '2');
  t.match(first.json(), { status: 'running', progress: { done: Number, total: Number } });
  t.equal(
    first.json().progress.total,
    decisions.length + 1,
    'its first answer counts the positions: the start and each decision',
  );
  // A reader of the stream that saw the end resumes there: it is told when the analysis is stored.
  const end = log.at(-1)!.seq;
  const stream = await openStream(`${base}/games/${game.id}/stream`, { 'last-event-id': String(end) });
  t.teardown(() => stream.close());
  const ready = await stream.next(480_000);
  t.equal(ready.event, 'analysis');
  t.equal(ready.id, undefined, 'not an entry of the log: no id');
  conforms(t, StreamAnalysisMessage, ready.data, 'analysis message');
  t.same(ready.data, { gameId: game.id, version: end, url: `/games/${game.id}/analysis` });
  await stream.ended;
  const answer = await app.inject({ url: ready.data.url });
  t.equal(answer.statusCode, 200, 'then the route answers it');
  const analysis = answer.json();
  t.equal(analysis.decisions.length, decisions.length, `every one of the ${decisions.length} decisions`);
  t.same(
    analysis.decisions.map((d: { version: number }) => d.version),
    decisions.map((m) => m.seq),
    'each at the version it reached',
  );
  t.ok(
    [analysis.start, ...analysis.decisions.map((d: { chances: number[] }) => d.chances)].every(
      (c: number[]) => c.length === 2 && near(c[0] + c[1], 1),
    ),
    'chances sum to 1',
  );
  conforms(t, AnalysisResponse, analysis, 'the analysis answer');
  type Decision = {
    seat: number;
    chances: number[];
    se: number[];
    loss: number;
    lossSe: number;
    luck: number[];
    best?: unknown;
  };
  t.ok(
    analysis.decisions.every(
      (d: Decision) =>
        d.se.length === 2 && d.se.every((e) => e >= 0) && d.luck.length === 2 && d.loss >= 0 && d.lossSe >= 0,
    ),
    'every decision with standard errors, its loss and the luck of its draw',
  );
  t.ok(
    analysis.decisions.every((d: Decision) => d.loss > 0 === (d.best !== undefined)),
    'a best move named exactly where the move played lost chance',
  );
  for (const p of analysis.turningPoints) {
    const d: Decision = analysis.decisions[p.decision];
    t.equal(p.after, d.chances[p.seat], 'a turning point names the chance after its decision');
    t.equal(p.loss, d.loss, 'and the loss of it');
    t.ok(p.loss >= 0.02 && p.loss > 2 * p.lossSe, 'a mistake out of the noise');
    t.same(p.best, d.best);
  }
  t.same(
    analysis.turningPoints.map((p: { decision: number }) => p.decision),
    [...analysis.turningPoints.map((p: { decision: number }) => p.decision)].sort((a, b) => a - b),
    'in game order',
  );
  t.match(analysis.playouts, { median: Number, max: Number });
  t.ok(analysis.workerMs >= 0, `${analysis.workerMs} ms of worker time`);
  t.same((await app.inject({ url: `/games/${game.id}/analysis` })).json(), analysis, 'stored: the same answer again');
});

t.test(
  'a stream joining a finished game ends with the analysis once it is stored, or at once when none is coming',
  async (t) => {
    const [app, base] = [shared, sharedBase];
    const game = await finishedGame(app);
    const fresh = await openStream(`${base}/games/${game.id}/stream`);
    t.equal((await fresh.next()).event, 'state');
    await fresh.ended;
    t.pass('nobody asked for the analysis: the stream ends after the state');
    t.equal((await app.inject({ url: `/games/${game.id}/analysis` })).statusCode, 202);
    const waiting = await openStream(`${base}/games/${game.id}/stream`);
    t.equal((await waiting.next()).event, 'state');
    t.match(
      await waiting.next(480_000),
      { event: 'analysis', data: { gameId: game.id, version: game.version } },
      'then the analysis, once stored',
    );
    await waiting.ended;
    const later = await openStream(`${base}/games/${game.id}/stream?after=${game.version}`);
    t.match(await later.next(), { event: 'analysis', data: { version: game.version } }, 'stored already: at once');
    await later.ended;
  },
);

t.test(
  'a failed read of the log when the analysis is claimed leaves its count at 0, and the analysis still comes',
  async (t) => {
    const store = openSqliteStore(':memory:');
    let failNext = false;
    const movesAfter = store.movesAfter.bind(store);
    store.movesAfter = async (id, after) => {
      if (!failNext) return movesAfter(id, after);
      failNext = false;
      throw new StoreUnavailableError('the disk is gone for a moment');
    };
    const app = await buildApp({ ...SMALL_SEARCHES, store });
    t.teardown(() => app.close());
    const game = await finishedGame(app);
    failNext = true;
    const first = await app.inject({ url: `/games/${game.id}/analysis` });
    t.equal(first.statusCode, 202, 'the claim is answered');
    t.same(first.json(), { status: 'running', progress: { done: 0, total: 0 } }, 'without a count');
    t.notOk(failNext, 'the count was the read that failed');
    let answer = first;
    await until(
      async () => (answer = await app.inject({ url: `/games/${game.id}/analysis` })).statusCode === 200,
      60_000,
      'the analysis',
    );
    t.equal(answer.statusCode, 200, 'the job read the log again and stored the analysis');
    t.equal(answer.json().decisions.length, game.version, 'every decision covered');
  },
);

forEachStore(t, (t, stores) => {
  t.test('a stream waiting for the analysis hears of it when another process or node stores it', async (t) => {
    const location = await stores.location(t);
    // Keep-alives every 100 ms show that the stream waits; none of them looks at the store.
    const app = await testApp(t, { database: location, streamKeepAliveMs: 100 });
    const base = await listen(app);
    const other = await stores.open(t, location);
    const game = await finishedGame(app);
    const now = new Date();
    t.ok(
      await other.claimAnalysis(game.id, now.toISOString(), new Date(now.getTime() - 60_000).toISOString()),
      'the other one claims it',
    );
    const stream = await openStream(`${base}/games/${game.id}/stream`, { 'last-event-id': String(game.version) }, true);
    t.teardown(() => stream.close());
    t.match(await stream.next(30_000), { comment: 'keep-alive' }, 'the stream waits while it is being computed');
    const analysis = {
      gameId: game.id,
      start: [0.5, 0.5],
      startSe: [0.01, 0.01],
      decisions: [],
      turningPoints: [],
      slides: [],
      playouts: { median: 32, max: 64 },
      workerMs: 0,
      computedAt: now.toISOString(),
    };
    await other.saveAnalysis(game.id, analysis);
    let m = await stream.next(30_000);
    while (m.comment !== undefined) m = await stream.next(30_000);
    t.match(m, { event: 'analysis', data: { gameId: game.id, version: game.version } });
    await stream.ended;
    t.match(
      (await app.inject({ url: m.data.url })).json(),
      { status: 'ready', ...analysis },
      'the route answers what the other one stored',
    );
  });
});

t.test(
  "an analysis stored before standard errors and losses is answered in today's shape, without turning points",
  async (t) => {
    const store = openSqliteStore(':memory:');
    const app = await testApp(t, { store });
    const game = await finishedGame(app);
    const now = new Date().toISOString();
    t.ok(await store.claimAnalysis(game.id, now, now));
    const move = { type: 'pass' };
    await store.saveAnalysis(game.id, {
      gameId: game.id,
      start: [0.5, 0.5],
      decisions: [{ decision: 0, version: 1, seat: 0, move, chances: [0.75, 0.25] }],
      turningPoints: [{ decision: 0, version: 1, seat: 0, before: 0.5, after: 0.75, played: move, preferred: move }],
      workerMs: 12,
      computedAt: now,
    });
    const res = await app.inject({ url: `/games/${game.id}/analysis` });
    t.equal(res.statusCode, 200, res.body);
    t.same(res.json(), {
      status: 'ready',
      gameId: game.id,
      start: [0.5, 0.5],
      startSe: [0, 0],
      decisions: [
        { decision: 0, version: 1, seat: 0, move, chances: [0.75, 0.25], se: [0, 0], loss: 0, lossSe: 0, luck: [0, 0] },
      ],
      turningPoints: [],
      slides: [],
      playouts: { median: 0, max: 0 },
      workerMs: 12,
      computedAt: now,
    });
  },
);

async function listen(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** A two-player game of one tile, played to its end. */
async function finishedGame(app: App): Promise<{ id: string; version: number }> {
  const game = await createGame(app, { players: [{ name: 'Ann' }, { name: 'Bob' }], tileOrder: ['base/E'] });
  for (;;) {
    const lm = await legal(app, game.id);
    if (lm.actor === null) return { id: game.id, version: lm.version };
    await app.inject({
      method: 'POST',
      url: `/games/${game.id}/moves`,
      headers: bearer(game.seats[lm.actor].token),
      payload: { expectedVersion: lm.version, move: lm.moves.at(-1) },
    });
  }
}
