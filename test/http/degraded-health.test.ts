/**
 * A store that refuses writes makes `/health` answer 503 `degraded`, so that a load balancer
 * takes the node out, and that answer, like every refusal for load, ends its connection
 * (`closeIfRefused` in src/http/problem.ts).
 */
import t from 'tap';
import { StoreFullError } from '../../src/storage/game-store.js';
import { openStore } from '../../src/storage/open-store.js';
import { bearer, createGame, legal, testApp } from './helpers/app.js';

t.test('a full store: the move is refused 507, and /health answers 503 degraded and closes', async (t) => {
  const store = await openStore({ kind: 'sqlite', path: ':memory:' });
  // The clock stands still: no probe of the store falls due between the answers.
  const app = await testApp(t, { store, now: () => new Date('2026-01-01T00:00:00Z') });
  const game = await createGame(app);
  const healthy = await app.inject({ url: '/health' });
  t.same([healthy.statusCode, healthy.json()], [200, { status: 'ok', store: 'ok' }]);
  t.not(healthy.headers.connection, 'close', 'a healthy answer keeps its connection');

  store.appendBatch = () =>
    Promise.reject(new StoreFullError(Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' })));
  const { actor, moves, version } = await legal(app, game.id);
  const move = await app.inject({
    method: 'POST',
    url: `/games/${game.id}/moves`,
    headers: bearer(game.seats[actor!].token),
    payload: { expectedVersion: version, move: moves[0] },
  });
  t.same([move.statusCode, move.json().code], [507, 'STORAGE_FULL'], move.body);

  const degraded = await app.inject({ url: '/health' });
  t.same([degraded.statusCode, degraded.json()], [503, { status: 'degraded', store: 'full' }]);
  t.equal(degraded.headers.connection, 'close', 'and the connection ends');
});
