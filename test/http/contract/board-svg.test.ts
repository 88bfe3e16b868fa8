import t from 'tap';
import { createGame, legal, playFirstLegal, testApp } from '../helpers/app.js';

const BOTH = {
  players: [{ name: 'Ann' }, { name: 'Bob' }],
  expansions: ['traders-builders', 'abbey-mayor'],
  seed: 'board-svg',
};

t.test('GET /games/{id}/board.svg answers SVG with an ETag; the same state gives the same bytes', async (t) => {
  const app = await testApp(t);
  const game = await createGame(app, BOTH);
  const url = `/games/${game.id}/board.svg`;
  const a = await app.inject({ url });
  t.equal(a.statusCode, 200);
  t.match(a.headers['content-type'], /^image\/svg\+xml/);
  t.match(a.body, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  t.match(a.body, /data-tile="base\/D"/, 'the start tile');
  t.match(a.headers.etag, /^"[\w-]+"$/);
  const b = await app.inject({ url });
  t.equal(b.body, a.body, 'same bytes');
  t.equal(b.headers.etag, a.headers.etag, 'same ETag');

  const unchanged = await app.inject({ url, headers: { 'if-none-match': a.headers.etag as string } });
  t.equal(unchanged.statusCode, 304);
  t.equal(unchanged.body, '');
  const weakList = await app.inject({ url, headers: { 'if-none-match': `"other", W/${a.headers.etag}` } });
  t.equal(weakList.statusCode, 304, 'a list naming it, weakly, matches too');
  const other = await app.inject({ url, headers: { 'if-none-match': '"other"' } });
  t.equal(other.statusCode, 200);

  await playFirstLegal(app, game);
  const moved = await app.inject({ url, headers: { 'if-none-match': a.headers.etag as string } });
  t.equal(moved.statusCode, 200, 'a move changes the picture');
  t.not(moved.headers.etag, a.headers.etag);
});

t.test('?tile sets the size and ?legal=1 marks the positions the legal moves name', async (t) => {
  const app = await testApp(t);
  const game = await createGame(app, BOTH);
  const small = await app.inject({ url: `/games/${game.id}/board.svg?tile=16` });
  const big = await app.inject({ url: `/games/${game.id}/board.svg?tile=256` });
  const width = (body: string) => Number(/width="([\d.]+)"/.exec(body)![1]);
  t.equal(width(big.body) / width(small.body), 16);

  const lm = await legal(app, game.id);
  const spots = new Set(lm.moves.filter((m) => m.type === 'placeTile').map((m) => [m.x, m.y].join(',')));
  t.ok(spots.size > 0, 'the drawn tile has positions');
  const marked = await app.inject({ url: `/games/${game.id}/board.svg?legal=1` });
  const drawn = [...marked.body.matchAll(/class="legal" data-x="(-?\d+)" data-y="(-?\d+)"/g)].map(
    (m) => `${m[1]},${m[2]}`,
  );
  t.same(new Set(drawn), spots);
  t.equal(drawn.length, spots.size, 'each position once');
  t.notMatch((await app.inject({ url: `/games/${game.id}/board.svg?legal=0` })).body, /class="legal"/);
});

t.test('board.svg: an unknown game is 404 and a bad query 400, as problem+json', async (t) => {
  const app = await testApp(t);
  const game = await createGame(app);
  const missing = await app.inject({ url: '/games/no-such-game/board.svg' });
  t.equal(missing.statusCode, 404);
  t.match(missing.headers['content-type'], /^application\/problem\+json/);
  t.equal(missing.json().code, 'GAME_NOT_FOUND');
  for (const query of ['tile=8', 'tile=1000', 'tile=big', 'tile=64.5', 'legal=2', 'legal=yes', 'zoom=2']) {
    const res = await app.inject({ url: `/games/${game.id}/board.svg?${query}` });
    t.equal(res.statusCode, 400, query);
    t.equal(res.json().code, 'BAD_REQUEST', query);
  }
});

t.test('GET /tiles/{id}.svg draws one tile, turned on request', async (t) => {
  const app = await testApp(t);
  for (const id of ['base/A', 'traders-builders/K', 'abbey-mayor/A']) {
    const res = await app.inject({ url: `/tiles/${id}.svg` });
    t.equal(res.statusCode, 200, id);
    t.match(res.headers['content-type'], /^image\/svg\+xml/);
    t.match(res.body, new RegExp(`data-tile="${id}" data-rotation="0"`));
  }
  const turned = await app.inject({ url: '/tiles/base/D.svg?rotation=90&tile=128' });
  t.match(turned.body, /data-rotation="90"/);
  t.match(turned.body, /width="128" height="128"/);
  const again = await app.inject({
    url: '/tiles/base/D.svg?rotation=90&tile=128',
    headers: { 'if-none-match': turned.headers.etag as string },
  });
  t.equal(again.statusCode, 304);
});

t.test('tiles svg: an unknown tile is 404 and a bad rotation 400, as problem+json', async (t) => {
  const app = await testApp(t);
  for (const url of ['/tiles/base/Z.svg', '/tiles/nowhere/A.svg']) {
    const res = await app.inject({ url });
    t.equal(res.statusCode, 404, url);
    t.match(res.headers['content-type'], /^application\/problem\+json/);
  }
  for (const query of ['rotation=45', 'rotation=360', 'rotation=-90', 'rotation=x', 'tile=2', 'colour=red']) {
    const res = await app.inject({ url: `/tiles/base/D.svg?${query}` });
    t.equal(res.statusCode, 400, query);
    t.match(res.headers['content-type'], /^application\/problem\+json/);
  }
});
