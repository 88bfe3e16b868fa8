/**
 * Both clients cover the whole API: every operation of the OpenAPI document has a method named
 * by its operationId, camelCase in the TypeScript client (clients/typescript) and snake_case in
 * the Python one (clients/python, listed by python3 itself). Then the TypeScript client's errors:
 * the API's are typed (`status`, `code`, `detail`), an answer that is not the API's says so; and
 * its webhook `verify()` against deliveries a real server signed, and its webhook's format read
 * back with `getWebhook`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { createServer as createHttpServer } from 'node:http';
import t from 'tap';
import { ApiProblem, CarcassonneClient, UnexpectedAnswer, verify } from '../../clients/typescript/src/index.js';
import { tempDatabase } from '../helpers/temp-database.js';
import { startServer } from '../helpers/server-process.js';
import { parseAllowHosts } from '../../src/service/webhooks/webhook-url.js';
import { startReceiver } from '../helpers/webhook-receiver.js';
import { testApp } from './helpers/app.js';

const root = new URL('../../', import.meta.url).pathname;
const openapi = JSON.parse(readFileSync(`${root}openapi/openapi.json`, 'utf8')) as {
  paths: Record<string, Record<string, { operationId: string }>>;
};
const operationIds = Object.values(openapi.paths).flatMap((path) => Object.values(path).map((op) => op.operationId));
const snake = (id: string) => id.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The operations with no method among `methods`, named as `name` spells them. */
const missing = (methods: readonly string[], name: (id: string) => string) =>
  operationIds.map(name).filter((m) => !methods.includes(m));

t.test('the mapping names a missing method (the check can fail)', async (t) => {
  t.ok(operationIds.length >= 20, `${operationIds.length} operations read`);
  t.same(
    missing(operationIds.slice(1), (id) => id),
    [operationIds[0]],
  );
  t.equal(snake('listWebhookDeliveries'), 'list_webhook_deliveries');
});

t.test('the TypeScript client has a method per operationId', async (t) => {
  const proto = CarcassonneClient.prototype as unknown as Record<string, unknown>;
  const methods = operationIds.filter((id) => typeof proto[id] === 'function');
  t.same(
    missing(methods, (id) => id),
    [],
    'every operation has its camelCase method',
  );
});

/** The Python client's public methods, as python3 lists them; undefined without python3. */
function pythonMethods(): string[] | undefined {
  try {
    const out = execFileSync(
      'python3',
      [
        '-c',
        'import inspect, json, carcassonne_client as c; print(json.dumps([n for n, _ in inspect.getmembers(c.CarcassonneClient, callable) if not n.startswith("_")]))',
      ],
      { cwd: `${root}clients/python`, encoding: 'utf8' },
    );
    return JSON.parse(out) as string[];
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return undefined;
    throw error;
  }
}

t.test(
  'the Python client has a method per operationId, in snake_case',
  {
    skip: existsSync('/usr/bin/python3') || process.env.CI ? false : 'no python3 here',
  },
  async (t) => {
    const methods = pythonMethods() ?? [];
    t.same(missing(methods, snake), [], 'every operation has its snake_case method');
  },
);

