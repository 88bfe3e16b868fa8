/**
 * Which webhook URLs are taken (`service/webhooks/webhook-url.ts`): https:// to public addresses, http://
 * and private addresses only for listed hosts; refused at subscription and again at every send.
 */
import t from 'tap';
import { buildApp } from '../../src/app.js';
import { postDelivery } from '../../src/service/webhooks/webhook-post.js';
import { checkWebhookUrl, isForbiddenAddress } from '../../src/service/webhooks/webhook-url.js';

const none = { allowHosts: new Set<string>() };

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
  const listed = { allowHosts: new Set(['127.0.0.1', 'localhost']) };
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
    error: /localhost resolves to (127\.0\.0\.1|::1), an address webhooks may not reach/,
  });
  const literal = await postDelivery('https://10.0.0.1/hook', '{}', {}, none, { connectMs: 1000, responseMs: 1000 });
  t.match(literal, { ok: false, error: /10\.0\.0\.1 is an address webhooks may not reach/ });
  const http = await postDelivery('http://localhost:1/hook', '{}', {}, none, { connectMs: 1000, responseMs: 1000 });
  t.match(http, { ok: false, error: /https/ }, 'http:// to a host no longer listed');
});

t.test('the routes answer 422 WEBHOOK_URL_REFUSED for a private address, at creation and later', async (t) => {
  const app = await buildApp({ webhooks: { allowHosts: new Set() } });
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
