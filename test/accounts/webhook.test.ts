/**
 * An account's webhook (`docs/accounts.md`), on SQLite and PostgreSQL: the events of its stream,
 * POSTed in order to a receiver on loopback, each the stream's own event (the same `id`s as the
 * long-poll), signed with the webhook's secret; a refused event is sent again until taken and
 * none after it goes first; two nodes sending deliver each event once; beyond the receiving host's
 * budget an event waits for the next minute.
 */
import type { Static } from 'typebox';
import t, { type Test } from 'tap';
import { testApp, type App } from '../http/helpers/app.js';
import { conforms } from '../http/helpers/schema.js';
import { forEachStore } from '../helpers/stores.js';
import { until } from '../helpers/until.js';
import { startReceiver, type Behaviour, type Receiver } from '../helpers/webhook-receiver.js';
import { tempDatabase } from '../helpers/temp-database.js';
import { parseAllowHosts } from '../../src/service/webhooks/webhook-url.js';
import { verifySignature } from '../../src/service/webhooks/webhook-signature.js';
import { AccountWebhookResponse, AccountWebhookSettingsResponse } from '../../src/http/schemas/webhooks.js';
import type { StoreLocation } from '../../src/storage/open-store.js';
import { keyed, newAccount, type TestAccount } from './helpers.js';

/** An app whose webhooks may reach `receiver`; `perHostPerMinute` and `now` as given, else no budget and the real clock. */
function hookedApp(
  t: Test,
  receiver: Receiver,
  database: StoreLocation,
  { perHostPerMinute = 10_000, now }: { perHostPerMinute?: number; now?: () => Date } = {},
): Promise<App> {
  return testApp(t, {
    database,
    now,
    accountRateLimit: { perSecond: 0, burst: 0 },
    webhooks: {
      allowHosts: parseAllowHosts(new URL(receiver.url).host),
      sender: {
        retryDelaysMs: [50, 50, 50],
        timeouts: { connectMs: 60_000, responseMs: 60_000 },
        pollMs: 20,
        concurrency: 8,
        perHostPerMinute,
        perGamePerMinute: 10_000,
      },
    },
  });
}

async function subscribe(app: App, account: TestAccount, url: string): Promise<string> {
  const res = await app.inject({
    method: 'PUT',
    url: '/accounts/me/webhook',
    headers: keyed(account),
    payload: { url },
  });
  if (res.statusCode !== 200) throw new Error(`subscribe: ${res.statusCode} ${res.body}`);
  return res.json<{ secret: string }>().secret;
}

/** Ann challenges Bob, then cancels, three times: six events for Bob's stream (a challenge and its cancel each). */
async function sixEvents(app: App, ann: TestAccount, bob: TestAccount): Promise<void> {
  for (let i = 0; i < 3; i++) {
    const made = await app.inject({
      method: 'POST',
      url: '/challenges',
      headers: keyed(ann),
      payload: { accounts: [bob.name] },
    });
    const id = made.json<{ id: string }>().id;
    await app.inject({ method: 'DELETE', url: `/challenges/${id}`, headers: keyed(ann) });
  }
}

/** Bob's events as the long-poll tells them, all of them. */
async function streamed(app: App, bob: TestAccount, kind: string): Promise<{ id: string; type: string }[]> {
  // Each store's cursor before any event.
  const first = kind === 'postgres' ? '0.0' : '0';
  const res = await app.inject({ url: `/accounts/me/events?after=${first}`, headers: keyed(bob) });
  if (res.statusCode !== 200) throw new Error(`events: ${res.statusCode} ${res.body}`);
  return res.json<{ events: { id: string; type: string }[] }>().events;
}

