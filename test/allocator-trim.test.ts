/**
 * The allocator trim after a burst of closed connections (`src/allocator-trim.ts`): its policy
 * with a trim that only counts and a full collection the test decides, V8's full collections
 * seen as they happen, and glibc's own `malloc_trim` reached through koffi on Linux.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import t from 'tap';
import {
  AllocatorTrim,
  afterFullGc,
  fullGc,
  glibcTrim,
  type AfterFullGc,
  type Trim,
  type Trimmed,
} from '../src/allocator-trim.js';

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

/** A full collection when the test says so. */
function manualGc(): { afterGc: AfterFullGc; collect: () => void; waiting: () => boolean } {
  let waiting: (() => void) | undefined;
  return {
    afterGc: (then) => {
      waiting = then;
      return () => (waiting = undefined);
    },
    collect: () => {
      const then = waiting;
      waiting = undefined;
      then?.();
    },
    waiting: () => waiting !== undefined,
  };
}

const policy = { closes: 100, quietMs: 40, gcWaitMs: 10_000, settleMs: 20 };

t.test('no trim before the policy’s number of closes', async (t) => {
  const { trim, calls } = counting();
  const gc = manualGc();
  const trimmer = new AllocatorTrim(trim, policy, undefined, gc.afterGc);
  t.teardown(() => trimmer.close());
  for (let i = 0; i < 99; i++) trimmer.closedOne();
  await sleep(100);
  t.notOk(gc.waiting());
  gc.collect();
  t.equal(calls(), 0);
});

t.test('a burst of closes, a while, then the next full collection: one trim', async (t) => {
  const { trim, calls } = counting();
  const gc = manualGc();
  const seen: Trimmed[] = [];
  const trimmer = new AllocatorTrim(trim, policy, (trimmed) => seen.push(trimmed), gc.afterGc);
  t.teardown(() => trimmer.close());
  for (let i = 0; i < 100; i++) trimmer.closedOne();
  t.notOk(gc.waiting(), 'not at once');
  // Closes go on (a busy server): they do not push the trim back.
  for (let i = 0; i < 6; i++) {
    trimmer.closedOne();
    await sleep(15);
  }
  for (const until = Date.now() + 5000; !gc.waiting() && Date.now() < until;) await sleep(5);
  t.ok(gc.waiting(), 'then waiting for a full collection');
  t.equal(calls(), 0, 'the sockets’ native memory is not freed before it');
  gc.collect();
  t.equal(calls(), 0, 'nor right at its end');
  await sleep(80);
  t.equal(calls(), 1, 'trimmed once after it');
  t.equal(trimmer.trims, 1);
  t.match(seen, [{ released: true, rssBeforeMb: Number, rssAfterMb: Number }]);
  for (let i = 0; i < 99; i++) trimmer.closedOne();
  await sleep(100);
  t.notOk(gc.waiting(), 'the closes before the trim do not count again');
});

t.test('without a full collection of V8’s own within the longest wait, one is run, then the trim', async (t) => {
  const { trim, calls } = counting();
  const gc = manualGc();
  let collected = 0;
  const trimmer = new AllocatorTrim(trim, { ...policy, gcWaitMs: 60 }, undefined, gc.afterGc, () => collected++);
  t.teardown(() => trimmer.close());
  for (let i = 0; i < 100; i++) trimmer.closedOne();
  for (const until = Date.now() + 5000; calls() === 0 && Date.now() < until;) await sleep(5);
  t.equal(collected, 1, 'one collection run');
  t.equal(calls(), 1, 'then the trim');
  t.notOk(gc.waiting(), 'and no more waiting for one');
});

t.test('fullGc runs a full collection', async (t) => {
  let seen = 0;
  const cancel = afterFullGc(() => seen++);
  t.teardown(cancel);
  fullGc();
  for (const until = Date.now() + 5000; seen === 0 && Date.now() < until;) await sleep(10);
  t.equal(seen, 1);
});

t.test('without a trim (no glibc) it does nothing', async (t) => {
  const trimmer = new AllocatorTrim(null, { closes: 1, quietMs: 1, gcWaitMs: 1, settleMs: 1 });
  t.equal(trimmer.available, false);
  for (let i = 0; i < 10; i++) trimmer.closedOne();
  await sleep(20);
  t.equal(trimmer.trims, 0);
});

t.test('a full collection of V8 is seen, a scavenge is not', async (t) => {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as (options?: { type: 'major' | 'minor' }) => void;
  let seen = 0;
  const cancel = afterFullGc(() => seen++);
  t.teardown(cancel);
  gc({ type: 'minor' });
  await sleep(50);
  t.equal(seen, 0, 'not after a scavenge');
  gc();
  for (const until = Date.now() + 5000; seen === 0 && Date.now() < until;) await sleep(10);
  t.equal(seen, 1, 'once after a full collection');
  gc();
  await sleep(50);
  t.equal(seen, 1, 'and only once');
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
