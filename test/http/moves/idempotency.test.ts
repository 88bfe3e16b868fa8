import t from 'tap';
import { bearer, createGame, legal, testApp } from '../helpers/app.js';
import { forEachStore } from '../../helpers/stores.js';

forEachStore(t, (t, stores) => {
  t.test('a retried submission with the same Idempotency-Key answers the original response', async (t) => {
    const app = await testApp(t, { database: await stores.location(t) });
    const game = await createGame(app);
    const lm = await legal(app, game.id);
    const request = {
      method: 'POST' as const,
      url: `/games/${game.id}/moves`,
      headers: { ...bearer(game.seats[0].token), 'idempotency-key': 'bot-1-move-1' },
      payload: { expectedVersion: 0, move: lm.moves[0] },
    };
    const first = await app.inject(request);
    t.equal(first.statusCode, 201);
    t.notOk(first.headers['idempotent-replayed']);
    const retry = await app.inject(request);
    t.equal(retry.statusCode, 201, 'not a 409');
    t.equal(retry.headers['idempotent-replayed'], 'true');
    t.same(retry.json(), first.json(), 'the very same body');
    t.equal((await app.inject({ url: `/games/${game.id}/moves` })).json().moves.length, 1, 'played once');

    // The game moves on; a late retry of the first move still answers the original response.
    const next = await legal(app, game.id);
    const second = await app.inject({
      method: 'POST',
      url: `/games/${game.id}/moves`,
      headers: { ...bearer(game.seats[next.actor!].token), 'idempotency-key': 'bot-1-move-2' },
      payload: { expectedVersion: 1, move: next.moves[0] },
    });
    t.equal(second.statusCode, 201);
    const late = await app.inject(request);
    t.equal(late.statusCode, 201);
    t.same(late.json(), first.json(), 'rebuilt from the log at version 1');

    await t.test('a key reused for a different request is refused', async (t) => {
      const reused = await app.inject({ ...request, payload: { expectedVersion: 2, move: { type: 'pass' } } });
      t.equal(reused.statusCode, 422);
      t.match(reused.json(), { code: 'IDEMPOTENCY_KEY_REUSED' });
      const otherSeat = await app.inject({
        ...request,
        headers: { ...request.headers, ...bearer(game.seats[1].token) },
      });
      t.equal(otherSeat.statusCode, 422, 'by another seat');
    });

    await t.test('keys are scoped to their game', async (t) => {
      const other = await createGame(app);
      const otherLm = await legal(app, other.id);
      const res = await app.inject({
        method: 'POST',
        url: `/games/${other.id}/moves`,
        headers: { ...bearer(other.seats[0].token), 'idempotency-key': 'bot-1-move-1' },
        payload: { expectedVersion: 0, move: otherLm.moves[0] },
      });
      t.equal(res.statusCode, 201);
      t.notOk(res.headers['idempotent-replayed']);
    });

    await t.test('without a key, a retry is a stale submission (409)', async (t) => {
      const { headers, ...rest } = request;
      const res = await app.inject({ ...rest, headers: bearer(game.seats[0].token) });
      t.equal(res.statusCode, 409);
      t.match(res.json(), { code: 'VERSION_CONFLICT', currentVersion: 2 });
      t.ok(headers);
    });

    await t.test('a refused submission stores no key: once fixed, it is played', async (t) => {
      const now = await legal(app, game.id);
      const key = { 'idempotency-key': 'fix-me' };
      const wrong = await app.inject({
        method: 'POST',
        url: `/games/${game.id}/moves`,
        headers: { ...bearer(game.seats[now.actor!].token), ...key },
        payload: { expectedVersion: 0, move: now.moves[0] },
      });
      t.equal(wrong.statusCode, 409);
      const right = await app.inject({
        method: 'POST',
        url: `/games/${game.id}/moves`,
        headers: { ...bearer(game.seats[now.actor!].token), ...key },
        payload: { expectedVersion: now.version, move: now.moves[0] },
      });
      t.equal(right.statusCode, 201);
    });
  });
});