t.test('an error of the API is typed; an answer that is not the API is told as such', async (t) => {
  const app = await testApp(t);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const api = new CarcassonneClient({ baseUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` });
  const notFound = await api.getGame('no-such-game').catch((e: unknown) => e);
  t.ok(notFound instanceof ApiProblem);
  t.match(notFound, { status: 404, code: 'GAME_NOT_FOUND', detail: /\S/ });

  // Another server: an HTML page with 200, an empty 404, a JSON 500 that is not a problem.
  const other = createHttpServer((req, res) => {
    if (req.url === '/games/x') res.writeHead(200, { 'content-type': 'text/html' }).end('<html>hello</html>');
    else if (req.url === '/tiles') res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":1}');
    else res.writeHead(404).end();
  });
  await new Promise<void>((done) => other.listen(0, '127.0.0.1', done));
  t.teardown(() => new Promise((done) => other.close(done)));
  const wrong = new CarcassonneClient({ baseUrl: `http://127.0.0.1:${(other.address() as AddressInfo).port}` });
  const cases: [string, () => Promise<unknown>, RegExp][] = [
    [
      'an HTML 200',
      () => wrong.getGame('x'),
      /answered 200 with text\/html: "<html>hello<\/html>", not the Carcassonne API's JSON/,
    ],
    ['an empty 404', () => wrong.getHealth(), /answered 404 with an empty body, not the Carcassonne API's JSON/],
    ['a JSON 500 that is no problem', () => wrong.listTiles(), /answered 500 with application\/json/],
    ['a stream that is not one', () => wrong.streamGame('y').next(), /answered 404 with an empty body/],
  ];
  for (const [name, call, message] of cases) {
    const error = await call().catch((e: unknown) => e);
    t.ok(error instanceof UnexpectedAnswer, name);
    t.match(error, { code: 'UNEXPECTED_ANSWER', message }, name);
    t.notMatch(String(error), /SyntaxError|JSON input/, `${name}: no parser error`);
  }
  // Nobody listening: fetch's own error, as before.
  const closed = createServer();
  await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
  const port = (closed.address() as AddressInfo).port;
  await new Promise((done) => closed.close(done));
  await t.rejects(new CarcassonneClient({ baseUrl: `http://127.0.0.1:${port}` }).getHealth(), TypeError);
});

t.test(
  'verify() accepts the deliveries a server signed, and refuses them altered, late or with another secret',
  async (t) => {
    const receiver = await startReceiver(t);
    const server = await startServer(t, tempDatabase(t), {
      WEBHOOK_ALLOW_HOSTS: new URL(receiver.url).host,
      WEBHOOK_POLL_MS: '50',
    });
    const api = new CarcassonneClient({ baseUrl: server.url });
    const game = await api.createGame({ players: [{ name: 'Ann' }, { open: true }], webhook: { url: receiver.url } });
    await api.joinSeat(game.id, 1, 'Bob');
    await receiver.until((r) => r.filter((d) => d.gameId === game.id).length >= 2);
    const secret = game.webhook!.secret;
    for (const d of receiver.received.filter((r) => r.gameId === game.id)) {
      const t0 = Number(/t=(\d+)/.exec(d.signature)![1]);
      t.ok(await verify(secret, d.signature, d.body, { now: t0 }), `${d.type} v${d.version} verifies`);
      t.notOk(
        await verify(secret, d.signature, d.body.replace('"version"', '"version" '), { now: t0 }),
        'altered body',
      );
      t.notOk(await verify(`${secret}x`, d.signature, d.body, { now: t0 }), 'another secret');
      t.notOk(await verify(secret, d.signature, d.body, { now: t0 + 301 }), 'too late: a replay');
    }
    t.notOk(await verify(secret, 'v1=zz', '{}'), 'a malformed header');
  },
);

t.test("getWebhook reads the webhook's URL and format, never its secret; none is WEBHOOK_NOT_FOUND", async (t) => {
  // No sender: nothing is posted to this port, the URL only has to be one the policy takes.
  const app = await testApp(t, { webhooks: { allowHosts: parseAllowHosts('127.0.0.1:9') } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const api = new CarcassonneClient({ baseUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` });
  const url = 'http://127.0.0.1:9/hook';
  const game = await api.createGame({ players: [{ name: 'Ann' }, { name: 'Bob' }], webhook: { url, format: 'slack' } });
  t.match(game.webhook, { url, format: 'slack', secret: /^whsec_/ });
  t.same(await api.getWebhook(game.id, game.adminToken), { url, format: 'slack' });
  t.match(await api.subscribeWebhook(game.id, game.adminToken, { url, format: 'discord' }), { url, format: 'discord' });
  t.same(await api.getWebhook(game.id, game.adminToken), { url, format: 'discord' });
  await api.removeWebhook(game.id, game.adminToken);
  const none = await api.getWebhook(game.id, game.adminToken).catch((e: unknown) => e);
  t.ok(none instanceof ApiProblem);
  t.match(none, { status: 404, code: 'WEBHOOK_NOT_FOUND' });
  const refused = await api
    .subscribeWebhook(game.id, game.adminToken, { url, format: 'markdown' as never })
    .catch((e: unknown) => e);
  t.match(refused, { status: 400, code: 'BAD_REQUEST' }, 'an unknown format');
});
