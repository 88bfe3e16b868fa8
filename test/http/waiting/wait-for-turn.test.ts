import t from 'tap';
import { createGame, legal, playFirstLegal, testApp } from '../helpers/app.js';
import { conforms, SCHEMAS } from '../helpers/schema.js';

const { EventsResponse } = SCHEMAS;

t.test('legal-moves with after and wait answers as soon as the game moves past after', async (t) => {
  const app = await testApp(t);
  const game = await createGame(app);
  const poll = app.inject({ url: `/games/${game.id}/legal-moves?after=0&wait=30` });
  await new Promise((r) => setTimeout(r, 100));
  t.equal((await playFirstLegal(app, game)).statusCode, 201);
  // From the move's answer: the move itself may be slow on a loaded machine, and is not the wake-up.
  const moved = Date.now();
  const res = await poll;
  t.equal(res.statusCode, 200);
  // The wake-up is the event; the bound only tells it from the 30 s wait running out.
  t.ok(Date.now() - moved < 25_000, 'woke up before the 30 s wait ran out');
  t.same(res.json(), await legal(app, game.id), 'the legal moves of the new version');
  t.equal(res.json().version, 1);
});

t.test('legal-moves answers at once when the version is already past after, or without after', async (t) => {
  const app = await testApp(t);
  const game = await createGame(app);
  await playFirstLegal(app, game);
  const started = Date.now();
  t.equal((await app.inject({ url: `/games/${game.id}/legal-moves?after=0&wait=30` })).json().version, 1);
  t.equal((await app.inject({ url: `/games/${game.id}/legal-moves?wait=30` })).json().version, 1);
  // Not the 30 s wait: two answers before it could have run out once.
  t.ok(Date.now() - started < 25_000);
});

t.test('legal-moves with nothing new answers the current moves after the wait', async (t) => {
  const app = await testApp(t);
  const game = await createGame(app);
  const started = Date.now();
  const res = await app.inject({ url: `/games/${game.id}/legal-moves?after=0&wait=1` });
  const waited = Date.now() - started;
  // At least the wait; the upper bound only tells it from the 30 s longest wait (a loaded
  // machine may answer seconds late, it was 3 s).
  t.ok(waited >= 950 && waited < 25_000, `waited about a second (${waited} ms)`);
  t.equal(res.json().version, 0);
});

t.test('legal-moves refuses a bad wait or after with 400', async (t) => {
  const app = await testApp(t);
  const game = await createGame(app);
  for (const query of ['after=x', 'after=-1', 'wait=31', 'wait=soon', 'other=1']) {
    const res = await app.inject({ url: `/games/${game.id}/legal-moves?${query}` });
    t.equal(res.statusCode, 400, query);
  }
});

t.test("GET /games/{id}/events without after includes the creation's events", async (t) => {
  const app = await testApp(t);
  const created = await app.inject({
    method: 'POST',
    url: '/games',
    payload: { players: [{ name: 'Ann' }, { name: 'Bob' }] },
  });
  const game = created.json();
  await playFirstLegal(app, game);
  const all = (await app.inject({ url: `/games/${game.id}/events` })).json();
  conforms(t, EventsResponse, all, 'events');
  t.same(all.created, game.events, 'the events POST /games answered');
  t.match(all.created, [
    { type: 'turnStarted', seat: 0 },
    { type: 'tileDrawn', seat: 0 },
  ]);
  t.equal(all.events.length, 1);
  const after = (await app.inject({ url: `/games/${game.id}/events?after=0` })).json();
  t.equal(after.created, undefined, 'with after: only the moves after that version');
});
