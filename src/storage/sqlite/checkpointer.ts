import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Db } from './database.js';

/** How often the worker copies the log into the database file. */
export const CHECKPOINT_EVERY_MS = 200;
/** Looks without a commit by the server before the log is truncated to nothing. */
const QUIET_LOOKS_BEFORE_TRUNCATE = 2;
/** The longest pause between two attempts while checkpoints fail (doubling from the interval). */
export const MAX_BACKOFF_MS = 5000;
/** A lasting fault is reported once per this interval, not at every attempt. */
const REPORT_EVERY_MS = 60_000;

// The worker is a few lines of CommonJS on its own connection: no module of this project has to
// be loadable there (tests run the sources through a TypeScript loader).
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const { path, everyMs, quietLooks, maxBackoffMs } = workerData;
let db;
let timer;
let delay = everyMs;
let lastVersion;
let quiet = 0;
let truncated = false;
const look = () => {
  try {
    // Opened here, not at start: a file that cannot be opened yet is a fault retried like any.
    db ??= new Database(path, { timeout: 100 });
    const version = db.pragma('data_version', { simple: true });
    if (version !== lastVersion) {
      lastVersion = version;
      quiet = 0;
      truncated = false;
      db.pragma('wal_checkpoint(PASSIVE)');
    } else if (!truncated && ++quiet >= quietLooks) {
      // Idle: copy the rest and cut the log to zero bytes, so it does not keep a flood's size.
      // It waits for no one (busy is reported, and tried again at the next look).
      const [result] = db.pragma('wal_checkpoint(TRUNCATE)');
      truncated = result.busy === 0;
    }
    delay = everyMs;
  } catch (error) {
    parentPort.postMessage({ error: String(error) });
    delay = Math.min(delay * 2, maxBackoffMs);
  }
  timer = setTimeout(look, delay);
};
// Started one interval after the store opened (see Checkpointer): the first look is now.
look();
parentPort.on('message', () => {
  clearTimeout(timer);
  db?.close();
  parentPort.close();
});
`;

/**
 * Checkpoints the write-ahead log from a worker thread. SQLite's automatic checkpoint runs
 * inside whichever commit fills the log, on the server's one thread, and its fsyncs stalled
 * every request behind it for milliseconds (the tail of the move latency). A PASSIVE
 * checkpoint takes no lock that readers or writers wait for, so it can run beside them on its
 * own connection; once the server has been idle for a few looks, a TRUNCATE checkpoint empties
 * the log (after a flood it had grown to 65 MB over a 3 MB database). Should the worker stop,
 * the connection checkpoints by itself again.
 *
 * The thread starts `CHECKPOINT_EVERY_MS` after the store opens, and looks at once: a store
 * closed before then (a tool, a test, a server that fails to start) had nothing to copy, and
 * starting the thread was ~80 ms of CPU, three quarters of such a store's.
 *
 * While checkpoints fail (a read-only or full disk), the worker backs off and `onError` hears
 * of it once per `REPORT_EVERY_MS`, with the number of failures since, not every 200 ms (also
 * when the fault comes and goes: a flapping disk is reported no more often).
 */
export class Checkpointer {
  private worker: Worker | undefined;
  private readonly starting: NodeJS.Timeout;
  private stopping = false;
  private reportedAt: number | undefined;
  private unreported = 0;

  constructor(
    private readonly db: Db,
    private readonly path: string,
    private readonly onError: (message: string) => void = () => {},
    private readonly clock: () => number = Date.now,
  ) {
    db.$client.pragma('wal_autocheckpoint = 0');
    this.starting = setTimeout(() => this.start(), CHECKPOINT_EVERY_MS).unref();
  }

  private start(): void {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        driver,
        path: this.path,
        everyMs: CHECKPOINT_EVERY_MS,
        quietLooks: QUIET_LOOKS_BEFORE_TRUNCATE,
        maxBackoffMs: MAX_BACKOFF_MS,
      },
    });
    worker.on('message', (message: { error: string }) => this.failed(message.error));
    worker.on('error', (error) => this.onError(`checkpoint worker failed: ${String(error)}`));
    worker.on('exit', () => {
      if (!this.stopping && this.db.$client.open) this.db.$client.pragma('wal_autocheckpoint = 1000');
    });
    this.worker = worker;
  }

  async stop(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    clearTimeout(this.starting);
    const worker = this.worker;
    if (worker === undefined) return;
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    worker.postMessage('stop');
    await exited;
  }

  private failed(message: string): void {
    const now = this.clock();
    if (this.reportedAt !== undefined && now - this.reportedAt < REPORT_EVERY_MS) {
      this.unreported += 1;
      return;
    }
    const since = this.unreported > 0 ? ` (and ${this.unreported} more failures since the last report)` : '';
    this.reportedAt = now;
    this.unreported = 0;
    this.onError(`checkpoint failed: ${message}${since}`);
  }
}
