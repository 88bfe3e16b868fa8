/**
 * The seed and the pile order are the game's secrets: knowing them tells every future draw.
 * They must not appear in any response, log line or error.
 */
import { Writable } from 'node:stream';
import type { InjectOptions } from 'fastify';
import t from 'tap';
import { bearer, legal, testApp } from '../helpers/app.js';

const SEED = 'very-secret-seed-4c7e91';
// A distinctive pile: its order must never be shown, only the counts per tile id.
const TILE_ORDER = ['base/K', 'base/E', 'base/U', 'base/V', 'base/J', 'base/B', 'base/W', 'base/L'];

t.test('no response, log line or error shows the seed or the pile order', async (t) => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = await testApp(t, { logger: { level: 'trace', stream } });
  const bodies: string[] = [];
  const call = async (options: InjectOptions) => {
    const res = await app.inject(options);
    bodies.push(JSON.stringify(res.headers), res.body);
    return res;
  };

  const created = await call({
    method: 'POST',
    url: '/games',
    payload: { players: [{ name: 'Ann' }, { name: 'Bob' }], seed: SEED, tileOrder: TILE_ORDER },
  });
  t.equal(created.statusCode, 201);
  const game = created.json();
  const randomSeeded = await call({
    method: 'POST',
    url: '/games',
    payload: { players: [{ name: 'Ann' }, { name: 'Bob' }] },
  });
  t.equal(randomSeeded.statusCode, 201);

  for (let i = 0; i < 6; i++) {
    const lm = await legal(app, game.id);
    if (lm.actor === null) break;
    await call({
      method: 'POST',
      url: `/games/${game.id}/moves`,
      headers: bearer(game.seats[lm.actor].token),
      payload: { expectedVersion: lm.version, move: lm.moves[0] },
    });
    // Refusals too: their details must not leak either.
    await call({
      method: 'POST',
      url: `/games/${game.id}/moves`,
      headers: bearer(game.seats[lm.actor].token),
      payload: { expectedVersion: lm.version, move: { type: 'placeTile', x: 40, y: 40, rotation: 0 } },
    });
    await call({
      method: 'POST',
      url: `/games/${game.id}/moves`,
      headers: bearer(game.seats[lm.actor].token),
      payload: { expectedVersion: 99, move: lm.moves[0] },
    });
  }
  for (const path of ['', '/legal-moves', '/moves', '/events']) await call({ url: `/games/${game.id}${path}` });
  const docs = (await app.inject({ url: '/docs/json' })).body;
  await call({
    method: 'POST',
    url: '/games',
    payload: { players: [{ name: 'Ann' }, { name: 'Bob' }], seed: SEED, tileOrder: ['base/Z'] },
  });
  await call({
    method: 'POST',
    url: '/games',
    payload: { players: [{ name: 'Ann' }, { name: 'Bob' }], seed: SEED, extra: 1 },
  });

  const everything = bodies.join('\n') + lines.join('');
  t.ok(lines.length > 10, 'the logger did write');
  t.notOk(everything.includes(SEED), 'the seed appears nowhere');
  t.notOk(docs.includes(SEED), 'not even in the documentation');
  // (The OpenAPI document names `seed` and `tileOrder`: they are inputs of POST /games.)
  t.notOk(/"seed"/.test(everything), 'no member named seed');
  // The state's `pile` says only how it was set (`seeded` or `fixed`), never its order.
  t.notOk(/tileOrder|"pile":(?!"(seeded|fixed)")/.test(everything), 'no member naming the pile but its mode');
  t.notOk(everything.includes(TILE_ORDER.slice(2).join('","')), 'the rest of the pile is never listed in order');
  for (const seat of game.seats)
    t.notOk(lines.join('').includes(seat.token), `seat ${seat.seat}'s token is never logged`);
  t.notOk(lines.join('').includes(game.adminToken), 'nor the admin token');
});
