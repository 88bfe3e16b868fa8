/**
 * The stores' webhook deliveries (`src/storage/deliveries.ts`), on SQLite and PostgreSQL alike:
 * written with their entry only for a game with a webhook, rolled back with a refused batch,
 * claimed by one sender at a time, settled, listed newest first, deleted with their game.
 */
import t from 'tap';
import type { NewDelivery } from '../../src/storage/deliveries.js';
import { SequenceTakenError, type GameStore, type NewMove } from '../../src/storage/game-store.js';
import { forEachStore } from '../helpers/stores.js';

const AT = '2026-01-01T00:00:00.000Z';
const LATER = '2026-01-01T00:01:00.000Z';
let games = 0;

async function newGame(store: GameStore, hooked: boolean): Promise<string> {
  const id = `hook-${process.pid}-${++games}`;
  const webhook = hooked ? { url: 'https://hooks.example/h', secret: 'whsec_x', format: 'json' as const } : undefined;
  await store.insertGame({
    id,
    setup: { players: [{ name: 'A' }, { name: 'B' }], seed: 's' },
    tokenHashes: ['a', 'b'],
    status: 'active',
    at: AT,
    webhook,
    deliveries: [delivery(id, 0)],
  });
  return id;
}

const delivery = (gameId: string, version: number): NewDelivery => ({
  payload: {
    id: `d-${gameId}-${version}`,
    type: 'seatMustAct',
    gameId,
    version,
    createdAt: AT,
    data: { seat: version % 2 },
  },
});

const move = (gameId: string, seq: number): NewMove => ({
  gameId,
  seq,
  seat: 0,
  move: { type: 'pass' },
  at: AT,
  idempotencyKey: null,
  requestHash: null,
  status: 'active',
  deliveries: [delivery(gameId, seq)],
});

forEachStore(t, (t, stores) => {
  t.test('written with the entry, only while the game has a webhook; a refused batch writes none', async (t) => {
    const store = await stores.open(t);
    const [hooked, plain] = [await newGame(store, true), await newGame(store, false)];
    await store.appendBatch([move(hooked, 1), move(plain, 1)]);
    await t.rejects(store.appendBatch([move(hooked, 2), move(hooked, 1)]), SequenceTakenError);
    t.same(
      (await store.listDeliveries(hooked, 10)).map((d) => d.version),
      [1, 0],
      "the creation's and the move's, newest first",
    );
    t.same(await store.listDeliveries(plain, 10), [], 'none without a webhook');
    t.ok(await store.setWebhook(plain, { url: 'https://hooks.example/p', secret: 's2', format: 'json' }));
    t.notOk(await store.setWebhook('nope', null), 'no such game');
    await store.appendBatch([move(plain, 2)]);
    t.same(
      (await store.listDeliveries(plain, 10)).map((d) => d.version),
      [2],
      'written once subscribed',
    );
  });

  t.test("a webhook's format is kept, read back without its secret, and claimed with its deliveries", async (t) => {
    const store = await stores.open(t);
    const [hooked, plain] = [await newGame(store, true), await newGame(store, false)];
    t.same(await store.getWebhook(hooked), { url: 'https://hooks.example/h', format: 'json' });
    t.equal(await store.getWebhook(plain), undefined, 'none without a webhook');
    t.equal(await store.getWebhook('nope'), undefined, 'none for no game');
    t.ok(await store.setWebhook(hooked, { url: 'https://hooks.example/s', secret: 's3', format: 'slack' }));
    t.same(await store.getWebhook(hooked), { url: 'https://hooks.example/s', format: 'slack' });
    t.match(
      (await store.claimDeliveries(AT, LATER, 100)).filter((d) => d.gameId === hooked),
      [{ url: 'https://hooks.example/s', secret: 's3', format: 'slack' }],
      "a claim names the game's format now",
    );
    t.ok(await store.setWebhook(hooked, null));
    t.equal(await store.getWebhook(hooked), undefined, 'removed');
  });

  t.test('claimed by one sender at a time, until settled or the lease ends', async (t) => {
    const store = await stores.open(t);
    const id = await newGame(store, true);
    const claimed = (await store.claimDeliveries(AT, LATER, 100)).filter((d) => d.gameId === id);
    t.match(claimed, [
      {
        id: `d-${id}-0`,
        url: 'https://hooks.example/h',
        secret: 'whsec_x',
        format: 'json',
        payload: { version: 0, type: 'seatMustAct' },
        attempts: 0,
      },
    ]);
    t.same(
      (await store.claimDeliveries(AT, LATER, 100)).filter((d) => d.gameId === id),
      [],
      'not claimed twice within the lease',
    );
    t.equal(
      (await store.claimDeliveries(LATER, '2026-01-01T00:02:00.000Z', 100)).filter((d) => d.gameId === id).length,
      1,
      'due again once the lease ends',
    );
    await store.settleDelivery(claimed[0], {
      status: 'delivered',
      attempts: 1,
      lastAttemptAt: LATER,
      nextAttemptAt: null,
      lastStatus: 200,
      lastError: null,
    });
    t.same(
      (await store.claimDeliveries('2027-01-01T00:00:00.000Z', '2027-01-02T00:00:00.000Z', 100)).filter(
        (d) => d.gameId === id,
      ),
      [],
      'a delivered one never again',
    );
    t.match(await store.listDeliveries(id, 10), [
      { status: 'delivered', attempts: 1, lastStatus: 200, lastAttemptAt: LATER, nextAttemptAt: null },
    ]);
    t.same(
      await store.deleteExpired('2100-01-01T00:00:00.000Z', 1000).then((ids) => ids.includes(id)),
      true,
      'an expired game goes',
    );
    t.same(await store.listDeliveries(id, 10), [], 'with its deliveries');
  });

  t.test(
    'redelivered: a failed or delivered one is pending and due again, its retries anew; an unknown one is none',
    async (t) => {
      const store = await stores.open(t);
      const id = await newGame(store, true);
      const [claimed] = (await store.claimDeliveries(AT, LATER, 100)).filter((d) => d.gameId === id);
      await store.settleDelivery(claimed, {
        status: 'failed',
        attempts: 8,
        lastAttemptAt: LATER,
        nextAttemptAt: null,
        lastStatus: 500,
        lastError: 'the receiver answered 500',
      });
      const NOW = '2026-01-02T00:00:00.000Z';
      t.match(await store.redeliver(id, `d-${id}-0`, NOW), {
        id: `d-${id}-0`,
        status: 'pending',
        attempts: 0,
        nextAttemptAt: NOW,
        lastStatus: 500,
        lastError: 'the receiver answered 500',
      });
      t.match(
        (await store.claimDeliveries(NOW, '2026-01-02T00:01:00.000Z', 100)).filter((d) => d.gameId === id),
        [{ id: `d-${id}-0`, payload: { version: 0, type: 'seatMustAct' }, url: 'https://hooks.example/h' }],
        'claimed again, with its first payload',
      );
      t.equal(await store.redeliver(id, 'd-none', NOW), undefined, 'no such delivery');
      t.equal(await store.redeliver('no-such-game', `d-${id}-0`, NOW), undefined, "another game's id");
      t.match(await store.listDeliveries(id, 10), [{ status: 'pending' }], 'nothing else changed');
    },
  );
});
