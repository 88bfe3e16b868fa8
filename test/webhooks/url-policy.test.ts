/**
 * Which webhook URLs are taken (`service/webhooks/webhook-url.ts`): https:// to public addresses, http://
 * and private addresses only for listed hosts; refused at subscription and again at every send.
 */
import t from 'tap';
import { buildApp } from '../../src/app.js';
import { postDelivery } from '../../src/service/webhooks/webhook-post.js';
import { hostResolver } from '../../src/service/webhooks/webhook-dns.js';
import {
  ADDRESS_REFUSED,
  checkWebhookUrl,
  isForbiddenAddress,
  parseAllowHosts,
} from '../../src/service/webhooks/webhook-url.js';
import { startDnsStub } from '../helpers/dns-stub.js';

const none = { allowHosts: [] };

t.test("addresses inside the server's networks are forbidden, public ones are not", async (t) => {
  for (const a of [
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '::',
    'fe80::1',
    'fd00:ec2::254',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '224.0.0.1',
  ]) {
    t.ok(isForbiddenAddress(a), `${a} forbidden`);
  }
  for (const a of ['93.184.215.14', '8.8.8.8', '2606:4700::1111', '172.32.0.1'])
    t.notOk(isForbiddenAddress(a), `${a} allowed`);
});

t.test('refused at subscription: private addresses, names resolving to them, http://, credentials', async (t) => {
  for (const url of [
    'https://127.0.0.1/hook',
    'https://10.0.0.7/hook',
    'https://169.254.169.254/latest/meta-data',
    'https://[::1]:8443/',
    'https://localhost/hook',
    'http://hooks.example/',
    'https://user:pw@hooks.example/',
    'ftp://hooks.example/',
    'not a url',
  ]) {
    await t.rejects(checkWebhookUrl(url, none), { code: 'WEBHOOK_URL_REFUSED' }, url);
  }
  const listed = { allowHosts: parseAllowHosts('127.0.0.1:9,localhost') };
  t.equal(
    (await checkWebhookUrl('http://127.0.0.1:9/hook', listed)).host,
    '127.0.0.1:9',
    'a listed host: http:// and a private address',
  );
  t.equal((await checkWebhookUrl('https://localhost/hook', listed)).hostname, 'localhost');
});

t.test('refused again at every send: a name that resolves to a private address now is not connected to', async (t) => {
  const outcome = await postDelivery('https://localhost:1/hook', '{}', {}, none, { connectMs: 1000, responseMs: 1000 });
  t.match(outcome, {
    ok: false,
    status: null,
    error: ADDRESS_REFUSED,
  });
  const literal = await postDelivery('https://10.0.0.1/hook', '{}', {}, none, { connectMs: 1000, responseMs: 1000 });
  t.match(literal, { ok: false, error: ADDRESS_REFUSED });
  const http = await postDelivery('http://localhost:1/hook', '{}', {}, none, { connectMs: 1000, responseMs: 1000 });
  t.match(http, { ok: false, error: /https/ }, 'http:// to a host no longer listed');
});

t.test('the routes answer 422 WEBHOOK_URL_REFUSED for a private address, at creation and later', async (t) => {
  const app = await buildApp({ webhooks: { allowHosts: [] } });
  t.teardown(() => app.close());
  const create = (webhook: unknown) =>
    app.inject({ method: 'POST', url: '/games', payload: { players: [{ name: 'Ann' }, { name: 'Bob' }], webhook } });
  const refused = await create({ url: 'https://192.168.0.10/hook' });
  t.equal(refused.statusCode, 422);
  t.equal(refused.json().code, 'WEBHOOK_URL_REFUSED');
  t.equal((await create({ url: 'https://hooks.example/', extra: 1 })).statusCode, 400, 'a bad shape is 400');
  const game = (await create(undefined)).json();
  t.notOk('webhook' in game, 'no webhook asked, none answered');
  const put = (url: string, token: string) =>
    app.inject({
      method: 'PUT',
      url: `/games/${game.id}/webhook`,
      payload: { url },
      headers: { authorization: `Bearer ${token}` },
    });
  t.equal((await put('https://169.254.169.254/', game.adminToken)).json().code, 'WEBHOOK_URL_REFUSED');
  t.equal((await put('https://hooks.example/', game.seats[0].token)).statusCode, 403, 'only the admin token');
  const deliveries = await app.inject({
    method: 'GET',
    url: `/games/${game.id}/webhook/deliveries`,
    headers: { authorization: `Bearer ${game.adminToken}` },
  });
  t.same(deliveries.json(), { deliveries: [] }, 'no webhook, no deliveries');
});

t.test(
  'IPv6 forms that embed an IPv4 address are forbidden (IPv4-compatible, translated, NAT64, 6to4, Teredo)',
  async (t) => {
    for (const a of [
      '::127.0.0.1',
      '::ffff:0:7f00:1',
      '64:ff9b::7f00:1',
      '64:ff9b:1::7f00:1',
      '2002:7f00:1::1',
      '2002:a00:1::1',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    ]) {
      t.ok(isForbiddenAddress(a), `${a} forbidden`);
      await t.rejects(checkWebhookUrl(`https://[${a}]/hook`, none), { code: 'WEBHOOK_URL_REFUSED' }, `https://[${a}]/`);
    }
  },
);

