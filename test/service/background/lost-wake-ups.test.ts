/**
 * Waits listen before they read: a commit made in this process while a wait reads the store
 * still wakes it. Such a commit does not move the store's change stamp (it is this process's
 * own), and its notification comes before the wait sleeps; a wait that began listening only
 * after its read heard nothing and slept out its time. Each store here lets the commit land
 * exactly inside the read.
 */
import t from 'tap';
import { Analyses, DEFAULT_ANALYSIS } from '../../../src/service/analysis/analyses.js';
import type { BotPool } from '../../../src/service/bots/bot-pool.js';
import type { SnapshotCache } from '../../../src/service/cache/snapshot-cache.js';
import { MoveNotifier } from '../../../src/service/moves/move-notifier.js';
import { MoveWaits } from '../../../src/service/moves/move-waits.js';
import type { AnalysisStatus, GameStore } from '../../../src/storage/game-store.js';

t.test('an analysis stored while a stream looks for it ends the stream with it', async (t) => {
  const notifier = new MoveNotifier();
  let status: AnalysisStatus = 'claimed';
  let looks = 0;
  const store = {
    changeStamp: () => 0,
    analysisStatus: async () => {
      looks++;
      const seen = status;
      // This process's save lands after the look read the status, before the wait sleeps.
      if (looks === 1) {
        status = 'stored';
        notifier.notify('g1');
      }
      return seen;
    },
  };
  const analyses = new Analyses(
    store as unknown as GameStore,
    () => ({}) as BotPool,
    DEFAULT_ANALYSIS,
    () => new Date(),
    () => {},
    notifier,
  );
  const result = await analyses.whenStored('g1', new AbortController().signal, {
    ms: 5_000,
    idleMs: 60_000,
    onIdle: () => true,
  });
  t.equal(result, 'stored', 'the wait looked again when the save woke it, not after its 5 s');
  t.equal(looks, 2, 'one look before the save, one after');
  t.equal(notifier.waiting, 0, 'no waiter is left behind');
});

t.test('a move committed while a long-poll reads the game’s version answers the poll', async (t) => {
  const notifier = new MoveNotifier();
  let version = 5;
  let reads = 0;
  const store = {
    changeStamp: () => 0,
    findGame: async () => ({ status: 'active' }),
    version: async () => {
      reads++;
      const seen = version;
      // A move of this process commits after the read, before the poll sleeps.
      if (reads === 1) {
        version = 6;
        notifier.notify('g1');
      }
      return seen;
    },
  };
  const snapshots = { peekCurrent: () => undefined };
  const waits = new MoveWaits(store as unknown as GameStore, snapshots as unknown as SnapshotCache, notifier);
  t.teardown(() => waits.close());
  const answered = waits.wait('g1', 5, 60_000).then(() => 'answered');
  // 50 s against the microseconds the wake-up takes, just below the wait's 60 s: only a lost
  // wake-up loses this race, however busy the machine.
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise((resolve) => (timer = setTimeout(resolve, 50_000, 'still waiting')));
  t.equal(await Promise.race([answered, late]), 'answered', 'the poll ended with the move, not its 60 s');
  clearTimeout(timer);
  t.equal(reads, 2, 'the poll read the version again when the move woke it');
  t.equal(notifier.waiting, 0, 'no waiter is left behind');
});
