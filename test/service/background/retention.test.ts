/**
 * GAME_RETENTION_DAYS: games with no move for that long (finished or abandoned) are deleted, in
 * small batches, in the background; a game with a move within the retention never is. The
 * clock is injected, so days pass in no time.
 */
import t, { type Test } from 'tap';
import type { Move } from '../../../src/engine/index.js';
import { GameService, type CreatedGame } from '../../../src/service/game-service.js';
import { RETENTION_BATCH } from '../../../src/service/lifecycle/retention.js';
import { ServiceError } from '../../../src/service/service-error.js';
import { tokenDigest } from '../../../src/service/lifecycle/seat-tokens.js';
import { openSqliteStore } from '../../../src/storage/sqlite/store.js';
import { tempDatabase } from '../../helpers/temp-database.js';

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.parse('2026-01-01T00:00:00.000Z');
const SETUP = { players: [{ name: 'Ann' }, { name: 'Bob' }] };

function setUp(t: Test, everyMs?: number) {
  const clock = { now: T0 };
  const store = openSqliteStore(tempDatabase(t));
  const batches: number[] = [];
  const deleteExpired = store.deleteExpired.bind(store);
  store.deleteExpired = async (before, limit) => {
    const ids = await deleteExpired(before, limit);
    batches.push(ids.length);
    return ids;
  };
  const service = new GameService(store, {
    cacheSize: 50,
    now: () => new Date(clock.now),
    retention: { days: 30, everyMs },
  });
  t.teardown(async () => {
    await service.close();
    await store.close();
  });
  return { clock, store, service, batches };
}

async function play(service: GameService, game: CreatedGame<string>): Promise<void> {
  const lm = JSON.parse(await service.legalMovesJson(game.id)) as { version: number; actor: number; moves: Move[] };
  await service.submit(game.id, tokenDigest(game.seats[lm.actor].token), {
    expectedVersion: lm.version,
    move: lm.moves[0],
  });
}

async function exists(service: GameService, id: string): Promise<boolean> {
  try {
    await service.stateJson(id);
    return true;
  } catch (error) {
    if (error instanceof ServiceError && error.code === 'GAME_NOT_FOUND') return false;
    throw error;
  }
}

t.test('a game with no move for the retention is deleted with its log; one with a later move is not', async (t) => {
  const { clock, store, service } = setUp(t);
  const abandoned = await service.create(SETUP);
  const played = await service.create(SETUP);
  await play(service, played);
  const active = await service.create(SETUP);
  await play(service, active);
  clock.now = T0 + 29 * DAY;
  await play(service, active);
  clock.now = T0 + 5 * DAY;
  const young = await service.create(SETUP);

  clock.now = T0 + 30 * DAY;
  t.same(await service.sweepExpired(), [], 'nothing is deleted at exactly the retention: never early');
  clock.now = T0 + 30 * DAY + 1;
  t.same(
    (await service.sweepExpired()).sort(),
    [abandoned.id, played.id].sort(),
    'a day later, the untouched and the idle game go',
  );
  t.notOk(await exists(service, abandoned.id), 'a deleted game is 404, also where it was cached');
  t.notOk(await exists(service, played.id));
  t.same(await store.movesAfter(played.id, 0), [], 'with its log');
  t.ok(await exists(service, active.id), 'a game moved 29 days in stays');
  t.ok(await exists(service, young.id), 'a game created later stays');
  await play(service, active);
  t.equal(JSON.parse(await service.stateJson(active.id)).version, 3, 'and plays on');
});

t.test('a finished game expires a retention after the move that ended it', async (t) => {
  const { clock, store, service } = setUp(t);
  // A finished game is written as the store holds one: status finished, its last move then.
  await store.insertGame({
    id: 'finished',
    setup: { ...SETUP, seed: 's' },
    tokenHashes: ['00', '11'],
    status: 'finished',
    at: new Date(T0).toISOString(),
  });
  clock.now = T0 + 20 * DAY;
  t.same(await service.sweepExpired(), []);
  clock.now = T0 + 31 * DAY;
  t.same(await service.sweepExpired(), ['finished']);
  t.equal(await store.findGame('finished'), undefined);
});

t.test('many expired games go in small batches', async (t) => {
  const { clock, service, batches } = setUp(t);
  const count = 2 * RETENTION_BATCH + 50;
  for (let i = 0; i < count; i++) await service.create(SETUP);
  clock.now = T0 + 31 * DAY;
  const kept = await service.create(SETUP);
  t.equal((await service.sweepExpired()).length, count);
  t.same(batches, [RETENTION_BATCH, RETENTION_BATCH, 50], `${RETENTION_BATCH} games per transaction`);
  t.ok(await exists(service, kept.id));
});

t.test('the sweep runs in the background, and stops with the service', async (t) => {
  const { clock, service, batches } = setUp(t, 50);
  const old = await service.create(SETUP);
  clock.now = T0 + 31 * DAY;
  const until = Date.now() + 60_000; // only ends a test that would hang
  while ((await exists(service, old.id)) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
  t.notOk(await exists(service, old.id), 'deleted without being asked');
  await service.close();
  const seen = batches.length;
  await new Promise((resolve) => setTimeout(resolve, 200));
  t.equal(batches.length, seen, 'no sweep after close');
});

t.test('without a retention nothing is ever deleted', async (t) => {
  const store = openSqliteStore(':memory:');
  let now = T0;
  const service = new GameService(store, { cacheSize: 10, now: () => new Date(now) });
  t.teardown(async () => {
    await service.close();
    await store.close();
  });
  const game = await service.create(SETUP);
  now = T0 + 10_000 * DAY;
  t.same(await service.sweepExpired(), []);
  t.ok(await exists(service, game.id));
});