t.test(
  'a refusal names no address and no DNS error: internal names, unknown names and literals read alike',
  async (t) => {
    const dns = await startDnsStub(t, { 'internal-db.test': '10.1.2.3', 'hooks.test': '93.184.215.14' });
    const policy = { allowHosts: [], resolve: hostResolver({ servers: [dns.server] }) };
    for (const url of ['https://internal-db.test/hook', 'https://nowhere.test/hook', 'https://10.1.2.3/hook']) {
      const error = await checkWebhookUrl(url, policy).then(
        () => undefined,
        (e: Error & { code?: string }) => e,
      );
      t.match(error, { code: 'WEBHOOK_URL_REFUSED', message: ADDRESS_REFUSED }, url);
      t.notMatch(
        error?.message,
        /10\.1\.2\.3|resolve[sd]? to|EAI_|ENOTFOUND|ENODATA/,
        `${url}: nothing of the network`,
      );
    }
    t.equal((await checkWebhookUrl('https://hooks.test/hook', policy)).hostname, 'hooks.test', 'a public name passes');
    t.ok(dns.asked.includes('internal-db.test'), 'the names went to the configured server');

    const app = await buildApp({ webhooks: { allowHosts: [], dns: { servers: [dns.server] } } });
    t.teardown(() => app.close());
    const refused = await app.inject({
      method: 'POST',
      url: '/games',
      payload: { players: [{ name: 'Ann' }, { name: 'Bob' }], webhook: { url: 'https://internal-db.test/hook' } },
    });
    t.equal(refused.statusCode, 422);
    t.equal(refused.json().code, 'WEBHOOK_URL_REFUSED');
    t.notMatch(refused.body, /10\.1\.2\.3/, 'the answer does not say where the name points');
  },
);

t.test('an allowed host opens only the port (and path prefix) it is listed with', async (t) => {
  t.same(parseAllowHosts(' Hooks.Example, 127.0.0.1:8080/hooks/,[::1]:9000,h:80/a'), [
    { host: 'hooks.example', port: '', path: '' },
    { host: '127.0.0.1', port: '8080', path: '/hooks/' },
    { host: '::1', port: '9000', path: '' },
    { host: 'h', port: '80', path: '/a/' },
  ]);
  t.throws(() => parseAllowHosts('user@h'), /WEBHOOK_ALLOW_HOSTS/);
  const bare = { allowHosts: parseAllowHosts('127.0.0.1') };
  t.equal((await checkWebhookUrl('http://127.0.0.1/hook', bare)).host, '127.0.0.1', 'no port: the default one');
  for (const url of ['http://127.0.0.1:8080/hook', 'http://127.0.0.1:3000/games', 'https://127.0.0.1:5432/']) {
    await t.rejects(checkWebhookUrl(url, bare), { code: 'WEBHOOK_URL_REFUSED' }, `${url}: another port`);
  }
  const prefixed = { allowHosts: parseAllowHosts('127.0.0.1:8080/hooks/') };
  for (const url of [
    'http://127.0.0.1:8080/hooks/a',
    'http://127.0.0.1:8080/hooks',
    'http://127.0.0.1:8080/hooks/a/b?x=1',
  ]) {
    t.ok(await checkWebhookUrl(url, prefixed), `${url} allowed`);
  }
  for (const url of [
    'http://127.0.0.1:8080/hooksx',
    'http://127.0.0.1:8080/other',
    'http://127.0.0.1:8080/hooks/../admin',
    'http://127.0.0.1:8081/hooks/a',
    'http://127.0.0.1/hooks/a',
  ]) {
    await t.rejects(checkWebhookUrl(url, prefixed), { code: 'WEBHOOK_URL_REFUSED' }, `${url} refused`);
  }
  const sent = await postDelivery('http://127.0.0.1:3000/games', '{}', {}, bare, { connectMs: 1000, responseMs: 1000 });
  t.match(sent, { ok: false, status: null }, 'nor sent to another port later');

  const app = await buildApp({ webhooks: { allowHosts: parseAllowHosts('127.0.0.1:8080/hooks/') } });
  t.teardown(() => app.close());
  const create = (url: string) =>
    app.inject({
      method: 'POST',
      url: '/games',
      payload: { players: [{ name: 'Ann' }, { name: 'Bob' }], webhook: { url } },
    });
  t.equal((await create('http://127.0.0.1:3000/games')).json().code, 'WEBHOOK_URL_REFUSED', 'the API itself');
  t.equal((await create('http://127.0.0.1:8080/hooks/carcassonne')).statusCode, 201, 'the listed receiver');
});

t.test("lookups whose DNS never answers hold up no other subscription's lookup, and time out", async (t) => {
  const held = Array.from({ length: 8 }, (_, i) => `slow${i}.test`);
  const dns = await startDnsStub(t, { 'hooks.test': '93.184.215.14' }, held);
  const policy = { allowHosts: [], resolve: hostResolver({ servers: [dns.server], timeoutMs: 60_000 }) };
  let pending = held.length;
  const slow = held.map((name) =>
    checkWebhookUrl(`https://${name}/hook`, policy)
      .then(
        () => 'allowed',
        (e: { code?: string }) => e.code,
      )
      .finally(() => pending--),
  );
  t.equal((await checkWebhookUrl('https://hooks.test/hook', policy)).hostname, 'hooks.test');
  t.equal(pending, held.length, 'answered while the eight lookups still wait for their DNS');
  dns.release();
  t.same(
    await Promise.all(slow),
    held.map(() => 'WEBHOOK_URL_REFUSED'),
    'then each is refused',
  );

  const never = await startDnsStub(t, {}, ['never.test']);
  const timedOut = { allowHosts: [], resolve: hostResolver({ servers: [never.server], timeoutMs: 50 }) };
  await t.rejects(
    checkWebhookUrl('https://never.test/hook', timedOut),
    { code: 'WEBHOOK_URL_REFUSED' },
    'a lookup times out',
  );
});
