/** The looks for other processes' moves are spread over the second, and skipped while no other writer committed. */
import t from 'tap';
import { CrossProcessWatch, LOOK_EVERY_MS, SLOTS } from '../../../src/service/cache/cross-process-watch.js';
import type { GameStore } from '../../../src/storage/game-store.js';

function fakeStore(versions: Map<string, number>) {
  const store = {
    stamp: 0,
    /** Looks so far: one look at a slot reads each of its polls' stamps in one synchronous run. */
    looks: 0,
    inLook: false,
    asked: [] as { id: string; look: number }[],
    changeStamp: () => {
      if (!store.inLook) {
        store.looks += 1;
        store.inLook = true;
        queueMicrotask(() => {
          store.inLook = false;
        });
      }
      return store.stamp;
    },
    version: async (id: string) => {
      store.asked.push({ id, look: store.looks });
      return versions.get(id) ?? 0;
    },
  };
  return store;
}

t.test('1,000 polls that arrive together are looked at once a second, a twentieth per tick', async (t) => {
  const versions = new Map<string, number>();
  const store = fakeStore(versions);
  const moved: string[] = [];
  const watch = new CrossProcessWatch(store as unknown as GameStore, (id) => moved.push(id));
  const stops = Array.from({ length: 1000 }, (_, i) => watch.add(`g${i}`, 5, 0));
  await new Promise((resolve) => setTimeout(resolve, LOOK_EVERY_MS + 200));
  t.equal(store.asked.length, 0, 'no look while the change stamp says no other writer committed');

  store.stamp = 1;
  versions.set('g7', 6);
  const from = store.looks;
  // A loaded machine delays timers: wait for the looks, not for a time.
  for (let waited = 0; store.asked.length < 1000 && waited < 120_000; waited += 50)
    await new Promise((resolve) => setTimeout(resolve, 50));
  await new Promise((resolve) => setTimeout(resolve, 200));
  const ids = new Set(store.asked.map((a) => a.id));
  t.equal(ids.size, 1000, 'every poll looked once');
  t.equal(store.asked.length, 1000, 'and only once for one change');
  const perLook = new Map<number, number>();
  for (const a of store.asked) perLook.set(a.look, (perLook.get(a.look) ?? 0) + 1);
  t.same(
    [...new Set(perLook.values())],
    [1000 / SLOTS],
    `each look (a ${LOOK_EVERY_MS / SLOTS} ms tick) asks for ${1000 / SLOTS} polls, a slot`,
  );
  t.equal(perLook.size, SLOTS, `the ${SLOTS} slots make the second`);
  t.ok(Math.min(...perLook.keys()) > from, 'all after the change');
  t.same(moved, ['g7'], 'the game that moved beyond the wait, and only it, is told');
  for (const stop of stops) stop();
  watch.stop();
});
