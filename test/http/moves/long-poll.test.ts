import t from 'tap';
import { createGame, playFirstLegal, testApp } from '../helpers/app.js';
import { forEachStore } from '../../helpers/stores.js';

forEachStore(t, (t, stores) => {
  t.test('a long-poll answers as soon as a move after N lands', async (t) => {
    const app = await testApp(t, { database: await stores.location(t) });
    const game = await createGame(app);
    const poll = app.inject({ url: `/games/${game.id}/events?after=0&wait=30` });
    await new Promise((r) => setTimeout(r, 100));
    const played = await playFirstLegal(app, game);
    t.equal(played.statusCode, 201);
    // From the move's answer: the move itself may be slow on a loaded machine, and is not the wake-up.
    const moved = Date.now();
    const res = await poll;
    t.equal(res.statusCode, 200);
    // The wake-up is the event; the bound only tells it from the 30 s wait running out.
    t.ok(Date.now() - moved < 25_000, 'woke up before the 30 s wait ran out');
    const body = res.json();
    t.equal(body.version, 1);
    t.match(body.events, [{ seq: 1, seat: 0, events: [{ type: 'tilePlaced' }] }]);
  });

  t.test('a long-poll answers at once when there already are newer moves', async (t) => {
    const app = await testApp(t, { database: await stores.location(t) });
    const game = await createGame(app);
    await playFirstLegal(app, game);
    const started = Date.now();
    const res = await app.inject({ url: `/games/${game.id}/events?after=0&wait=30` });
    // Not the 30 s wait (the bound tells the two apart, however busy the machine).
    t.ok(Date.now() - started < 25_000);
    t.equal(res.json().events.length, 1);
  });

  t.test('a long-poll with nothing new answers empty after the wait', async (t) => {
    const app = await testApp(t, { database: await stores.location(t) });
    const game = await createGame(app);
    const other = await createGame(app);
    const started = Date.now();
    const poll = app.inject({ url: `/games/${game.id}/events?after=0&wait=1` });
    await playFirstLegal(app, other);
    const res = await poll;
    const waited = Date.now() - started;
    // At least the wait; the upper bound only tells it from the 30 s longest wait (a loaded
    // machine may answer seconds late, it was 3 s).
    t.ok(waited >= 950 && waited < 25_000, `waited about a second (${waited} ms)`);
    t.same(res.json(), { version: 0, events: [] }, "another game's move does not wake it");
  });

  t.test('closing the app releases waiting long-polls', async (t) => {
    const app = await testApp(t, { database: await stores.location(t) });
    const game = await createGame(app);
    const started = Date.now();
    const poll = app.inject({ url: `/games/${game.id}/events?wait=30` });
    await new Promise((r) => setTimeout(r, 100));
    await app.close();
    const res = await poll;
    t.ok(Date.now() - started < 25_000, 'did not wait 30 s');
    t.ok([200, 503].includes(res.statusCode), `answered ${res.statusCode}`);
  });
});
