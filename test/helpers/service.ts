/** A service over its own SQLite store, without HTTP, closed when the test ends. */
import type { Test } from 'tap';
import { GameService } from '../../src/service/game-service.js';
import { openSqliteStore } from '../../src/storage/sqlite/store.js';

export function openService(
  t: Test,
  path: string,
  { cacheSize = 100, busyTimeoutMs, now }: { cacheSize?: number; busyTimeoutMs?: number; now?: () => Date } = {},
) {
  const store = openSqliteStore(path, { busyTimeoutMs });
  const service = new GameService(store, { cacheSize, now });
  t.teardown(async () => {
    await service.close();
    await store.close();
  });
  return { store, service, path };
}
