/** A storage fault refuses the whole batch with its code, changes nothing, and the health follows it. */
import t from 'tap';
import type { Move } from '../../../src/engine/index.js';
import { tokenDigest } from '../../../src/service/lifecycle/seat-tokens.js';
import { ServiceError } from '../../../src/service/service-error.js';
import { StoreBusyError, StoreFullError, StoreUnavailableError } from '../../../src/storage/game-store.js';
import { storeFault } from '../../../src/storage/sqlite/faults.js';
import { openService } from '../../helpers/service.js';
import { tempDatabase } from '../../helpers/temp-database.js';

const SETUP = { players: [{ name: 'Ann' }, { name: 'Bob' }], seed: 'store-faults' };

t.test("SQLite's codes for a fault of the storage become the store-neutral errors", async (t) => {
  const fault = (code: string) => storeFault(Object.assign(new Error(code), { code }));
  t.ok(fault('SQLITE_FULL') instanceof StoreFullError);
  for (const code of [
    'SQLITE_READONLY',
    'SQLITE_READONLY_DBMOVED',
    'SQLITE_CANTOPEN',
    'SQLITE_IOERR_WRITE',
    'SQLITE_IOERR_FSYNC',
    'SQLITE_PERM',
  ]) {
    t.ok(fault(code) instanceof StoreUnavailableError, code);
  }
  t.ok(fault('SQLITE_BUSY_SNAPSHOT') instanceof StoreBusyError);
  const other = Object.assign(new Error('x'), { code: 'SQLITE_CONSTRAINT_CHECK' });
  t.equal(storeFault(other), other, 'anything else stays what it is');
});

t.test(
  'a full store refuses the whole batch with STORAGE_FULL, changing nothing, until it has room again',
  async (t) => {
    // The clock stands still: no probe falls due between the checks, however slow the machine.
    const { service, store } = openService(t, tempDatabase(t), { now: () => new Date('2026-01-01T00:00:00Z') });
    const games = await Promise.all([0, 1, 2].map(() => service.create(SETUP)));
    const lm = JSON.parse(await service.legalMovesJson(games[0].id)) as { actor: number; moves: Move[] };
    const before = await Promise.all(games.map((g) => service.stateJson(g.id)));
    t.same(await service.health(), { status: 'ok', store: 'ok' }, 'the first check probes the store: it takes writes');
    const append = store.appendBatch.bind(store);
    let attempts = 0;
    store.appendBatch = async () => {
      attempts += 1;
      throw new StoreFullError(Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }));
    };
    const submitAll = () =>
      Promise.all(
        games.map((g) =>
          service
            .submit(g.id, tokenDigest(g.seats[lm.actor].token), { expectedVersion: 0, move: lm.moves[0] })
            .catch((e: unknown) => e),
        ),
      );
    for (const error of await submitAll()) {
      t.ok(
        error instanceof ServiceError && error.code === 'STORAGE_FULL' && typeof error.extra.retryAfter === 'number',
        'STORAGE_FULL with retryAfter',
      );
    }
    t.equal(attempts, 1, 'one attempt for the batch: not retried move by move');
    t.same(await Promise.all(games.map((g) => service.stateJson(g.id))), before, 'nothing changed in memory');
    t.same(
      await service.health(),
      { status: 'degraded', store: 'full' },
      'degraded at once (the next probe is due a second after the last)',
    );
    store.appendBatch = append;
    t.same(
      (await submitAll()).map((r) => (r as { version: number }).version),
      [1, 1, 1],
      'taken once there is room',
    );
    t.same(await service.health(), { status: 'ok', store: 'ok' });
  },
);
