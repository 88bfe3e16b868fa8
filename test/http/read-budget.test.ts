/**
 * Reads that cost a store read each (a page of the log, an analysis) have a budget per client
 * address (issue 42, finding 8): one address reading without pause is refused `429` with
 * `Retry-After`, and its connection closed, while other addresses read on.
 */
import t from 'tap';
import { DEFAULT_READ_LIMIT } from '../../src/http/address-limit.js';
import { createGame, playFirstLegal, testApp } from './helpers/app.js';

t.test('the default budget of the reads', async (t) => {
  t.same(DEFAULT_READ_LIMIT, { perSecond: 100, burst: 200 });
});

t.test('one address reading /moves past its burst is refused, another reads on', async (t) => {
  // A clock that never moves: no token is earned back during the test, however slow the machine.
  const app = await testApp(t, { readRateLimit: { perSecond: 1, burst: 3, now: () => 0 } });
  const game = await createGame(app);
  await playFirstLegal(app, game);
  const read = (remoteAddress: string) =>
    app.inject({ method: 'GET', url: `/games/${game.id}/moves?limit=1`, remoteAddress });
  for (let i = 0; i < 3; i++) t.equal((await read('127.0.0.2')).statusCode, 200, `read ${i + 1} of the burst`);
  const refused = await read('127.0.0.2');
  t.equal(refused.statusCode, 429);
  t.match(refused.json(), { code: 'RATE_LIMITED' });
  t.ok(Number(refused.headers['retry-after']) >= 1, 'with Retry-After');
  t.equal(refused.headers.connection, 'close', 'and the connection ends');
  t.equal((await read('127.0.0.3')).statusCode, 200, 'another address reads on');
  const health = await app.inject({ method: 'GET', url: '/health', remoteAddress: '127.0.0.2' });
  t.equal(health.statusCode, 200, '/health is not budgeted');
  for (const url of [`/games/${game.id}`, `/games/${game.id}/legal-moves`, `/games/${game.id}/events`])
    t.equal((await app.inject({ url, remoteAddress: '127.0.0.2' })).statusCode, 200, `nor ${url} (cached JSON)`);
  const analysis = await app.inject({ method: 'GET', url: `/games/${game.id}/analysis`, remoteAddress: '127.0.0.2' });
  t.equal(analysis.statusCode, 429, 'an analysis read draws on the same budget');
});
