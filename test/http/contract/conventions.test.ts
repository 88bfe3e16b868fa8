import t from 'tap';
import { parseCorsOrigins } from '../../../src/http/cors.js';
import { createGame, playFirstLegal, testApp } from '../helpers/app.js';
import { conforms, SCHEMAS } from '../helpers/schema.js';

const { MoveLog } = SCHEMAS;

t.test('CORS_ORIGINS is a comma-separated list, or *, or nothing', async (t) => {
  t.same(parseCorsOrigins(undefined), []);
  t.same(parseCorsOrigins(' '), []);
  t.equal(parseCorsOrigins('*'), '*');
  t.same(parseCorsOrigins('https://a.example, https://b.example,'), ['https://a.example', 'https://b.example']);
});

t.test('an allowed origin gets CORS headers and its preflights; others get none', async (t) => {
  const app = await testApp(t, { corsOrigins: ['https://bots.example'] });
  const game = await createGame(app);
  const read = await app.inject({ url: `/games/${game.id}`, headers: { origin: 'https://bots.example' } });
  t.equal(read.headers['access-control-allow-origin'], 'https://bots.example');
  for (const header of ['retry-after', 'etag', 'location', 'idempotent-replayed', 'preference-applied']) {
    t.match(String(read.headers['access-control-expose-headers']).toLowerCase(), header, `exposes ${header}`);
  }
  const preflight = await app.inject({
    method: 'OPTIONS',
    url: `/games/${game.id}/moves`,
    headers: {
      origin: 'https://bots.example',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization, content-type, idempotency-key, prefer',
    },
  });
  t.equal(preflight.statusCode, 204);
  t.match(preflight.headers['access-control-allow-methods'], /POST/);
  for (const header of [
    'authorization',
    'content-type',
    'idempotency-key',
    'prefer',
    'if-none-match',
    'last-event-id',
  ]) {
    t.match(String(preflight.headers['access-control-allow-headers']).toLowerCase(), header, `allows ${header}`);
  }
  const stranger = await app.inject({ url: `/games/${game.id}`, headers: { origin: 'https://evil.example' } });
  t.equal(stranger.headers['access-control-allow-origin'], undefined);
});

t.test('by default no origin is allowed, and * allows every one', async (t) => {
  const closed = await testApp(t);
  t.equal(
    (await closed.inject({ url: '/health', headers: { origin: 'https://a.example' } })).headers[
      'access-control-allow-origin'
    ],
    undefined,
  );
  const open = await testApp(t, { corsOrigins: '*' });
  t.equal(
    (await open.inject({ url: '/health', headers: { origin: 'https://a.example' } })).headers[
      'access-control-allow-origin'
    ],
    '*',
  );
});

t.test(
  'the state, legal moves, log and events carry an ETag; If-None-Match answers 304 until the game moves',
  async (t) => {
    const app = await testApp(t);
    const game = await createGame(app);
    for (const path of ['', '/legal-moves', '/moves', '/events', '/events?after=0']) {
      const url = `/games/${game.id}${path}`;
      const first = await app.inject({ url });
      const tag = first.headers.etag as string;
      t.ok(tag, `${path} has an ETag`);
      const same = await app.inject({ url, headers: { 'if-none-match': tag } });
      t.equal(same.statusCode, 304, `${path} unchanged`);
      t.equal(same.body, '');
      t.equal(
        (await app.inject({ url, headers: { 'if-none-match': '"other", ' + tag.replace('W/', '') } })).statusCode,
        304,
        'weak comparison, lists',
      );
      t.equal((await app.inject({ url, headers: { 'if-none-match': '"other"' } })).statusCode, 200);
    }
    const before = (await app.inject({ url: `/games/${game.id}` })).headers.etag as string;
    await playFirstLegal(app, game);
    const after = await app.inject({ url: `/games/${game.id}`, headers: { 'if-none-match': before } });
    t.equal(after.statusCode, 200, 'a move changes the tag');
    t.not(after.headers.etag, before);
  },
);

t.test('the lobby carries an ETag of its page; If-None-Match answers 304 until the page changes', async (t) => {
  const app = await testApp(t);
  await createGame(app, { players: [{ name: 'Ann' }, { open: true }], visibility: 'public' });
  const url = '/games?status=waiting';
  const first = await app.inject({ url });
  const tag = first.headers.etag as string;
  t.ok(tag, 'has an ETag');
  const same = await app.inject({ url, headers: { 'if-none-match': tag } });
  t.equal(same.statusCode, 304, 'unchanged');
  t.equal(same.body, '');
  await createGame(app, { players: [{ name: 'Cleo' }, { open: true }], visibility: 'public' });
  const changed = await app.inject({ url, headers: { 'if-none-match': tag } });
  t.equal(changed.statusCode, 200, 'a new public game changes the page');
  t.equal(changed.json().games.length, 2);
  t.not(changed.headers.etag, tag);
});

t.test('a 415 names the content type to send', async (t) => {
  const app = await testApp(t);
  const res = await app.inject({
    method: 'POST',
    url: '/games',
    headers: { 'content-type': 'text/plain' },
    payload: '{}',
  });
  t.equal(res.statusCode, 415);
  t.match(res.json(), { code: 'UNSUPPORTED_MEDIA_TYPE', detail: /application\/json/ });
});

t.test('the move log pages with after and limit, linking the next page', async (t) => {
  const app = await testApp(t);
  const game = await createGame(app);
  for (let i = 0; i < 5; i++) await playFirstLegal(app, game);
  const first = await app.inject({ url: `/games/${game.id}/moves?limit=2` });
  conforms(t, MoveLog, first.json(), 'page');
  t.same(
    first.json().moves.map((m: { seq: number }) => m.seq),
    [1, 2],
  );
  const next = first.json().next;
  t.equal(next, `/games/${game.id}/moves?after=2&limit=2`);
  t.equal(first.headers.link, `<${next}>; rel="next"`);
  const seqs: number[] = [1, 2];
  let url: string | undefined = next;
  while (url) {
    const page = (await app.inject({ url })).json();
    seqs.push(...page.moves.map((m: { seq: number }) => m.seq));
    url = page.next;
  }
  t.same(seqs, [1, 2, 3, 4, 5], 'every move once, in order');
  const all = (await app.inject({ url: `/games/${game.id}/moves` })).json();
  t.equal(all.moves.length, 5);
  t.equal(all.next, undefined, 'a page not full is the last');
  for (const query of ['limit=0', 'limit=1001', 'after=-1', 'page=2']) {
    t.equal((await app.inject({ url: `/games/${game.id}/moves?${query}` })).statusCode, 400, query);
  }
});

t.test('an unrouted method on a known path answers 405 with Allow', async (t) => {
  const app = await testApp(t);
  const game = await createGame(app);
  for (const [method, url, allow] of [
    ['DELETE', `/games/${game.id}`, 'GET, HEAD'],
    ['PUT', `/games/${game.id}/moves`, 'GET, HEAD, POST'],
    ['DELETE', '/games', 'GET, HEAD, POST'],
    ['POST', '/tiles/base/A.svg', 'GET, HEAD'],
  ] as const) {
    const res = await app.inject({ method, url });
    t.equal(res.statusCode, 405, `${method} ${url}`);
    t.equal(res.headers.allow, allow);
    t.match(res.headers['content-type'], /^application\/problem\+json/);
    t.match(res.json(), { status: 405, code: 'METHOD_NOT_ALLOWED' });
  }
  t.equal((await app.inject({ method: 'DELETE', url: '/nowhere' })).statusCode, 404, 'an unknown path stays 404');
});
