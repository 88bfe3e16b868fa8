/** The store as the app uses it: games persist across apps, and several apps share one file. */
import Database from 'better-sqlite3';
import t from 'tap';
import { bearer, createGame, legal, playFirstLegal, tempDatabase, testApp } from '../helpers/app.js';

t.test('a game outlives the app: a new app on the same file continues identically', async (t) => {
  const path = tempDatabase(t);
  const first = await testApp(t, { databasePath: path });
  const game = await createGame(first, {
    players: [{ name: 'A' }, { name: 'B' }],
    expansions: ['traders-builders', 'abbey-mayor'],
    seed: 'persist',
  });
  for (let i = 0; i < 12; i++) t.equal((await playFirstLegal(first, game)).statusCode, 201);
  const before = (await first.inject({ url: `/games/${game.id}` })).json();
  const legalBefore = await legal(first, game.id);
  const eventsBefore = (await first.inject({ url: `/games/${game.id}/events` })).json();
  await first.close();

  const second = await testApp(t, { databasePath: path });
  t.same((await second.inject({ url: `/games/${game.id}` })).json(), before, 'same state');
  t.same(await legal(second, game.id), legalBefore, 'same legal moves');
  t.same((await second.inject({ url: `/games/${game.id}/events` })).json(), eventsBefore, 'same events');
  t.equal((await playFirstLegal(second, game)).statusCode, 201, 'the old tokens still play');
});

t.test('correctness never depends on the cache: two apps on one file see each other’s moves', async (t) => {
  const path = tempDatabase(t);
  const a = await testApp(t, { databasePath: path });
  const b = await testApp(t, { databasePath: path });
  const game = await createGame(a, { players: [{ name: 'A' }, { name: 'B' }], seed: 'two-apps' });
  for (let i = 0; i < 8; i++) {
    const app = i % 2 === 0 ? a : b;
    t.equal((await playFirstLegal(app, game)).statusCode, 201, `move ${i + 1} through app ${i % 2 === 0 ? 'a' : 'b'}`);
  }
  t.same((await a.inject({ url: `/games/${game.id}` })).json(), (await b.inject({ url: `/games/${game.id}` })).json());
  // b's cached state is at version 8; a stale submission through b is still refused.
  const lm = await legal(a, game.id);
  const stale = await b.inject({
    method: 'POST',
    url: `/games/${game.id}/moves`,
    headers: bearer(game.seats[lm.actor!].token),
    payload: { expectedVersion: 7, move: lm.moves[0] },
  });
  t.equal(stale.statusCode, 409);
  t.equal(stale.json().currentVersion, 8);
});

t.test('a cache of size 0 or 1 changes nothing but speed', async (t) => {
  for (const cacheSize of [0, 1]) {
    const app = await testApp(t, { cacheSize });
    const g1 = await createGame(app, { players: [{ name: 'A' }, { name: 'B' }], seed: 'c1' });
    const g2 = await createGame(app, { players: [{ name: 'A' }, { name: 'B' }], seed: 'c2' });
    for (let i = 0; i < 5; i++) {
      t.equal((await playFirstLegal(app, g1)).statusCode, 201);
      t.equal((await playFirstLegal(app, g2)).statusCode, 201);
    }
    t.equal((await app.inject({ url: `/games/${g1.id}` })).json().version, 5, `cache ${cacheSize}`);
  }
});

t.test('the games row records status and timestamps; the seed stays in storage', async (t) => {
  const path = tempDatabase(t);
  const app = await testApp(t, { databasePath: path, now: () => new Date('2026-02-03T04:05:06.000Z') });
  const empty = await createGame(app, { players: [{ name: 'A' }, { name: 'B' }], tileOrder: [] });
  t.equal(empty.state.status, 'finished', 'an empty pile ends the game at once');
  const one = await createGame(app, { players: [{ name: 'A' }, { name: 'B' }], tileOrder: ['base/E'], seed: 'kept' });
  while ((await legal(app, one.id)).actor !== null) t.equal((await playFirstLegal(app, one)).statusCode, 201);
  const running = await createGame(app, { players: [{ name: 'A' }, { name: 'B' }] });
  const db = new Database(path, { readonly: true });
  t.teardown(() => db.close());
  const row = (id: string) =>
    db.prepare('SELECT status, created_at, finished_at, setup FROM games WHERE id = ?').get(id) as Record<
      string,
      string | null
    >;
  t.match(row(empty.id), {
    status: 'finished',
    created_at: '2026-02-03T04:05:06.000Z',
    finished_at: '2026-02-03T04:05:06.000Z',
  });
  t.match(row(one.id), { status: 'finished', finished_at: '2026-02-03T04:05:06.000Z' });
  t.match(row(running.id), { status: 'active', finished_at: null });
  t.equal(JSON.parse(row(one.id).setup!).seed, 'kept');
  t.match(JSON.parse(row(running.id).setup!).seed, /^[A-Za-z0-9_-]{32}$/, 'a random seed was generated and stored');
});
