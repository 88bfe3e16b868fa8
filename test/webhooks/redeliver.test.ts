/**
 * A game's admin sends a delivery again (`POST /games/{id}/webhook/deliveries/{deliveryId}/redeliver`,
 * `docs/webhooks.md`): a delivery given up after its retries is pending again and reaches the
 * receiver with its first id and payload, and so does one already delivered; only the admin token
 * may, and an unknown delivery is 404.
 */
import t from 'tap';
import { buildApp } from '../../src/app.js';
import { parseAllowHosts } from '../../src/service/webhooks/webhook-url.js';
import { startReceiver } from '../helpers/webhook-receiver.js';
import { auth } from './helpers.js';

t.test('a failed delivery is sent again, with its id and payload, when the admin asks', async (t) => {
  let up = false;
  const receiver = await startReceiver(t, () => (up ? 200 : 500));
  const app = await buildApp({
    webhooks: {
      allowHosts: parseAllowHosts(new URL(receiver.url).host),
      sender: {
        retryDelaysMs: [1],
        timeouts: { connectMs: 60_000, responseMs: 60_000 },
        pollMs: 20,
        concurrency: 4,
        perHostPerMinute: 1000,
        perGamePerMinute: 1000,
      },
    },
  });
  t.teardown(() => app.close());
  const created = await app.inject({
    method: 'POST',
    url: '/games',
    payload: { players: [{ name: 'Ann' }, { name: 'Bob' }], webhook: { url: receiver.url } },
  });
  t.equal(created.statusCode, 201);
  const game = created.json();
  receiver.secrets.set(game.id, game.webhook.secret);
  const list = async () =>
    (
      await app.inject({
        url: `/games/${game.id}/webhook/deliveries`,
        headers: auth(game.adminToken),
      })
    ).json().deliveries as { id: string; status: string; attempts: number }[];
  // Given up after its one retry: two attempts, both answered 500.
  await receiver.until((r) => r.length === 2);
  let failed: { id: string; status: string; attempts: number } | undefined;
  while (!(failed = (await list()).find((d) => d.status === 'failed'))) await new Promise((r) => setTimeout(r, 20));
  t.match(failed, { status: 'failed', attempts: 2 });

  const redeliver = (deliveryId: string, token: string) =>
    app.inject({
      method: 'POST',
      url: `/games/${game.id}/webhook/deliveries/${encodeURIComponent(deliveryId)}/redeliver`,
      headers: auth(token),
    });
  t.equal((await redeliver(failed.id, game.seats[0].token)).statusCode, 403, "a seat's token may not");
  const unknown = await redeliver('d-none', game.adminToken);
  t.equal(unknown.statusCode, 404);
  t.equal(unknown.json().code, 'DELIVERY_NOT_FOUND');
  t.equal(receiver.received.length, 2, 'nothing sent for the refusals');

  up = true;
  const again = await redeliver(failed.id, game.adminToken);
  t.equal(again.statusCode, 202);
  t.match(again.json(), { id: failed.id, status: 'pending', attempts: 0 });
  await receiver.until((r) => r.length === 3);
  const [first, , third] = receiver.received;
  t.equal(third.id, first.id, 'the same delivery id');
  t.same(third.data, first.data, 'the same payload');
  t.equal(third.answer, 200);
  t.ok(third.verified, 'signed with the secret the game has');
  while ((await list()).find((d) => d.id === failed.id)?.status !== 'delivered')
    await new Promise((r) => setTimeout(r, 20));
  t.match(
    (await list()).find((d) => d.id === failed.id),
    { status: 'delivered', attempts: 1 },
  );

  // Any delivery, not only a failed one: the same one, delivered now (say its receiver lost it), goes again.
  const again2 = await redeliver(failed.id, game.adminToken);
  t.match(again2.json(), { id: failed.id, status: 'pending', attempts: 0 });
  await receiver.until((r) => r.length === 4);
  t.equal(receiver.received[3].id, failed.id, 'a delivered delivery is sent again when asked');
  t.same(receiver.received[3].data, first.data, 'with its payload');
  t.ok(receiver.received[3].verified);
});
