/**
 * One suite, both stores: `forEachStore(t, (t, stores) => …)` runs the suite once on SQLite and
 * once on PostgreSQL (a real server: `postgres.ts`), so what the service promises is checked on
 * each without a copy of any test.
 */
import type { Test } from 'tap';
import { GameService } from '../../src/service/game-service.js';
import { openStore, type StoreLocation } from '../../src/storage/open-store.js';
import type { GameStore } from '../../src/storage/game-store.js';
import { postgresAvailable, postgresDatabase } from './postgres.js';
import { tempDatabase } from './temp-database.js';

export type StoreKind = StoreLocation['kind'];
export const STORE_KINDS: readonly StoreKind[] = ['sqlite', 'postgres'];

export interface Stores {
  kind: StoreKind;
  /**
   * A place for games: a new SQLite file (removed after `t`), or the suite's PostgreSQL database
   * (creating a database costs half a second here; tests keep apart by their games' random ids).
   */
  location(t: Test): Promise<StoreLocation>;
  /** Opens a store at `location` (a new one when none is given), closed after `t`. */
  open(t: Test, location?: StoreLocation, options?: { busyTimeoutMs?: number }): Promise<GameStore>;
  /**
   * Resolves when `store` has heard of another writer's next commit to `gameId`: at once on SQLite
   * (its stamp is read from the file), on PostgreSQL when the notification arrived (within
   * milliseconds of the commit: until then a read on this node may answer the previous version).
   */
  announced(store: GameStore, gameId: string): Promise<void>;
  /** A service over a store opened at `location` (a new one when none is given), both closed after `t`. */
  service(
    t: Test,
    location?: StoreLocation,
    options?: { cacheSize?: number },
  ): Promise<{ service: GameService; store: GameStore }>;
}

function storesOf(kind: StoreKind, postgresUrl: string): Stores {
  const location = (t: Test): Promise<StoreLocation> =>
    Promise.resolve(kind === 'sqlite' ? { kind, path: tempDatabase(t) } : { kind, url: postgresUrl });
  const open = async (t: Test, at?: StoreLocation, options: { busyTimeoutMs?: number } = {}) => {
    const store = await openStore(at ?? (await location(t)), { sqlite: options });
    t.teardown(() => store.close());
    return store;
  };
  return {
    kind,
    location,
    open,
    announced: (store, gameId) =>
      kind === 'sqlite' ? Promise.resolve() : new Promise((resolve) => store.watch((id) => id === gameId && resolve())),
    service: async (t, at, { cacheSize = 100 } = {}) => {
      const store = await openStore(at ?? (await location(t)));
      const service = new GameService(store, { cacheSize });
      t.teardown(async () => {
        await service.close();
        await store.close();
      });
      return { service, store };
    },
  };
}

/** Runs `suite` as a subtest per store; the PostgreSQL one is skipped only outside CI when no server can start. */
export function forEachStore(t: Test, suite: (t: Test, stores: Stores) => void | Promise<void>): void {
  for (const kind of STORE_KINDS) {
    t.test(kind, async (t) => {
      if (kind === 'postgres' && !(await postgresAvailable())) {
        t.plan(0, 'no PostgreSQL server could start here (in CI this fails instead)');
        return;
      }
      await suite(t, storesOf(kind, kind === 'postgres' ? (await postgresDatabase(t))! : ''));
    });
  }
}
