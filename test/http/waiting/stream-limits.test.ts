/**
 * What streams and long-polls may take, over real HTTP, the attacker on other loopback
 * addresses (127.0.0.2, 127.0.0.3): one address holds a few at most, all of them leave a
 * reserve of connections to `/health`, a stream ends after its lifetime and resumes without a
 * gap, and stream opens are budgeted per address.
 */
import type { AddressInfo } from 'node:net';
import t, { type Test } from 'tap';
import type { AppOptions } from '../../../src/app.js';
import { loadConfig } from '../../../src/config.js';
import { heldTotal } from '../../../src/http/held-requests.js';
import { DEFAULT_STREAM_LIMITS } from '../../../src/http/stream-limits.js';
import { createGame, playFirstLegal, testApp, type App } from '../helpers/app.js';
import { fromAddress } from '../helpers/from-address.js';
import { openStream, type SseReader } from '../helpers/sse.js';

async function listening(t: Test, options: Partial<AppOptions>): Promise<{ app: App; base: string }> {
  const app = await testApp(t, options);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

/** A GET from `localAddress`: status, Retry-After and the body's code. */
async function get(url: string, localAddress: string): Promise<{ status: number; retryAfter?: string; code?: string }> {
  const { origin, pathname, search } = new URL(url);
  const answer = await fromAddress(origin, localAddress).get(pathname + search);
  return {
    status: answer.status,
    retryAfter: answer.headers['retry-after'] as string | undefined,
    code: answer.body?.code,
  };
}

async function streams(t: Test, url: string, from: string, n: number): Promise<SseReader[]> {
  const opened: SseReader[] = [];
  for (let i = 0; i < n; i++) {
    const s = await openStream(url, {}, false, from);
    t.teardown(() => s.close());
    opened.push(s);
  }
  return opened;
}

t.test('the settings have defaults for a public server and are read from the environment', async (t) => {
  t.same(loadConfig({}).streams, DEFAULT_STREAM_LIMITS);
  t.same(DEFAULT_STREAM_LIMITS, {
    perAddress: 32,
    reservedConnections: 32,
    maxSeconds: 600,
    opens: { perSecond: 2, burst: 60 },
  });
  t.same(
    loadConfig({
      STREAMS_PER_ADDRESS: '4',
      RESERVED_CONNECTIONS: '10',
      STREAM_MAX_SECONDS: '60',
      STREAM_OPENS_PER_SECOND: '1',
      STREAM_OPENS_BURST: '5',
    }).streams,
    { perAddress: 4, reservedConnections: 10, maxSeconds: 60, opens: { perSecond: 1, burst: 5 } },
  );
  t.throws(() => loadConfig({ STREAM_MAX_SECONDS: '0' }), /STREAM_MAX_SECONDS must be an integer from 1/);
  t.equal(heldTotal(300, 32), 268, 'streams and long-polls leave the reserve of the connection cap');
  t.equal(heldTotal(20, 32), 10, 'a small cap keeps half for each');
  t.equal(heldTotal(undefined, 32), Infinity);
});

t.test(
  'one address holds STREAMS_PER_ADDRESS streams and long-polls; then 429, while others and /health are served',
  async (t) => {
    const { app, base } = await listening(t, { streams: { perAddress: 3 } });
    const game = await createGame(app);
    const url = `${base}/games/${game.id}/stream`;
    const mine = await streams(t, url, '127.0.0.2', 3);
    t.same(
      mine.map((s) => s.response.statusCode),
      [200, 200, 200],
    );
    const refused = await get(url, '127.0.0.2');
    t.match(
      refused,
      { status: 429, code: 'RATE_LIMITED', retryAfter: '5' },
      'a fourth stream of the address is refused at once',
    );
    t.match(
      await get(`${base}/games/${game.id}/events?after=0&wait=20`, '127.0.0.2'),
      { status: 429 },
      'so is a long-poll',
    );
    t.match(await get(`${base}/health`, '127.0.0.2'), { status: 200 }, '/health is no stream');
    const other = await streams(t, url, '127.0.0.3', 1);
    t.equal(other[0].response.statusCode, 200, 'another address is served');
    t.equal((await other[0].next()).event, 'state');
    mine[0].close();
    // The slot comes back when the server sees the close: ask until it does (the bound, 2 min,
    // only ends a test that would hang).
    let again = await openStream(url, {}, false, '127.0.0.2');
    for (let i = 0; again.response.statusCode !== 200 && i < 2400; i++) {
      again.close();
      await new Promise((r) => setTimeout(r, 50));
      again = await openStream(url, {}, false, '127.0.0.2');
    }
    t.teardown(() => again.close());
    t.equal(again.response.statusCode, 200, 'a closed stream gives its slot back');
  },
);

t.test('streams and long-polls of all addresses leave RESERVED_CONNECTIONS to short requests', async (t) => {
  const { app, base } = await listening(t, { maxConnections: 20, streams: { perAddress: 0, reservedConnections: 8 } });
  const game = await createGame(app);
  const url = `${base}/games/${game.id}/stream`;
  await streams(t, url, '127.0.0.2', 6);
  await streams(t, url, '127.0.0.3', 6);
  t.match(
    await get(url, '127.0.0.4'),
    { status: 503, code: 'TOO_MANY_CONNECTIONS', retryAfter: '5' },
    'the 13th is refused',
  );
  for (let i = 0; i < 5; i++) t.match(await get(`${base}/health`, '127.0.0.5'), { status: 200 }, '/health answers');
  t.match(await get(`${base}/games/${game.id}`, '127.0.0.5'), { status: 200 }, 'and so does a read');
});

t.test('a stream ends after STREAM_MAX_SECONDS, and its reader resumes with Last-Event-ID without a gap', async (t) => {
  const { app, base } = await listening(t, { streams: { maxSeconds: 1 } });
  const game = await createGame(app);
  const url = `${base}/games/${game.id}/stream`;
  const first = await openStream(url);
  t.teardown(() => first.close());
  t.equal((await first.next()).event, 'state');
  await playFirstLegal(app, game);
  t.equal((await first.next()).id, '1');
  const started = Date.now();
  await first.ended;
  // Its 1 s life ran out: the bound only keeps a stream the server never ends from hanging the test.
  t.ok(Date.now() - started < 60_000, 'the server ended it');
  await playFirstLegal(app, game);
  await playFirstLegal(app, game);
  const resumed = await openStream(url, { 'last-event-id': '1' });
  t.teardown(() => resumed.close());
  t.same(
    [(await resumed.next()).id, (await resumed.next()).id],
    ['2', '3'],
    'the moves played meanwhile, no state message',
  );
});

t.test('stream opens are budgeted per address (STREAM_OPENS_PER_SECOND, STREAM_OPENS_BURST)', async (t) => {
  // The budget's clock stands still: a slow machine's opens earn no token back meanwhile.
  const { app, base } = await listening(t, { streams: { opens: { perSecond: 1, burst: 2, now: () => 0 } } });
  const game = await createGame(app);
  const url = `${base}/games/${game.id}/stream`;
  const two = await streams(t, url, '127.0.0.2', 2);
  t.same(
    two.map((s) => s.response.statusCode),
    [200, 200],
  );
  const third = await get(url, '127.0.0.2');
  t.equal(third.status, 429);
  t.equal(third.code, 'RATE_LIMITED');
  t.ok(Number(third.retryAfter) >= 1, 'with Retry-After');
  const other = await streams(t, url, '127.0.0.3', 1);
  t.equal(other[0].response.statusCode, 200, 'another address has its own budget');
});
