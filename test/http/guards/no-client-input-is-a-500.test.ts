/** Nothing a client sends may produce a 5xx: hostile and random requests get 4xx problems. */
import type { InjectOptions } from 'fastify';
import t from 'tap';
import { seededRandom } from '../../../src/engine/rng.js';
import { bearer, createGame, legal, testApp } from '../helpers/app.js';

const weirdValues: unknown[] = [
  null,
  true,
  -1,
  0,
  1.5,
  1e308,
  -1e308,
  '',
  'x',
  '0',
  ' ',
  '\u0000',
  '💥',
  [],
  [1],
  {},
  { a: 1 },
  'a'.repeat(300),
  Number.MAX_SAFE_INTEGER + 2,
  { __proto__: { polluted: true } },
];

const SHAPES: Record<string, string[]> = {
  placeTile: ['x', 'y', 'rotation'],
  placeAbbey: ['x', 'y'],
  placeFigure: ['figure', 'x', 'y', 'feature'],
  placeBarn: ['x', 'y', 'corner'],
  moveWagon: ['x', 'y', 'feature'],
};

t.test('hostile paths, headers and bodies never produce a 5xx', async (t) => {
  const app = await testApp(t);
  const game = await createGame(app);
  const token = game.seats[0].token;
  const fixed: (InjectOptions & { url: string })[] = [
    { url: '/games/%' },
    { url: '/games/%ZZ/moves' },
    { url: '/games/%00' },
    { url: `/games/${game.id}/events?after=1e400` },
    { url: `/games/${game.id}/events?after=1&after=2` },
    { url: `/games/${game.id}/events?wait=ten` },
    { url: '/games/../../etc/passwd' },
    { method: 'DELETE', url: `/games/${game.id}` },
    { method: 'PUT', url: '/games' },
    {
      method: 'POST',
      url: '/games',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__":{"x":1},"players":[]}',
    },
    {
      method: 'POST',
      url: '/games',
      headers: { 'content-type': 'application/json' },
      payload: '{"constructor":{"prototype":{"x":1}}}',
    },
    { method: 'POST', url: '/games', headers: { 'content-type': 'application/json; charset=latin1' }, payload: '{}' },
    { method: 'POST', url: '/games', headers: { 'content-type': 'application/json' }, payload: 'null' },
    { method: 'POST', url: '/games', headers: { 'content-type': 'application/json' }, payload: '"x"' },
    { method: 'POST', url: '/games', headers: { 'content-type': 'application/json' }, payload: '[' },
    {
      method: 'POST',
      url: `/games/${game.id}/moves`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '',
    },
    {
      method: 'POST',
      url: `/games/${game.id}/moves`,
      headers: { authorization: 'Bearer 💥' },
      payload: { expectedVersion: 0, move: { type: 'pass' } },
    },
    {
      method: 'POST',
      url: `/games/${game.id}/moves`,
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': 'k'.repeat(129) },
      payload: { expectedVersion: 0, move: { type: 'pass' } },
    },
    {
      method: 'POST',
      url: `/games/${game.id}/moves`,
      headers: { authorization: `Bearer ${token}` },
      payload: { expectedVersion: 0, move: { type: 'placeFigure', figure: 'meeple', x: 0, y: 0, feature: 63 } },
    },
    {
      method: 'POST',
      url: `/games/${game.id}/moves`,
      headers: { authorization: `Bearer ${token}` },
      payload: { expectedVersion: 0, move: { type: 'moveWagon', x: -1000, y: 1000, feature: 0 } },
    },
    {
      method: 'POST',
      url: `/games/${game.id}/moves`,
      headers: { authorization: `Bearer ${token}` },
      payload: { expectedVersion: 2 ** 53, move: { type: 'draw' } },
    },
  ];
  for (const request of fixed) {
    const res = await app.inject(request);
    t.ok(res.statusCode >= 400 && res.statusCode < 500, `${request.method ?? 'GET'} ${request.url}: ${res.statusCode}`);
  }

  // Random moves of every shape, posted by the actor and by others: 201, 4xx, never 5xx.
  const rnd = seededRandom('7');
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];
  const types = [
    'draw',
    'placeTile',
    'placeAbbey',
    'placeFigure',
    'placeBarn',
    'pass',
    'moveWagon',
    'returnWagon',
    'bogus',
  ];
  const statuses = new Map<number, number>();
  for (let i = 0; i < 400; i++) {
    const lm = await legal(app, game.id);
    if (lm.actor === null) break;
    const type = pick(types);
    const move: Record<string, unknown> = { type };
    const keys =
      rnd() < 0.8
        ? (SHAPES[type] ?? [])
        : ['x', 'y', 'rotation', 'feature', 'figure', 'corner'].filter(() => rnd() < 0.5);
    const value = (key: string): unknown => {
      if (rnd() < 0.1) return pick(weirdValues);
      if (key === 'rotation') return pick([0, 90, 180, 270]);
      if (key === 'figure') return pick(['meeple', 'mayor', 'wagon', 'builder', 'pig', 'barn']);
      if (key === 'corner') return pick(['NE', 'SE', 'SW', 'NW']);
      if (key === 'feature') return Math.floor(rnd() * 8);
      return Math.floor(rnd() * 7) - 3;
    };
    for (const key of keys) move[key] = value(key);
    const body =
      rnd() < 0.1
        ? pick(weirdValues)
        : { expectedVersion: rnd() < 0.9 ? lm.version : pick(weirdValues), move: rnd() < 0.2 ? lm.moves[0] : move };
    const seat = rnd() < 0.8 ? lm.actor : Math.floor(rnd() * 2);
    const res = await app.inject({
      method: 'POST',
      url: `/games/${game.id}/moves`,
      headers: { ...bearer(game.seats[seat].token), 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
    if (res.statusCode >= 500) t.fail(`${JSON.stringify(body)} → ${res.statusCode} ${res.body}`);
  }
  t.ok(
    [...statuses.keys()].every((s) => s < 500),
    `statuses: ${JSON.stringify(Object.fromEntries(statuses))}`,
  );
  t.ok(statuses.get(201), 'some moves were played');
  t.ok(statuses.get(422), 'some were refused by the rules');
  t.ok(statuses.get(400), 'some were malformed');
});
