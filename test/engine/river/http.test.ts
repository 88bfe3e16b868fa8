import { readFileSync } from 'node:fs';
import t from 'tap';
import type { PublicState } from '../../../src/engine/index.js';
import { bearer, createGame, legal, testApp } from '../../http/helpers/app.js';
import { LAKE, MIDDLE } from './helpers.js';

// The River over HTTP: created by its option name with its rule options, its placements in the
// legal moves, its refusals as 422 with their codes, an undo, the state, the events, the
// catalog, and its water in the board and tile pictures.

const players = [{ name: 'Ann' }, { name: 'Bob' }];
// D (straight), then E (a bend), the rest of the river, the lake, a land tile.
const ORDER = ['river/D', 'river/E', ...MIDDLE.filter((x) => x !== 'river/D' && x !== 'river/E'), LAKE, 'base/E'];

t.test('a river game plays over HTTP: create, legal moves, moves, refusals, state, events', async (t) => {
  const app = await testApp(t);
  const game = await createGame(app, {
    players,
    expansions: ['river'],
    rules: { riverTurns: 'lookahead', riverStartTile: 'shuffle' },
    tileOrder: ORDER,
  });
  const state = game.state as unknown as PublicState;
  t.same(state.tiles, [{ tile: 'river/A', x: 0, y: 0, rotation: 0 }], 'the spring at (0,0)');
  t.same(state.rules, {
    endgameAbbeys: 'continue',
    wagonMove: 'c2',
    riverTurns: 'lookahead',
    riverStartTile: 'shuffle',
  });
  t.equal(state.drawnTile, 'river/D');
  t.equal(state.tilesLeft['river/E'], 1, 'the counts left include the river tiles');
  const post = (seat: number, version: number, move: object) =>
    app.inject({
      method: 'POST',
      url: `/games/${game.id}/moves`,
      headers: bearer(game.seats[seat].token),
      payload: { expectedVersion: version, move },
    });
  t.same((await legal(app, game.id)).moves, [
    { type: 'placeTile', x: 0, y: 1, rotation: 0 },
    { type: 'placeTile', x: 0, y: 1, rotation: 180 },
  ]);
  const away = await post(0, 0, { type: 'placeTile', x: 1, y: 0, rotation: 0 });
  t.same([away.statusCode, away.json().code], [422, 'RIVER_NOT_CONTINUED']);
  const crossed = await post(0, 0, { type: 'placeTile', x: 0, y: 1, rotation: 90 });
  t.same([crossed.statusCode, crossed.json().code], [422, 'EDGES_DO_NOT_MATCH'], 'a field side facing the river');
  t.equal((await post(0, 0, { type: 'placeTile', x: 0, y: 1, rotation: 0 })).statusCode, 201);
  const figures = await legal(app, game.id);
  t.same(
    figures.moves.map((m) => [m.type, m.feature]),
    [
      ['placeFigure', 1],
      ['placeFigure', 2],
      ['undo', undefined],
      ['pass', undefined],
    ],
    'the two banks, never the river (feature 0); the undo',
  );
  const onRiver = await post(0, 1, { type: 'placeFigure', figure: 'meeple', x: 0, y: 1, feature: 0 });
  t.same([onRiver.statusCode, onRiver.json().code], [422, 'WRONG_FEATURE_KIND']);
  t.equal((await post(0, 1, { type: 'pass' })).statusCode, 201);
  // Bob's bend E: it turns left or right at (0,2); lookahead has room for both.
  t.same((await legal(app, game.id)).moves, [
    { type: 'placeTile', x: 0, y: 2, rotation: 90 },
    { type: 'placeTile', x: 0, y: 2, rotation: 180 },
  ]);
  const bend = { type: 'placeTile', x: 0, y: 2, rotation: 90 };
  t.equal((await post(1, 2, bend)).statusCode, 201);
  // Taken back (docs/rules.md §2.2): river/E in hand again, the same two placements at the open end.
  const undone = await post(1, 3, { type: 'undo' });
  t.equal(undone.statusCode, 201);
  t.same(undone.json().events, [{ type: 'placementUndone', seat: 1, tile: 'river/E', x: 0, y: 2 }]);
  t.equal(undone.json().state.drawnTile, 'river/E');
  t.same(undone.json().state.tiles.length, 2, 'the spring and D');
  t.same((await legal(app, game.id)).moves, [
    { type: 'placeTile', x: 0, y: 2, rotation: 90 },
    { type: 'placeTile', x: 0, y: 2, rotation: 180 },
  ]);
  const placed = await post(1, 4, bend);
  t.equal(placed.statusCode, 201);
  t.match(placed.json().events, [{ type: 'tilePlaced', seat: 1, tile: 'river/E', x: 0, y: 2, rotation: 90 }]);
  t.equal((await post(1, 5, { type: 'pass' })).statusCode, 201);
  const drawn = (await app.inject({ url: `/games/${game.id}` })).json<PublicState>();
  t.equal(drawn.drawnTile, 'river/B');
  const events = (await app.inject({ url: `/games/${game.id}/events?after=0` })).json();
  t.match(events.events[0].events, [{ type: 'tilePlaced', tile: 'river/D' }]);
  const board = await app.inject({ url: `/games/${game.id}/board.svg?legal=1` });
  t.equal(board.statusCode, 200);
  t.match(board.body, /class="spring"/);
  t.equal(board.body.split('class="river"').length - 1, 3, 'the spring, D and E show water');
  t.match(board.body, /class="legal" data-x="-1" data-y="2"/, "the river's open end is the legal spot");
});

