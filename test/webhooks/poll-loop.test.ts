import t from 'tap';
import { PollLoop } from '../../src/service/webhooks/poll-loop.js';

// The loop's timers never hold a process open (a server's sockets do): this one holds the test's.
const open = setInterval(() => {}, 60_000);
t.teardown(() => clearInterval(open));

/** A loop whose looks each wait for the test to end them; `looks` counts the looks begun. */
function heldLoop(pollMs = 3_600_000) {
  const ends: (() => void)[] = [];
  const begun: (() => void)[] = [];
  let looks = 0;
  const loop = new PollLoop(
    () =>
      new Promise<void>((resolve) => {
        looks++;
        ends.push(resolve);
        begun.shift()?.();
      }),
    pollMs,
  );
  return {
    loop,
    get looks() {
      return looks;
    },
    /** Resolves when the next look begins. */
    nextLook: () => new Promise<void>((resolve) => begun.push(resolve)),
    /** Ends the look in progress. */
    endLook: () => ends.shift()!(),
  };
}

t.test('a wake-up during a look makes one more look right after it, however many came', async (t) => {
  const h = heldLoop();
  const first = h.nextLook();
  h.loop.start();
  await first;
  h.loop.wake();
  h.loop.wake();
  t.equal(h.looks, 1, 'no second look while the first runs');
  const second = h.nextLook();
  h.endLook();
  await second;
  t.equal(h.looks, 2, 'the wake-ups made one more look');
  h.endLook();
  await h.loop.close();
  t.equal(h.looks, 2, 'and only one');
});

t.test('a wake-up between looks looks at once, not at the next poll', async (t) => {
  const h = heldLoop();
  const first = h.nextLook();
  h.loop.start();
  await first;
  h.endLook();
  const second = h.nextLook();
  h.loop.wake();
  await second;
  t.equal(h.looks, 2, 'the wake-up made the second look');
  h.endLook();
  await h.loop.close();
});

t.test('without wake-ups it looks again every poll', async (t) => {
  const h = heldLoop(1);
  const first = h.nextLook();
  h.loop.start();
  await first;
  const second = h.nextLook();
  h.endLook();
  await second;
  t.equal(h.looks, 2, 'the poll made the second look');
  h.endLook();
  await h.loop.close();
});

t.test('close waits for the look in progress, and nothing looks after it', async (t) => {
  const h = heldLoop();
  const first = h.nextLook();
  h.loop.start();
  await first;
  let closed = false;
  const closing = h.loop.close().then(() => (closed = true));
  h.loop.wake();
  await Promise.resolve();
  t.notOk(closed, 'still waiting for the look');
  h.endLook();
  await closing;
  t.ok(closed, 'closed once the look ended');
  h.loop.wake();
  h.loop.start();
  // A look these scheduled would have begun before this timer, set after theirs, fires.
  await new Promise((resolve) => setTimeout(resolve, 1));
  t.equal(h.looks, 1, 'no look after close, woken or started');
});
