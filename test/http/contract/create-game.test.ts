import t from 'tap';
import { conforms, SCHEMAS } from '../helpers/schema.js';
import { TWO_PLAYERS, testApp } from '../helpers/app.js';

const { CreatedGameResponse } = SCHEMAS;

const problem = /^application\/problem\+json/;

t.test('POST /games answers 201 with the id, one secret token per seat and the state at version 0', async (t) => {
  const app = await testApp(t);
  const res = await app.inject({
    method: 'POST',
    url: '/games',
    payload: {
      players: [{ name: 'Ann' }, { name: 'Bob' }, { name: 'Cy' }],
      expansions: ['traders-builders', 'abbey-mayor'],
      seed: 's',
    },
  });
  t.equal(res.statusCode, 201);
  const body = res.json();
  conforms(t, CreatedGameResponse, body, 'created game');
  t.equal(res.headers.location, `/games/${body.id}`);
  t.same(
    body.seats.map((s: { seat: number; name: string }) => [s.seat, s.name]),
    [
      [0, 'Ann'],
      [1, 'Bob'],
      [2, 'Cy'],
    ],
  );
  t.equal(new Set(body.seats.map((s: { token: string }) => s.token)).size, 3, 'tokens differ');
  t.match(body.state, {
    id: body.id,
    version: 0,
    status: 'active',
    actor: 0,
    expansions: ['traders-builders', 'abbey-mayor'],
  });
  t.same(
    body.state.players.map((p: { goods: unknown; abbey: boolean }) => [p.goods, p.abbey]),
    [
      [{ wine: 0, wheat: 0, cloth: 0 }, true],
      [{ wine: 0, wheat: 0, cloth: 0 }, true],
      [{ wine: 0, wheat: 0, cloth: 0 }, true],
    ],
  );
  t.match(body.events, [
    { type: 'turnStarted', seat: 0 },
    { type: 'tileDrawn', seat: 0 },
  ]);
});

t.test('the same seed and options give the same game', async (t) => {
  const app = await testApp(t);
  const create = async () =>
    (await app.inject({ method: 'POST', url: '/games', payload: { ...TWO_PLAYERS, seed: 'same' } })).json().state;
  const [a, b] = [await create(), await create()];
  t.equal(a.drawnTile, b.drawnTile);
  t.not(a.id, b.id);
});

t.test('a tileOrder fixes the pile from the first draw', async (t) => {
  const app = await testApp(t);
  const res = await app.inject({
    method: 'POST',
    url: '/games',
    payload: { ...TWO_PLAYERS, tileOrder: ['base/E', 'base/U'] },
  });
  t.equal(res.statusCode, 201);
  t.equal(res.json().state.drawnTile, 'base/E');
  t.equal(res.json().state.tilesLeftTotal, 1);
});

t.test('malformed bodies answer 400 problems', async (t) => {
  const app = await testApp(t);
  const cases: [string, unknown][] = [
    ['no players', {}],
    ['one player', { players: [{ name: 'Solo' }] }],
    ['seven players', { players: Array.from({ length: 7 }, (_, i) => ({ name: `P${i}` })) }],
    ['an unknown member', { ...TWO_PLAYERS, colour: 'red' }],
    ['an unknown player member', { players: [{ name: 'A', age: 3 }, { name: 'B' }] }],
    ['an unknown expansion', { ...TWO_PLAYERS, expansions: ['no-such-expansion'] }],
    ['an unknown rule', { ...TWO_PLAYERS, rules: { fairies: true } }],
    ['a bad rule value', { ...TWO_PLAYERS, rules: { wagonMove: 'c3' } }],
    ['a malformed tile id', { ...TWO_PLAYERS, tileOrder: ['base-A'] }],
    ['a number as name', { players: [{ name: 1 }, { name: 'B' }] }],
    ['an array body', [1, 2]],
  ];
  for (const [what, payload] of cases) {
    const res = await app.inject({ method: 'POST', url: '/games', payload: payload as object });
    t.equal(res.statusCode, 400, what);
    t.match(res.headers['content-type'], problem, what);
    t.match(res.json(), { status: 400, code: 'BAD_REQUEST', detail: String }, what);
  }
});

t.test('a body that is not JSON answers 400', async (t) => {
  const app = await testApp(t);
  const res = await app.inject({
    method: 'POST',
    url: '/games',
    headers: { 'content-type': 'application/json' },
    payload: '{"players": [',
  });
  t.equal(res.statusCode, 400);
  t.match(res.json(), { code: 'BAD_REQUEST' });
  const empty = await app.inject({ method: 'POST', url: '/games' });
  t.equal(empty.statusCode, 400);
});

t.test('another media type answers 415', async (t) => {
  const app = await testApp(t);
  const res = await app.inject({
    method: 'POST',
    url: '/games',
    headers: { 'content-type': 'text/csv' },
    payload: 'a,b',
  });
  t.equal(res.statusCode, 415);
  t.match(res.json(), { code: 'UNSUPPORTED_MEDIA_TYPE' });
});

t.test('an oversized body answers 413', async (t) => {
  const app = await testApp(t);
  const payload = JSON.stringify({ ...TWO_PLAYERS, seed: 'x'.repeat(100 * 1024) });
  const res = await app.inject({
    method: 'POST',
    url: '/games',
    headers: { 'content-type': 'application/json' },
    payload,
  });
  t.equal(res.statusCode, 413);
  t.match(res.headers['content-type'], problem);
  t.match(res.json(), { status: 413, code: 'PAYLOAD_TOO_LARGE' });
});

t.test('a setup the engine refuses answers 422 INVALID_SETUP', async (t) => {
  const app = await testApp(t);
  for (const tileOrder of [['base/Z'], ['abbey-mayor/D'], ['base/C', 'base/C']]) {
    const res = await app.inject({ method: 'POST', url: '/games', payload: { ...TWO_PLAYERS, tileOrder } });
    t.equal(res.statusCode, 422, JSON.stringify(tileOrder));
    t.match(res.headers['content-type'], problem);
    t.match(res.json(), { status: 422, code: 'INVALID_SETUP', detail: String });
  }
});
