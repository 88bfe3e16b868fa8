import t from 'tap';
import { conforms, SCHEMAS } from '../helpers/schema.js';
import { testApp } from '../helpers/app.js';

const { TileCatalogResponse } = SCHEMAS;

t.test('GET /health answers ok', async (t) => {
  const app = await testApp(t);
  const res = await app.inject({ url: '/health' });
  t.equal(res.statusCode, 200);
  t.same(res.json(), { status: 'ok', store: 'ok' });
});

t.test('GET /tiles lists every tile with its features at rotation 0 and the counts per set', async (t) => {
  const app = await testApp(t);
  const res = await app.inject({ url: '/tiles' });
  t.equal(res.statusCode, 200);
  const body = res.json();
  conforms(t, TileCatalogResponse, body, 'tile catalog');
  t.same(body.sets, { base: 72, 'traders-builders': 24, 'abbey-mayor': 18, 'inns-cathedrals': 18 });
  const ids = body.tiles.map((tile: { id: string }) => tile.id);
  t.ok(ids.includes('base/D') && ids.includes('abbey-mayor/A') && ids.includes('traders-builders/X'));
  const start = body.tiles.find((tile: { id: string }) => tile.id === 'base/D');
  t.equal(start.startTile, true);
  t.same(start.features[1], { kind: 'road', edges: ['W', 'E'] }, 'features keep their catalog index');
});

t.test('the Swagger UI is served at /docs', async (t) => {
  const app = await testApp(t);
  const res = await app.inject({ url: '/docs' });
  t.equal(res.statusCode, 200);
  t.match(res.headers['content-type'], /text\/html/);
  const spec = await app.inject({ url: '/docs/json' });
  t.equal(spec.statusCode, 200);
  t.equal(spec.json().info.title, 'Carcassonne game-state API');
});

t.test('an unknown route answers a 404 problem', async (t) => {
  const app = await testApp(t);
  const res = await app.inject({ url: '/nowhere?x=1' });
  t.equal(res.statusCode, 404);
  t.match(res.headers['content-type'], /^application\/problem\+json/);
  t.match(res.json(), { status: 404, code: 'ROUTE_NOT_FOUND', detail: 'no route GET /nowhere' });
});
