/**
 * The allocator trim after a burst of closed connections (`src/allocator-trim.ts`): its policy
 * with a trim that only counts, and glibc's own `malloc_trim` reached through koffi on Linux.
 */
import t from 'tap';
import { AllocatorTrim, glibcTrim, type Trim, type Trimmed } from '../src/allocator-trim.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function counting(): { trim: Trim; calls: () => number } {
  let calls = 0;
  return {
    trim: (done) => {
      calls++;
      done(true);
    },
    calls: () => calls,
  };
}

t.test('no trim before the policy’s number of closes', async (t) => {
  const { trim, calls } = counting();
  const trimmer = new AllocatorTrim(trim, { closes: 100, quietMs: 10 });
  t.teardown(() => trimmer.close());
  for (let i = 0; i < 99; i++) trimmer.closedOne();
  await sleep(50);
  t.equal(calls(), 0);
});

t.test('one trim once a burst of closes is over, and the count starts again', async (t) => {
  const { trim, calls } = counting();
  const seen: Trimmed[] = [];
  const trimmer = new AllocatorTrim(trim, { closes: 100, quietMs: 40 }, (trimmed) => seen.push(trimmed));
  t.teardown(() => trimmer.close());
  // 300 closes, spread so that each comes within the quiet time of the one before.
  for (let i = 0; i < 300; i++) {
    trimmer.closedOne();
    if (i % 50 === 0) await sleep(5);
  }
  t.equal(calls(), 0, 'not while the burst goes on');
  await sleep(150);
  t.equal(calls(), 1, 'once after it');
  t.equal(trimmer.trims, 1);
  t.match(seen, [{ released: true, rssBeforeMb: Number, rssAfterMb: Number }]);
  for (let i = 0; i < 99; i++) trimmer.closedOne();
  await sleep(100);
  t.equal(calls(), 1, 'the closes before the trim do not count again');
});

t.test('without a trim (no glibc) it does nothing', async (t) => {
  const trimmer = new AllocatorTrim(null, { closes: 1, quietMs: 1 });
  t.equal(trimmer.available, false);
  for (let i = 0; i < 10; i++) trimmer.closedOne();
  await sleep(20);
  t.equal(trimmer.trims, 0);
});

t.test("glibc's malloc_trim is reached off the event loop", { skip: process.platform !== 'linux' }, async (t) => {
  const trim = glibcTrim();
  t.ok(trim, 'loaded through koffi');
  // Freed memory below live memory: what a trim hands back.
  let kept: Buffer[] = Array.from({ length: 20_000 }, () => Buffer.allocUnsafeSlow(2048));
  kept = kept.filter((_, i) => i % 16 === 0);
  const released = await new Promise<boolean>((resolve) => trim!(resolve));
  t.type(released, 'boolean');
  t.ok(kept.length > 0);
});
