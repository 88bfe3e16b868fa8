import t from 'tap';
import { conforms, SCHEMAS } from '../helpers/schema.js';
import { createGame, playFirstLegal, testApp } from '../helpers/app.js';
import { forEachStore } from '../../helpers/stores.js';

const { EventsResponse, GameStateSchema, LegalMovesResponse, MoveLog } = SCHEMAS;

forEachStore(t, (t, stores) => {
  t.test('GET /games/{id} answers the public state with id and version', async (t) => {
    const app = await testApp(t, { database: await stores.location(t) });
    const game = await createGame(app, {
      players: [{ name: 'Ann' }, { name: 'Bob' }],
      expansions: ['traders-builders'],
    });
    const res = await app.inject({ url: `/games/${game.id}` });
    t.equal(res.statusCode, 200);
    const state = res.json();
    conforms(t, GameStateSchema, state, 'state');
    t.match(state, {
      id: game.id,
      version: 0,
      status: 'active',
      activeSeat: 0,
      actor: 0,
      phase: 'placeTile',
      drawnTile: String,
      tiles: [{ tile: 'base/D', x: 0, y: 0, rotation: 0 }],
      figures: [],
      scores: [0, 0],
      goods: [
        { wine: 0, wheat: 0, cloth: 0 },
        { wine: 0, wheat: 0, cloth: 0 },
      ],
    });
    t.match(state.players[0], {
      seat: 0,
      name: 'Ann',
      score: 0,
      supply: { meeple: 7, builder: 1, pig: 1 },
      goods: { wine: 0 },
    });
    t.equal(state.tilesLeftTotal, 94);
    t.equal(
      Object.values(state.tilesLeft as Record<string, number>).reduce((a, b) => a + b, 0),
      94,
      'tiles left add up',
    );
  });

  t.test('GET /games/{id}/legal-moves names the actor, the phase and the moves', async (t) => {
    const app = await testApp(t, { database: await stores.location(t) });
    const game = await createGame(app);
    const res = await app.inject({ url: `/games/${game.id}/legal-moves` });
    t.equal(res.statusCode, 200);
    const body = res.json();
    conforms(t, LegalMovesResponse, body, 'legal moves');
    t.match(body, { version: 0, actor: 0, phase: 'placeTile' });
    t.ok(body.moves.length > 0);
    t.ok(body.moves.every((m: { type: string }) => m.type === 'placeTile'));
  });

  t.test('GET /games/{id}/moves lists the log with seq 1..version', async (t) => {
    const times = ['2026-01-01T00:00:00.000Z', '2026-01-01T00:00:01.000Z', '2026-01-01T00:00:02.000Z'];
    let clock = 0;
    const app = await testApp(t, {
      database: await stores.location(t),
      now: () => new Date(times[Math.min(clock++, 2)]),
    });
    const game = await createGame(app);
    const empty = await app.inject({ url: `/games/${game.id}/moves` });
    t.same(empty.json(), { moves: [] });
    const first = await playFirstLegal(app, game);
    const second = await playFirstLegal(app, game);
    t.equal(first.statusCode, 201);
    t.equal(second.statusCode, 201);
    const log = (await app.inject({ url: `/games/${game.id}/moves` })).json();
    conforms(t, MoveLog, log, 'move log');
    t.same(
      log.moves.map((m: { seq: number }) => m.seq),
      [1, 2],
    );
    t.equal(log.moves[0].seat, 0);
    t.equal(log.moves[0].move.type, 'placeTile');
    t.equal(log.moves[1].at, times[2], 'timestamps come from the clock');
  });

  t.test('GET /games/{id}/events answers the events of the moves after N', async (t) => {
    const app = await testApp(t, { database: await stores.location(t) });
    const game = await createGame(app);
    await playFirstLegal(app, game);
    await playFirstLegal(app, game);
    const all = (await app.inject({ url: `/games/${game.id}/events` })).json();
    conforms(t, EventsResponse, all, 'events');
    t.equal(all.version, 2);
    t.same(
      all.events.map((b: { seq: number }) => b.seq),
      [1, 2],
    );
    t.match(all.events[0], { seq: 1, seat: 0, events: [{ type: 'tilePlaced', seat: 0 }] });
    const later = (await app.inject({ url: `/games/${game.id}/events?after=1` })).json();
    t.same(
      later.events.map((b: { seq: number }) => b.seq),
      [2],
    );
    const none = (await app.inject({ url: `/games/${game.id}/events?after=2` })).json();
    t.same(none, { version: 2, events: [] });
    const beyond = (await app.inject({ url: `/games/${game.id}/events?after=9` })).json();
    t.same(beyond, { version: 2, events: [] });
  });

  t.test('bad query parameters answer 400', async (t) => {
    const app = await testApp(t, { database: await stores.location(t) });
    const game = await createGame(app);
    for (const query of ['after=x', 'after=-1', 'wait=31', 'wait=soon', 'other=1']) {
      const res = await app.inject({ url: `/games/${game.id}/events?${query}` });
      t.equal(res.statusCode, 400, query);
      t.match(res.json(), { code: 'BAD_REQUEST' }, query);
    }
  });

  t.test('every read of an unknown game answers a 404 problem', async (t) => {
    const app = await testApp(t, { database: await stores.location(t) });
    for (const path of ['', '/legal-moves', '/moves', '/events', '/events?wait=1']) {
      const res = await app.inject({ url: `/games/no-such-game${path}` });
      t.equal(res.statusCode, 404, path);
      t.match(res.headers['content-type'], /^application\/problem\+json/);
      t.match(res.json(), { status: 404, code: 'GAME_NOT_FOUND' }, path);
    }
    const long = await app.inject({ url: `/games/${'x'.repeat(65)}` });
    t.equal(long.statusCode, 400, 'an id longer than any id is malformed');
  });
});
