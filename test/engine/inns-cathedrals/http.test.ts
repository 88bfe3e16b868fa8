import t from 'tap';
import type { PublicState } from '../../../src/engine/index.js';
import { bearer, createGame, legal, testApp } from '../../http/helpers/app.js';

// Inns & Cathedrals over HTTP: created by its option name, its large meeple in the legal moves,
// the state and the events, its tiles in the catalog and its art in the SVGs.

t.test('a game with inns-cathedrals plays over HTTP: legal moves, state, events, board', async (t) => {
  const app = await testApp(t);
  const game = await createGame(app, {
    players: [{ name: 'Ann' }, { name: 'Bob' }],
    expansions: ['inns-cathedrals'],
    tileOrder: ['inns-cathedrals/B', 'base/W', 'base/W'],
  });
  t.same(
    (game.state as unknown as PublicState).players.map((p) => p.supply),
    [
      { meeple: 7, largeMeeple: 1 },
      { meeple: 7, largeMeeple: 1 },
    ],
  );
  const post = (seat: number, version: number, move: object) =>
    app.inject({
      method: 'POST',
      url: `/games/${game.id}/moves`,
      headers: bearer(game.seats[seat].token),
      payload: { expectedVersion: version, move },
    });
  t.equal((await post(0, 0, { type: 'placeTile', x: 1, y: 0, rotation: 0 })).statusCode, 201);
  const lm = await legal(app, game.id);
  t.ok(lm.moves.some((m) => m.type === 'placeFigure' && m.figure === 'largeMeeple' && m.feature === 0));
  const placed = await post(0, 1, { type: 'placeFigure', figure: 'largeMeeple', x: 1, y: 0, feature: 0 });
  t.equal(placed.statusCode, 201);
  t.match(placed.json().events, [
    { type: 'figurePlaced', seat: 0, figure: { owner: 0, kind: 'largeMeeple', x: 1, y: 0, feature: 0 } },
  ]);
  const again = await post(1, 2, { type: 'placeTile', x: 2, y: 0, rotation: 0 });
  t.equal(again.statusCode, 201);
  t.equal((await post(1, 3, { type: 'placeFigure', figure: 'largeMeeple', x: 2, y: 0, feature: 0 })).statusCode, 422);
  t.equal((await post(1, 3, { type: 'pass' })).statusCode, 201);
  t.equal((await post(0, 4, { type: 'placeTile', x: -1, y: 0, rotation: 0 })).statusCode, 201);
  const closed = await post(0, 5, { type: 'pass' });
  t.match(
    closed.json().events.find((e: { type: string }) => e.type === 'featureScored'),
    { kind: 'road', points: [{ seat: 0, points: 8 }], returned: [{ kind: 'largeMeeple' }] },
    'the inn road: 4 tiles, 2 each',
  );
  const events = await app.inject({ url: `/games/${game.id}/events?after=0` });
  t.equal(events.statusCode, 200);
  const board = await app.inject({ url: `/games/${game.id}/board.svg` });
  t.equal(board.statusCode, 200);
  t.match(board.body, /class="inn"/);
});

t.test('the catalog, the tile SVG and a wrong option name', async (t) => {
  const app = await testApp(t);
  const tiles = (await app.inject({ url: '/tiles' })).json();
  t.equal(tiles.sets['inns-cathedrals'], 18);
  t.same(tiles.tiles.find((x: { id: string }) => x.id === 'inns-cathedrals/K').features, [
    { kind: 'city', edges: ['N', 'E', 'S', 'W'], pennants: 0, cathedral: true },
  ]);
  const svg = await app.inject({ url: '/tiles/inns-cathedrals/K.svg' });
  t.equal(svg.statusCode, 200);
  t.match(svg.body, /class="cathedral"/);
  const wrong = await app.inject({
    method: 'POST',
    url: '/games',
    payload: { players: [{ name: 'A' }, { name: 'B' }], expansions: ['inns'] },
  });
  t.equal(wrong.statusCode, 400);
});
