/**
 * The plug-in model is open: an expansion that exists only under test/fixtures (the bells:
 * a figure, a move, an event, an error code and a view member) is played by the engine, and
 * the HTTP schemas and the OpenAPI document of an app built with its registry show it, with
 * no file under src/ naming it. The default app knows nothing of it.
 */
import type {} from '@fastify/swagger'; // app.swagger()'s type: the build's app.d.ts does not import the plugin
import t from 'tap';
import { createGame, legalMoves, play, publicView, type GameSetup, type Move } from '../../src/engine/index.js';
import { routeSchemas } from '../../src/http/schemas/index.js';
import { BELLS_REGISTRY as registry } from '../fixtures/bells/registry.js';
import { bearer, createGame as createHttpGame, legal, testApp } from './helpers/app.js';
import { conforms } from './helpers/schema.js';

const setup = {
  players: [{ name: 'Ann' }, { name: 'Bob' }],
  expansions: ['bells'],
  seed: 'bells-1',
} as unknown as GameSetup;
const RING = { type: 'ringBell' } as unknown as Move;

t.test(
  'the engine plays the bell: its figure in the supply, its move before the draw, its event and view member',
  async (t) => {
    t.equal(createGame(setup).ok, false, 'the default registry offers no bells');
    const created = createGame(setup, registry);
    if (!created.ok) throw new Error(created.error.reason);
    const game = created.value.game;
    const before = legalMoves(game);
    t.same([before.actor, before.phase], [0, 'drawOrAbbey'], 'seat 0 may ring instead of drawing');
    t.same(before.moves, [{ type: 'draw' }, RING]);
    t.same(
      publicView(game).players.map((p) => [p.supply, (p as { bellRung?: boolean }).bellRung]),
      [
        [{ meeple: 7, bell: 1 }, false],
        [{ meeple: 7, bell: 1 }, false],
      ],
    );
    const rung = play(game, RING);
    if (!rung.ok) throw new Error(rung.error.reason);
    t.same(rung.value.events, [{ type: 'bellRung', seat: 0 }]);
    const view = publicView(rung.value.game);
    t.same(
      [view.players[0].supply, (view.players[0] as { bellRung?: boolean }).bellRung],
      [{ meeple: 7, bell: 0 }, true],
    );
    t.same(legalMoves(rung.value.game).moves, [{ type: 'draw' }], 'a rung bell is not offered again');
    const again = play(rung.value.game, RING);
    t.same(again.ok ? null : again.error.code, 'BELL_ALREADY_RUNG', "the expansion's own error code");
  },
);

t.test("an app with the bells' registry validates, serialises and documents them", async (t) => {
  const app = await testApp(t, { registry });
  const game = await createHttpGame(app, { players: [{ name: 'Ann' }, { name: 'Bob' }], expansions: ['bells'] });
  // The creation answer goes through Fastify's serializer, which drops what its schema does not name.
  const state = game.state as unknown as { players: { supply: Record<string, number>; bellRung?: boolean }[] };
  t.same(
    state.players.map((p) => [p.supply.bell, p.bellRung]),
    [
      [1, false],
      [1, false],
    ],
    'the state schema has the bell and the member',
  );
  conforms(t, routeSchemas(registry).GameStateSchema, game.state, 'the state');
  t.same((await legal(app, game.id)).moves, [{ type: 'draw' }, RING]);
  const move = (expectedVersion: number) =>
    app.inject({
      method: 'POST',
      url: `/games/${game.id}/moves`,
      headers: bearer(game.seats[0].token),
      payload: { expectedVersion, move: RING },
    });
  const rung = await move(0);
  t.equal(rung.statusCode, 201, 'the move body schema takes ringBell');
  t.same(rung.json().events, [{ type: 'bellRung', seat: 0 }]);
  const again = await move(1);
  t.same([again.statusCode, again.json().code], [422, 'BELL_ALREADY_RUNG']);
  const events = (await app.inject({ url: `/games/${game.id}/events?after=0` })).json();
  t.same(events.events[0].events, [{ type: 'bellRung', seat: 0 }]);

  await app.ready();
  const doc = app.swagger() as {
    components: { schemas: Record<string, { properties?: Record<string, { enum?: unknown[] }>; allOf?: unknown[] }> };
  };
  const schemas = doc.components.schemas;
  t.ok(schemas.RingBellMove, 'the OpenAPI document has the move');
  t.ok(schemas.BellRungEvent, 'and the event');
  t.ok(schemas.BoardFigure?.properties?.kind?.enum?.includes('bell'), 'and the figure');
  t.match(JSON.stringify(schemas.Problem422), /BELL_ALREADY_RUNG/, 'and the error code');
});

