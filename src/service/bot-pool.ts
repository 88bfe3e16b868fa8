/**
 * A pool of worker threads that run bot jobs (`bot-worker.ts`), so a search of hundreds of
 * milliseconds never holds the event loop that answers HTTP. Invariants:
 * - at most `size` workers, started when jobs come (a server with no bot games starts none);
 * - each worker runs one job at a time; jobs wait in a FIFO of at most `queueLimit`, beyond
 *   which `run` refuses at once (`BotPoolBusyError`) rather than let the queue grow unbounded;
 * - a worker that dies fails its job (`BotWorkerCrashedError`, the caller retries) and is
 *   replaced when work is waiting; the other jobs are unaffected;
 * - an idle worker does not keep the process alive; `close` fails what is queued and running
 *   (`BotPoolClosedError`) and terminates every worker.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { BotAnswer, BotJob, WorkerReply } from './bot-job.js';
import type { AnalysisAnswer, AnalysisJob } from './analysis-job.js';

export interface BotPoolOptions {
  /** Worker threads at most (`BOT_WORKERS`; default `defaultBotWorkers()`). */
  size: number;
  /** Jobs waiting for a worker at most (`BOT_QUEUE`). */
  queueLimit: number;
}

export const DEFAULT_BOT_QUEUE = 256;

/** One core stays for the HTTP thread: max(1, cores − 1). */
export function defaultBotWorkers(): number {
  return Math.max(1, availableParallelism() - 1);
}

export class BotPoolBusyError extends Error {
  constructor(limit: number) {
    super(`${limit} bot jobs are already waiting`);
    this.name = 'BotPoolBusyError';
  }
}

export class BotPoolClosedError extends Error {
  constructor() {
    super('the bot pool is closed');
    this.name = 'BotPoolClosedError';
  }
}

export class BotWorkerCrashedError extends Error {
  constructor(code: number) {
    super(`a bot worker stopped (exit code ${code}) during the job`);
    this.name = 'BotWorkerCrashedError';
  }
}

/** The worker refused the job (a log that does not replay, a seat that is not the actor). */
export class BotJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BotJobError';
  }
}

interface Pending {
  job: BotJob | AnalysisJob;
  resolve: (answer: never) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  running: Pending | null;
}

/**
 * Where the worker is and how to start it. From `dist/` it is the compiled `.js` beside this
 * module. From the TypeScript sources (tests, tsx) it is the `.ts` file, and the thread needs a
 * TypeScript loader of its own: on Node 20 neither tap's nor tsx's `--import` hooks reach a
 * worker reliably, so a one-line bootstrap registers tsx's loader in the thread first.
 */
function workerEntry(): { filename: string | URL; options: { eval?: boolean; execArgv?: string[] } } {
  const self = import.meta.url;
  if (!self.endsWith('.ts')) return { filename: new URL('./bot-worker.js', self), options: {} };
  const api = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./bot-worker.ts', self).href;
  const boot = `import(${JSON.stringify(api)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`;
  return { filename: boot, options: { eval: true, execArgv: [] } };
}

export class BotPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  /** Background jobs (analyses): a worker takes one only when no bot job waits (`runLow`). */
  private readonly lowQueue: Pending[] = [];
  private closed = false;

  constructor(private readonly options: BotPoolOptions) {
    if (!Number.isInteger(options.size) || options.size < 1) throw new RangeError('a bot pool needs at least one worker');
  }

  /** Runs `job` on a worker; rejects with one of this module's errors. */
  run(job: BotJob): Promise<BotAnswer> {
    if (this.closed) return Promise.reject(new BotPoolClosedError());
    return new Promise((resolve, reject) => {
      const idle = this.slots.find((s) => s.running === null);
      if (idle) return this.start(idle, { job, resolve, reject });
      if (this.slots.length < this.options.size) return this.start(this.spawn(), { job, resolve, reject });
      if (this.queue.length >= this.options.queueLimit) return reject(new BotPoolBusyError(this.options.queueLimit));
      this.queue.push({ job, resolve, reject });
    });
  }

  /**
   * Runs a background job (a step of a post-game analysis) at a lower priority than every bot
   * turn and hint: it waits until a worker is idle and no `run` job is queued, and never takes
   * the last worker, so a bot job always finds one free or about to be (one step is short).
   */
  runLow(job: AnalysisJob): Promise<AnalysisAnswer> {
    if (this.closed) return Promise.reject(new BotPoolClosedError());
    return new Promise((resolve, reject) => {
      this.lowQueue.push({ job, resolve, reject });
      this.startLow();
    });
  }

  private startLow(): void {
    if (this.closed || this.queue.length > 0 || this.lowQueue.length === 0) return;
    const lowRunning = this.slots.filter((s) => s.running && this.isLow(s.running)).length;
    if (lowRunning >= Math.max(1, this.options.size - 1)) return;
    const idle = this.slots.find((s) => s.running === null) ?? (this.slots.length < this.options.size ? this.spawn() : undefined);
    if (idle) this.start(idle, this.lowQueue.shift()!);
  }

  private isLow(p: Pending): boolean {
    return 'kind' in p.job;
  }

  /** Workers started, those running a job, and jobs waiting. */
  stats(): { workers: number; busy: number; queued: number } {
    return { workers: this.slots.length, busy: this.slots.filter((s) => s.running).length, queued: this.queue.length };
  }

  /** The live threads (for observation, and for tests that kill one to see the pool recover). */
  threads(): readonly Worker[] {
    return this.slots.map((s) => s.worker);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const pending of [...this.queue.splice(0), ...this.lowQueue.splice(0)]) pending.reject(new BotPoolClosedError());
    const slots = this.slots.splice(0);
    for (const slot of slots) slot.running?.reject(new BotPoolClosedError());
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  private spawn(): Slot {
    const { filename, options } = workerEntry();
    const worker = new Worker(filename, options);
    const slot: Slot = { worker, running: null };
    this.slots.push(slot);
    worker.on('message', (reply: WorkerReply) => {
      const done = slot.running;
      slot.running = null;
      worker.unref();
      if (done) {
        if (reply.ok) done.resolve(reply.answer as never);
        else done.reject(new BotJobError(reply.error));
      }
      this.next(slot);
    });
    // An uncaught error ends the thread: 'exit' follows and does the accounting.
    worker.on('error', () => {});
    worker.on('exit', (code) => {
      const index = this.slots.indexOf(slot);
      if (index < 0) return; // closed: its job was failed already
      this.slots.splice(index, 1);
      slot.running?.reject(new BotWorkerCrashedError(code));
      slot.running = null;
      const waiting = this.queue.shift();
      if (waiting && !this.closed) this.start(this.spawn(), waiting);
      else this.startLow();
    });
    return slot;
  }

  private start(slot: Slot, pending: Pending): void {
    slot.running = pending;
    // Busy, the worker keeps the process alive until it answers; idle, it does not.
    slot.worker.ref();
    slot.worker.postMessage(pending.job);
  }

  private next(slot: Slot): void {
    const waiting = this.queue.shift();
    if (waiting && !this.closed) this.start(slot, waiting);
    else this.startLow();
  }
}
