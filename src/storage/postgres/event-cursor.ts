/**
 * A place in an account's stream on PostgreSQL (`docs/accounts.md`). Events are ordered by their
 * transaction's id, then their row id, and read only below the oldest transaction still running
 * (`schema.ts`): a reader that resumes after the last event it read misses none.
 *
 * A stream that starts fresh is sent the present, and its cursor must stand exactly there: the
 * events committed before are in the present and must not come again, while a transaction still
 * running then may commit events later with an id below theirs. So its cursor is the snapshot
 * itself (its upper bound and the transactions running in it), kept by the cursors after it until
 * the reader has read past them. Text: `<tx>.<row>`, then `.<xmax>` and `.<xmax − running>` each.
 */
import { InvalidCursorError, MAX_CURSOR_LENGTH } from '../accounts.js';

export interface EventCursor {
  /** The last event read: its transaction and row. */
  tx: bigint;
  row: bigint;
  /** The snapshot the reader started from: transactions from `xmax` on, or in `running`, were not in it. */
  xmax: bigint;
  running: readonly bigint[];
}

const PART = /^\d{1,20}$/;
const XID_LIMIT = 1n << 64n;

export function parseCursor(text: string | null): EventCursor {
  if (text === null) return { tx: 0n, row: 0n, xmax: 0n, running: [] };
  const parts = text.split('.');
  if (text.length > MAX_CURSOR_LENGTH || parts.length < 2 || !parts.every((p) => PART.test(p)))
    throw new InvalidCursorError();
  const [tx, row, xmax = 0n, ...back] = parts.map(BigInt);
  const running = back.map((d) => xmax - d);
  if ([tx, row, xmax].some((n) => n >= XID_LIMIT) || back.some((d) => d === 0n || d > xmax))
    throw new InvalidCursorError();
  return { tx, row, xmax, running };
}

export function formatCursor(c: EventCursor): string {
  const head = `${c.tx}.${c.row}`;
  if (c.tx >= c.xmax) return head;
  return [head, c.xmax, ...c.running.map((r) => c.xmax - r)].join('.');
}

/** The cursor after an event read from `from`: running transactions it has read past are dropped. */
export function cursorAfter(from: EventCursor, tx: bigint, row: bigint): EventCursor {
  return tx >= from.xmax
    ? { tx, row, xmax: 0n, running: [] }
    : { tx, row, xmax: from.xmax, running: from.running.filter((r) => r >= tx) };
}

/**
 * The cursor standing at a snapshot (`pg_current_snapshot()`'s bounds and running transactions).
 * On a cluster with so many writers running that it would not fit, it stands at the oldest of them:
 * then a fresh reader may be sent again an event of the moments before it started, but misses none.
 */
export function snapshotCursor(xmin: bigint, xmax: bigint, running: readonly bigint[]): string {
  if (running.length === 0) return `${xmax}.0`;
  const exact = formatCursor({ tx: xmin, row: 0n, xmax, running });
  // Room for a row id as long as any: the cursors after it carry the snapshot too.
  return exact.length + 20 <= MAX_CURSOR_LENGTH ? exact : `${xmin}.0`;
}