t.test('the default app knows nothing of the bells', async (t) => {
  const app = await testApp(t);
  const created = await app.inject({
    method: 'POST',
    url: '/games',
    payload: { players: [{ name: 'Ann' }, { name: 'Bob' }], expansions: ['bells'] },
  });
  t.equal(created.statusCode, 400, 'bells is not an expansion of this app');
  const game = await createHttpGame(app);
  const res = await app.inject({
    method: 'POST',
    url: `/games/${game.id}/moves`,
    headers: bearer(game.seats[0].token),
    payload: { expectedVersion: 0, move: RING },
  });
  t.equal(res.statusCode, 400, 'ringBell is not a move of this app');
  await app.ready();
  const schemas = (app.swagger() as { components: { schemas: Record<string, unknown> } }).components.schemas;
  t.notOk(schemas.RingBellMove, 'nor of its OpenAPI document');
});

t.test("an expansion's rule option: its default in games with it, refused in games without it", async (t) => {
  const view = (rules: Record<string, string>, expansions = ['bells']) => {
    const created = createGame({ ...setup, expansions, rules } as unknown as GameSetup, registry);
    return created.ok ? created.value.game : created.error;
  };
  const game = view({});
  if ('code' in game) throw new Error(game.reason);
  t.same(publicView(game).rules, { endgameAbbeys: 'continue', wagonMove: 'c2', bellRinging: 'allowed' });
  const off = view({ bellRinging: 'off' });
  if ('code' in off) throw new Error(off.reason);
  t.equal(
    legalMoves(off).phase,
    'placeTile',
    'with bellRinging off the bell is not offered: the tile is drawn at once',
  );
  t.equal(legalMoves(game).phase, 'drawOrAbbey', 'by default seat 0 may ring it instead');
  t.same(view({ bellRinging: 'loud' }), {
    code: 'INVALID_SETUP',
    reason: 'bellRinging must be one of allowed, off',
  });
  t.same(view({ bellRinging: 'off' }, []), {
    code: 'INVALID_SETUP',
    reason: 'bellRinging is a rule of bells, which this game does not enable',
  });
  const plain = view({}, []);
  if ('code' in plain) throw new Error(plain.reason);
  t.same(publicView(plain).rules, { endgameAbbeys: 'continue', wagonMove: 'c2' }, 'a game without bells has none');

  const app = await testApp(t, { registry });
  const made = await createHttpGame(app, {
    players: [{ name: 'Ann' }, { name: 'Bob' }],
    expansions: ['bells'],
    rules: { bellRinging: 'off' },
  });
  t.same((made.state as unknown as { rules: unknown }).rules, {
    endgameAbbeys: 'continue',
    wagonMove: 'c2',
    bellRinging: 'off',
  });
  const post = (payload: object) => app.inject({ method: 'POST', url: '/games', payload });
  const players = [{ name: 'Ann' }, { name: 'Bob' }];
  t.equal((await post({ players, expansions: ['bells'], rules: { bellRinging: 'loud' } })).statusCode, 400);
  t.same((await post({ players, rules: { bellRinging: 'off' } })).json().code, 'INVALID_SETUP');
  const plainApp = await testApp(t);
  t.equal(
    (await plainApp.inject({ method: 'POST', url: '/games', payload: { players, rules: { bellRinging: 'off' } } }))
      .statusCode,
    400,
    "the default app's create body names no such option",
  );
  await app.ready();
  const doc = app.swagger() as { components: { schemas: Record<string, unknown> } };
  t.match(JSON.stringify(doc), /bellRinging/, 'the OpenAPI document has the option');
});