forEachStore(t, (t, stores) => {
  t.test("an account's webhook gets its stream's events from the subscription on, in order and signed", async (t) => {
    const receiver = await startReceiver(t);
    const app = await hookedApp(t, receiver, await stores.location(t));
    const ann = await newAccount(app);
    const bob = await newAccount(app);
    // Before the webhook: not sent.
    await app.inject({ method: 'POST', url: '/challenges', headers: keyed(ann), payload: { accounts: [bob.name] } });
    const res = await app.inject({
      method: 'PUT',
      url: '/accounts/me/webhook',
      headers: keyed(bob),
      payload: { url: receiver.url },
    });
    t.equal(res.statusCode, 200, res.body);
    conforms(t, AccountWebhookResponse, res.json(), 'subscribed');
    const secret = res.json().secret;
    await sixEvents(app, ann, bob);
    await receiver.until((r) => r.length >= 6);
    const want = (await streamed(app, bob, stores.kind)).slice(1);
    t.same(
      receiver.received.map((r) => [r.id, r.type]),
      want.map((e) => [e.id, e.type]),
      "the stream's events after the subscription, by their ids, in order",
    );
    t.same(
      want.map((e) => e.type),
      ['challenge', 'challengeCanceled', 'challenge', 'challengeCanceled', 'challenge', 'challengeCanceled'],
    );
    t.ok(
      receiver.received.every((r) => verifySignature(secret, r.signature, r.body)),
      "each signed with the webhook's secret",
    );
    t.match(JSON.parse(receiver.received[0].body), { type: 'challenge', challenger: ann.name, at: String });
    // The receiver holds the last event before the sender has its answer and records it.
    let settings: Static<typeof AccountWebhookSettingsResponse> | undefined;
    await until(
      async () => {
        const read = await app.inject({ url: '/accounts/me/webhook', headers: keyed(bob) });
        settings = read.json<Static<typeof AccountWebhookSettingsResponse>>();
        return settings.lastStatus !== null;
      },
      undefined,
      'the sender to record an answer',
    );
    conforms(t, AccountWebhookSettingsResponse, settings, 'settings');
    t.same(settings, { url: receiver.url, attempts: 0, lastStatus: 200, lastError: null });

    const removed = await app.inject({ method: 'DELETE', url: '/accounts/me/webhook', headers: keyed(bob) });
    t.equal(removed.statusCode, 204);
    const gone = await app.inject({ url: '/accounts/me/webhook', headers: keyed(bob) });
    t.same([gone.statusCode, gone.json().code], [404, 'WEBHOOK_NOT_FOUND']);
    const refused = await app.inject({
      method: 'PUT',
      url: '/accounts/me/webhook',
      headers: keyed(bob),
      payload: { url: 'http://10.0.0.1/hook' },
    });
    t.equal(refused.statusCode, 422, 'a private address is refused as for a game');
  });

  t.test('a refused event is sent again until taken, and none after it goes first', async (t) => {
    let refusals = 2;
    const behaviour: Behaviour = () => (refusals-- > 0 ? 500 : 200);
    const receiver = await startReceiver(t, behaviour);
    const app = await hookedApp(t, receiver, await stores.location(t));
    const ann = await newAccount(app);
    const bob = await newAccount(app);
    await subscribe(app, bob, receiver.url);
    await sixEvents(app, ann, bob);
    await receiver.until((r) => r.filter((x) => x.answer === 200).length >= 6);
    const taken = receiver.received.filter((r) => r.answer === 200).map((r) => r.id);
    const want = (await streamed(app, bob, stores.kind)).map((e) => e.id);
    t.same(taken, want, 'every event taken once, in order');
    t.same(
      receiver.received.slice(0, 3).map((r) => [r.id, r.answer]),
      [
        [want[0], 500],
        [want[0], 500],
        [want[0], 200],
      ],
      'the first event three times, nothing else meanwhile',
    );
  });

  t.test('two nodes sending: each event is delivered once', async (t) => {
    const receiver = await startReceiver(t);
    const location = await stores.location(t);
    const here = await hookedApp(t, receiver, location);
    const there = await hookedApp(t, receiver, location);
    const ann = await newAccount(here);
    const bob = await newAccount(here);
    await subscribe(there, bob, receiver.url);
    await sixEvents(here, ann, bob);
    await sixEvents(there, ann, bob);
    await receiver.until((r) => r.length >= 12);
    const want = (await streamed(here, bob, stores.kind)).map((e) => e.id);
    t.equal(want.length, 12);
    // Both senders poll on: a second delivery of any event would come within a few polls.
    await new Promise((resolve) => setTimeout(resolve, 200));
    t.same(
      receiver.received.map((r) => r.id),
      want,
      'each once, in order',
    );
  });
});

/*
 * The budget is the sending process's, whatever the store: on SQLite alone, since the suite's one
 * PostgreSQL database holds other tests' webhooks to the same loopback host, which any sender there
 * may claim and count against the host's budget.
 */
t.test("beyond the receiving host's budget an event waits for the next minute, and is no failed attempt", async (t) => {
  const receiver = await startReceiver(t);
  // The app's clock, which the sender reads: it runs from a minute's start, and the test moves it
  // on to the next minute's. (A clock that stood still would leave the webhook never due again
  // after a pass that found no event: its next look is a poll's time later.)
  const start = Math.ceil(Date.now() / 60_000) * 60_000;
  const began = Date.now();
  let skipped = 0;
  const now = () => start + (Date.now() - began) + skipped;
  const app = await hookedApp(
    t,
    receiver,
    { kind: 'sqlite', path: tempDatabase(t) },
    { perHostPerMinute: 2, now: () => new Date(now()) },
  );
  const ann = await newAccount(app);
  const bob = await newAccount(app);
  await subscribe(app, bob, receiver.url);
  await sixEvents(app, ann, bob);
  const want = (await streamed(app, bob, 'sqlite')).map((e) => e.id);
  t.equal(want.length, 6);
  for (const taken of [2, 4, 6]) {
    await receiver.until((r) => r.length >= taken, 30_000);
    skipped += 60_000 - ((now() - start) % 60_000);
  }
  t.same(
    receiver.received.map((r) => r.id),
    want,
    'every event once, in order',
  );
  // The signature's timestamp is the sender's clock when it took the event from the budget.
  const perMinute = new Map<number, number>();
  for (const r of receiver.received) {
    const minute = Math.floor((Number(/^t=(\d+),/.exec(r.signature)?.[1]) * 1000 - start) / 60_000);
    perMinute.set(minute, (perMinute.get(minute) ?? 0) + 1);
  }
  t.same([...perMinute.values()], [2, 2, 2], 'two a minute: the budget put the rest off to the next minute');
  t.ok(
    receiver.received.every((r) => r.answer === 200),
    'each sent once: none was attempted and refused',
  );
  const settings = await app.inject({ url: '/accounts/me/webhook', headers: keyed(bob) });
  t.match(settings.json(), { attempts: 0, lastStatus: 200, lastError: null }, 'no failed attempt counted');
});