t.test('the river in the catalog, the tile SVGs, and refused options and orders', async (t) => {
  const app = await testApp(t);
  const tiles = (await app.inject({ url: '/tiles' })).json();
  t.equal(tiles.sets.river, 12);
  t.same(tiles.tiles.find((x: { id: string }) => x.id === 'river/L').features, [
    { kind: 'river', edges: ['N'], end: 'lake' },
    {
      kind: 'field',
      halfEdges: ['NL', 'NR', 'EL', 'ER', 'SL', 'SR', 'WL', 'WR'],
      adjacentCities: [],
    },
  ]);
  for (const [id, mark] of [
    ['A', 'spring'],
    ['K', 'river'],
    ['L', 'lake'],
  ]) {
    const svg = await app.inject({ url: `/tiles/river/${id}.svg?rotation=90` });
    t.equal(svg.statusCode, 200);
    t.match(svg.body, new RegExp(`class="${mark}"`), `river/${id}`);
  }
  const create = (body: object) => app.inject({ method: 'POST', url: '/games', payload: { players, ...body } });
  // A bad value is a malformed body (400); a river option without the river, and a tileOrder
  // that breaks the river's stages (docs/rules.md §10.8), are well-formed setups the rules
  // refuse: 422, each with its stable code.
  for (const [body, status, code] of [
    [{ expansions: ['river'], rules: { riverTurns: 'sharp' } }, 400, 'BAD_REQUEST'],
    [{ expansions: ['river'], rules: { riverStartTile: 'keep' } }, 400, 'BAD_REQUEST'],
    [{ rules: { riverTurns: 'c2' } }, 422, 'INVALID_SETUP'],
    [{ expansions: ['river'], tileOrder: ['base/E', ...ORDER] }, 422, 'TILE_ORDER_INVALID'],
    [{ expansions: ['river'], tileOrder: [...MIDDLE, 'base/E', LAKE] }, 422, 'TILE_ORDER_INVALID'],
    [{ expansions: ['river'], tileOrder: [...MIDDLE, LAKE, 'river/A'] }, 422, 'TILE_ORDER_INVALID'],
    [
      { expansions: ['river'], tileOrder: [...MIDDLE, LAKE, 'base/D', 'base/D', 'base/D', 'base/D'] },
      422,
      'TILE_ORDER_INVALID',
    ],
  ] as const) {
    const res = await create(body);
    t.same([res.statusCode, res.json().code], [status, code], JSON.stringify(body));
  }
  const shuffled = await create({
    expansions: ['river'],
    rules: { riverStartTile: 'shuffle' },
    tileOrder: [...MIDDLE, LAKE, 'base/D', 'base/D', 'base/D', 'base/D'],
  });
  t.equal(shuffled.statusCode, 201, 'four base/D with shuffle');
});

t.test("the API's document and the clients' types name the river, its options and its codes", async (t) => {
  const app = await testApp(t);
  const doc = (await app.inject({ url: '/docs/json' })).body;
  for (const word of [
    '"river"',
    'riverTurns',
    'riverStartTile',
    'lookahead',
    'RIVER_TURN_FORBIDDEN',
    'TILE_ORDER_INVALID',
  ])
    t.ok(doc.includes(word), `the OpenAPI document: ${word}`);
  // Its setup refusals are among the 422 codes, none among the 400 ones (a malformed shape).
  type Problem = { allOf: [unknown, { properties: { code: { enum: string[] } } }] };
  const codes = (status: number) =>
    (JSON.parse(doc) as { components: { schemas: Record<string, Problem> } }).components.schemas[`Problem${status}`]
      .allOf[1].properties.code.enum;
  t.ok(codes(422).includes('TILE_ORDER_INVALID'), 'TILE_ORDER_INVALID is a 422');
  t.notOk(codes(400).includes('TILE_ORDER_INVALID'), 'not a 400');
  const ts = readFileSync(new URL('../../../clients/typescript/src/api.d.ts', import.meta.url), 'utf8');
  const py = readFileSync(new URL('../../../clients/python/carcassonne_client/api_types.py', import.meta.url), 'utf8');
  for (const word of ['"river"', 'riverTurns', 'riverStartTile']) {
    t.ok(ts.includes(word), `the TypeScript client's types: ${word}`);
    t.ok(py.includes(word), `the Python client's types: ${word}`);
  }
});
