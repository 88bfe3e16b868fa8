import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Db } from './database.js';

/** How often the worker copies the log into the database file. */
export const CHECKPOINT_EVERY_MS = 200;

// The worker is a few lines of CommonJS on its own connection: no module of this project has to
// be loadable there (tests run the sources through a TypeScript loader).
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path);
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort.postMessage(String(error));
  }
}, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/**
 * Checkpoints the write-ahead log from a worker thread. SQLite's automatic checkpoint runs
 * inside whichever commit fills the log, on the server's one thread, and its fsyncs stalled
 * every request behind it for milliseconds (the tail of the move latency). A PASSIVE
 * checkpoint takes no lock that readers or writers wait for, so it can run beside them on its
 * own connection. Should the worker stop, the connection checkpoints by itself again.
 */
export class Checkpointer {
  private readonly worker: Worker;
  private stopping = false;

  constructor(
    private readonly db: Db,
    path: string,
    onError: (message: string) => void = () => {},
  ) {
    db.$client.pragma('wal_autocheckpoint = 0');
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    this.worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver, path, everyMs: CHECKPOINT_EVERY_MS } });
    this.worker.on('message', onError);
    this.worker.on('error', (error) => onError(String(error)));
    this.worker.on('exit', () => {
      if (!this.stopping && this.db.$client.open) this.db.$client.pragma('wal_autocheckpoint = 1000');
    });
  }

  async stop(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    const exited = new Promise((resolve) => this.worker.once('exit', resolve));
    this.worker.postMessage('stop');
    await exited;
  }
}
