/**
 * The analysis queue has a fair share (issue 42, finding 3): the clients with analyses waiting
 * take turns, one game each, so 40 asked by one client do not hold another's back; and the
 * queue is bounded (`503` with `Retry-After` beyond it).
 */
import t from 'tap';
import { openSqliteStore } from '../../src/storage/sqlite/store.js';
import { until } from '../helpers/bots.js';
import { bearer, createGame, legal, testApp, type App } from './helpers/app.js';

/** One bot worker, small searches, one game analysed at once. */
const OPTIONS = {
  bots: { workers: 1 },
  analysis: { playouts: 8, maxPlayouts: 8, stepPositions: 3, concurrency: 1 },
};

/** A two-player game of one tile, played to its end. */
async function finishedGame(app: App): Promise<string> {
  const game = await createGame(app, { players: [{ name: 'Ann' }, { name: 'Bob' }], tileOrder: ['base/E'] });
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

const analysis = (app: App, id: string, remoteAddress: string) =>
  app.inject({ method: 'GET', url: `/games/${id}/analysis`, remoteAddress });

t.test("after 40 analyses asked by one client, another client's is served in turn", async (t) => {
  // The order analyses are stored in, seen at the store.
  const store = openSqliteStore(':memory:');
  const stored: string[] = [];
  const saveAnalysis = store.saveAnalysis.bind(store);
  store.saveAnalysis = (id, analysis) => {
    stored.push(id);
    return saveAnalysis(id, analysis);
  };
  // The per-address share is lifted here: this is about the order, not the share.
  const app = await testApp(t, { ...OPTIONS, store, analysis: { ...OPTIONS.analysis, perClient: 64 } });
  const games: string[] = [];
  for (let i = 0; i < 41; i++) games.push(await finishedGame(app));
  const [victim, ...attacked] = games;
  for (const id of attacked) t.equal((await analysis(app, id, '127.0.0.2')).statusCode, 202);
  t.equal((await analysis(app, victim, '127.0.0.3')).statusCode, 202);
  await until(async () => (await analysis(app, victim, '127.0.0.3')).statusCode === 200, 120_000, 'the analysis');
  // The attacker's first was running when the victim asked; then one each in turn.
  const before = stored.indexOf(victim);
  t.ok(before >= 0 && before <= 2, `the victim's came after ${before} of the attacker's, not after all 40`);
});

t.test('the queue is bounded: beyond it a new analysis is refused 503 with Retry-After', async (t) => {
  const app = await testApp(t, { ...OPTIONS, analysis: { ...OPTIONS.analysis, queueLimit: 2 } });
  const games: string[] = [];
  for (let i = 0; i < 4; i++) games.push(await finishedGame(app));
  // One runs, two wait: the fourth finds the queue full.
  for (const id of games.slice(0, 3)) t.equal((await analysis(app, id, '127.0.0.2')).statusCode, 202);
  const refused = await analysis(app, games[3], '127.0.0.3');
  t.equal(refused.statusCode, 503);
  t.match(refused.json(), { code: 'BOTS_UNAVAILABLE' });
  t.ok(Number(refused.headers['retry-after']) > 0);
});

t.test(
  "one address cannot fill the queue: beyond its share its next analysis is 429, another address's is taken",
  async (t) => {
    const app = await testApp(t, { ...OPTIONS, analysis: { ...OPTIONS.analysis, queueLimit: 4, perClient: 2 } });
    const games: string[] = [];
    for (let i = 0; i < 5; i++) games.push(await finishedGame(app));
    // The first runs at once; the attacker then has two waiting, its share.
    for (const id of games.slice(0, 3)) t.equal((await analysis(app, id, '127.0.0.2')).statusCode, 202);
    const refused = await analysis(app, games[3], '127.0.0.2');
    t.equal(refused.statusCode, 429);
    t.match(refused.json(), { code: 'RATE_LIMITED', detail: /2 analyses asked from this address are waiting/ });
    t.ok(Number(refused.headers['retry-after']) > 0);
    // The queue (4) still has room for others: the victim's is taken, not refused 503.
    t.equal((await analysis(app, games[4], '127.0.0.3')).statusCode, 202);
    // One the attacker already asked for still answers its progress.
    t.equal((await analysis(app, games[1], '127.0.0.2')).statusCode, 202);
  },
);

t.test('a stored analysis is read from the store and serialised once, not on every request', async (t) => {
  const store = openSqliteStore(':memory:');
  let reads = 0;
  const findAnalysis = store.findAnalysis.bind(store);
  store.findAnalysis = (id) => {
    reads++;
    return findAnalysis(id);
  };
  const app = await testApp(t, { ...OPTIONS, store });
  const id = await finishedGame(app);
  t.equal((await analysis(app, id, '127.0.0.2')).statusCode, 202);
  await until(async () => (await analysis(app, id, '127.0.0.2')).statusCode === 200, 120_000, 'the analysis');
  const first = await analysis(app, id, '127.0.0.3');
  const readsBefore = reads;
  const again = await analysis(app, id, '127.0.0.4');
  t.equal(again.statusCode, 200);
  t.equal(again.body, first.body, 'the same answer');
  t.match(again.headers['content-type'], /^application\/json/);
  t.equal(reads, readsBefore, 'without reading the analysis again');
  t.match(again.json(), { status: 'ready', gameId: id });
});
