/**
 * The analysis queue has a fair share (issue 42, finding 3): the clients with analyses waiting
 * take turns, one game each, so 40 asked by one client do not hold another's back; and the
 * queue is bounded (`503` with `Retry-After` beyond it).
 */
import t from 'tap';
import { until } from '../helpers/bots.js';
import { bearer, createGame, legal, testApp, type App } from './helpers/app.js';

/** One bot worker, small searches, one game analysed at once. */
const OPTIONS = {
  bots: { workers: 1 },
  analysis: { playouts: 8, stepPositions: 3, preferredIterations: 30, concurrency: 1 },
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
  const app = await testApp(t, OPTIONS);
  const games: string[] = [];
  for (let i = 0; i < 41; i++) games.push(await finishedGame(app));
  const [victim, ...attacked] = games;
  for (const id of attacked) t.equal((await analysis(app, id, '127.0.0.2')).statusCode, 202);
  t.equal((await analysis(app, victim, '127.0.0.3')).statusCode, 202);
  await until(async () => (await analysis(app, victim, '127.0.0.3')).statusCode === 200, 120_000, 'the analysis');
  let ready = 0;
  for (const id of attacked) if ((await analysis(app, id, '127.0.0.4')).statusCode === 200) ready++;
  // The attacker's first was running when the victim asked; then one each in turn.
  t.ok(ready <= 2, `the victim's came after ${ready} of the attacker's, not after all 40`);
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
