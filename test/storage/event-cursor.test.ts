/**
 * The cursors of an account's stream on PostgreSQL (`src/storage/postgres/event-cursor.ts`): a
 * fresh reader's stands at its snapshot and keeps the transactions running in it until it has read
 * past them; a client's text is refused unless a store could have made it.
 */
import t from 'tap';
import { InvalidCursorError, MAX_CURSOR_LENGTH } from '../../src/storage/accounts.js';
import { cursorAfter, formatCursor, parseCursor, snapshotCursor } from '../../src/storage/postgres/event-cursor.js';

t.test('a reader after an event resumes at its transaction and row', async (t) => {
  t.same(parseCursor('812.40'), { tx: 812n, row: 40n, xmax: 0n, running: [] });
  t.equal(formatCursor(parseCursor('812.40')), '812.40');
  t.same(parseCursor(null), { tx: 0n, row: 0n, xmax: 0n, running: [] }, 'none: from the first event');
  t.equal(formatCursor(cursorAfter(parseCursor('812.40'), 815n, 41n)), '815.41');
});

t.test('a fresh reader stands at its snapshot: the running transactions, from the oldest', async (t) => {
  t.equal(snapshotCursor(900n, 900n, []), '900.0', 'none running: every transaction from xmax on');
  const fresh = snapshotCursor(880n, 905n, [880n, 897n]);
  t.equal(fresh, '880.0.905.25.8', 'the running ones written back from xmax');
  t.same(parseCursor(fresh), { tx: 880n, row: 0n, xmax: 905n, running: [880n, 897n] });
  // Read 880's event: 897 still to come, and 905 on.
  const afterOld = cursorAfter(parseCursor(fresh), 880n, 7n);
  t.equal(formatCursor(afterOld), '880.7.905.25.8', 'a transaction may write more events: it stays');
  t.equal(formatCursor(cursorAfter(afterOld, 897n, 9n)), '897.9.905.8', 'past 880: dropped');
  t.equal(formatCursor(cursorAfter(afterOld, 905n, 12n)), '905.12', 'past the snapshot: a plain cursor');
});

t.test('a snapshot with more writers running than a cursor holds stands at the oldest', async (t) => {
  const running = Array.from({ length: 200 }, (_, i) => 10_000_000_000n + BigInt(i) * 1_000_000n);
  const xmax = running.at(-1)! + 1n;
  t.equal(snapshotCursor(running[0], xmax, running), `${running[0]}.0`);
  const fits = running.slice(0, 20);
  const exact = snapshotCursor(fits[0], xmax, fits);
  t.ok(exact.length <= MAX_CURSOR_LENGTH);
  t.same(parseCursor(exact).running, fits);
});

t.test('text no store made is refused', async (t) => {
  for (const text of ['', '12', '12.', 'a.b', '1.2.x', '-1.2', '1.2.5.0', '1.2.5.6', '18446744073709551616.1', '1 .2'])
    t.throws(() => parseCursor(text), InvalidCursorError, JSON.stringify(text));
  t.throws(() => parseCursor(`1.2.${'9'.repeat(MAX_CURSOR_LENGTH)}`), InvalidCursorError, 'too long');
});
