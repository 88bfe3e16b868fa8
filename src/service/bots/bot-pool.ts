/**
 * A pool of worker threads that run bot jobs (`bot-worker.ts`), so a search of hundreds of
 * milliseconds never holds the event loop that answers HTTP. Invariants:
 * - at most `size` workers, started when jobs come (a server with no bot games starts none),
 *   and one more, the express worker, that runs cheap jobs only (`random`, `greedy`, the
 *   autopilots: milliseconds each), so those never wait behind a search of hundreds;
 * - a job is a bot's turn or hint (`BotJob`) or a step of a post-game analysis (`AnalysisJob`,
 *   lane `analysis`: it runs only when no job of a higher lane waits);
 * - each worker runs one job at a time; waiting jobs are ordered by lane (`BOT_LANES`, highest
 *   first), and within a lane the owners (who pays: a game's creator, a hint's client) take
 *   turns, each owner's jobs in order. An owner never holds more than `maxPerOwner` workers at
 *   once: its other jobs wait even when a worker is idle, so one creator's games cannot take
 *   every worker;
 * - each lane holds at most `queueLimit` waiting jobs, beyond which `run` refuses at once
 *   (`BotPoolBusyError`) rather than let the queue grow unbounded; a flood of one lane never
 *   refuses another's;
 * - a worker that dies fails its job (`BotWorkerCrashedError`, the caller retries) and is
 *   replaced when work is waiting; the other jobs are unaffected;
 * - an idle worker does not keep the process alive; `close` fails what is queued and running
 *   (`BotPoolClosedError`) and terminates every worker.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { BotAnswer, BotJob, WorkerReply } from './bot-job.js';
import type { AnalysisAnswer, AnalysisJob } from '../analysis/analysis-job.js';

export interface BotPoolOptions {
  /** Worker threads at most (`BOT_WORKERS`; default `defaultBotWorkers()`), besides the express one. */
  size: number;
  /** Jobs waiting for a worker at most, per lane (`BOT_QUEUE`). */
  queueLimit: number;
  /** Workers one owner's jobs may hold at once (`BOT_WORKERS_PER_CREATOR`); default `size`. */
  maxPerOwner?: number;
  /** Runs cheap jobs on a worker of their own when the others are busy (default true). */
  express?: boolean;
}

/**
 * The lanes of the queue, highest priority first: cheap bots (a move in milliseconds); the
 * mcts turns of games with a human; hints; the mcts turns of games of bots only (nobody
 * waits for them); and work nobody waits for at all (post-game analysis).
 */
export const BOT_LANES = ['cheap', 'play', 'hint', 'background', 'analysis'] as const;
export type BotLane = (typeof BOT_LANES)[number];

/** Where a job waits: its lane, and who pays for it (a key: an address, a game's creator). */
export interface JobOrder {
  lane: BotLane;
  owner: string;
}

const DEFAULT_ORDER: JobOrder = { lane: 'play', owner: '' };

export const DEFAULT_BOT_QUEUE = 256;

/** One core stays for the HTTP thread: max(1, cores − 1). */
export function defaultBotWorkers(): number {
  return Math.max(1, availableParallelism() - 1);
}

/** `BOT_WORKERS_PER_CREATOR`: half the workers (at least one), so one creator never holds them all. */
export function defaultWorkersPerCreator(workers: number): number {
  return Math.max(1, Math.floor(workers / 2));
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
  order: JobOrder;
  resolve: (answer: never) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  running: Pending | null;
  /** The express worker: cheap jobs only. */
  express: boolean;
}

/** Waiting jobs: per lane, per owner in turn (a Map keeps the order owners take their turns in). */
class FairQueue {
  private readonly lanes = new Map<BotLane, Map<string, Pending[]>>(BOT_LANES.map((lane) => [lane, new Map()]));
  private readonly sizes = new Map<BotLane, number>(BOT_LANES.map((lane) => [lane, 0]));

  size(lane?: BotLane): number {
    if (lane) return this.sizes.get(lane)!;
    let n = 0;
    for (const size of this.sizes.values()) n += size;
    return n;
  }

  push(pending: Pending): void {
    const owners = this.lanes.get(pending.order.lane)!;
    const queue = owners.get(pending.order.owner);
    if (queue) queue.push(pending);
    else owners.set(pending.order.owner, [pending]);
    this.sizes.set(pending.order.lane, this.size(pending.order.lane) + 1);
  }

  /** Takes the next job of `lanes` whose owner `may` run one; the owner goes to the back of its lane's turn. */
  take(lanes: readonly BotLane[], may: (owner: string) => boolean): Pending | undefined {
    for (const lane of lanes) {
      const owners = this.lanes.get(lane)!;
      for (const [owner, queue] of owners) {
        if (!may(owner)) continue;
        const pending = queue.shift()!;
        owners.delete(owner);
        if (queue.length > 0) owners.set(owner, queue);
        this.sizes.set(lane, this.size(lane) - 1);
        return pending;
      }
    }
    return undefined;
  }

  drain(): Pending[] {
    const all: Pending[] = [];
    for (const owners of this.lanes.values()) {
      for (const queue of owners.values()) all.push(...queue);
      owners.clear();
    }
    for (const lane of BOT_LANES) this.sizes.set(lane, 0);
    return all;
  }
}

const CHEAP_LANES: readonly BotLane[] = ['cheap'];

/**
 * Where the worker is and how to start it. From `dist/` it is the compiled `.js` beside this
 * module. From the TypeScript sources (tests, tsx) it is the `.ts` file, and the thread needs a
 * TypeScript loader of its own: on Node 20 neither tap's nor tsx's `--import` hooks reach a
 * worker reliably, so a one-line bootstrap registers one in the thread first: the module named by
 * `TS_WORKER_LOADER` (the tests' own, whose transforms are cached on disk: a thread through tsx
 * took about a second of CPU to load, and the tests start dozens), else tsx's.
 */
function workerEntry(): { filename: string | URL; options: { eval?: boolean; execArgv?: string[] } } {
  const self = import.meta.url;
  if (!self.endsWith('.ts')) return { filename: new URL('./bot-worker.js', self), options: {} };
  const entry = new URL('./bot-worker.ts', self).href;
  const loader = process.env.TS_WORKER_LOADER;
  const register = loader
    ? `import(${JSON.stringify(loader)})`
    : `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => tsx.register())`;
  const boot = `${register}.then(() => import(${JSON.stringify(entry)}))`;
  return { filename: boot, options: { eval: true, execArgv: [] } };
}

export class BotPool {
  private readonly slots: Slot[] = [];
  private readonly queue = new FairQueue();
  /** Workers each owner holds now. */
  private readonly held = new Map<string, number>();
  private readonly maxPerOwner: number;
  private closed = false;

  constructor(private readonly options: BotPoolOptions) {
    if (!Number.isInteger(options.size) || options.size < 1)
      throw new RangeError('a bot pool needs at least one worker');
    this.maxPerOwner = Math.max(1, options.maxPerOwner ?? options.size);
  }

  /**
   * Runs `job` on a worker, in `order`'s lane and on its owner's account; rejects with one of
   * this module's errors. A step of a post-game analysis goes in lane `analysis`.
   */
  run(job: BotJob, order?: JobOrder): Promise<BotAnswer>;
  run(job: AnalysisJob, order: JobOrder): Promise<AnalysisAnswer>;
  run(job: BotJob | AnalysisJob, order: JobOrder = DEFAULT_ORDER): Promise<BotAnswer | AnalysisAnswer> {
    if (this.closed) return Promise.reject(new BotPoolClosedError());
    return new Promise<BotAnswer | AnalysisAnswer>((resolve, reject) => {
      if (this.queue.size(order.lane) >= this.options.queueLimit)
        return reject(new BotPoolBusyError(this.options.queueLimit));
      this.queue.push({ job, order, resolve: resolve, reject });
      this.dispatch();
    });
  }

  /** Workers started (the express one aside), those running a job, and jobs waiting. */
  stats(): { workers: number; busy: number; queued: number } {
    const general = this.slots.filter((s) => !s.express);
    return { workers: general.length, busy: general.filter((s) => s.running).length, queued: this.queue.size() };
  }

  /** Jobs waiting in `lane`. */
  waiting(lane: BotLane): number {
    return this.queue.size(lane);
  }

  /** The live threads (for observation, and for tests that kill one to see the pool recover). */
  threads(): readonly Worker[] {
    return this.slots.map((s) => s.worker);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.queue.drain()) pending.reject(new BotPoolClosedError());
    const slots = this.slots.splice(0);
    for (const slot of slots) slot.running?.reject(new BotPoolClosedError());
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  /** Starts waiting jobs on idle workers (starting workers up to the size) while any may run. */
  private dispatch(): void {
    const may = (owner: string) => owner === '' || (this.held.get(owner) ?? 0) < this.maxPerOwner;
    while (!this.closed) {
      const general = this.slots.find((s) => !s.express && s.running === null);
      const generals = this.slots.filter((s) => !s.express).length;
      if (general || generals < this.options.size) {
        const pending = this.queue.take(BOT_LANES, may);
        if (pending) {
          this.start(general ?? this.spawn(false), pending);
          // The express worker starts with the first one (a thread takes a while to load the
          // engine): the first cheap job then never waits for that either.
          if (this.options.express !== false && !this.slots.some((s) => s.express)) this.spawn(true);
          continue;
        }
      }
      if (this.options.express === false || this.queue.size('cheap') === 0) return;
      const express = this.slots.find((s) => s.express);
      if (express && express.running !== null) return;
      const pending = this.queue.take(CHEAP_LANES, may);
      if (!pending) return;
      this.start(express ?? this.spawn(true), pending);
    }
  }

  private spawn(express: boolean): Slot {
    const { filename, options } = workerEntry();
    const worker = new Worker(filename, options);
    worker.unref(); // idle until `start`
    const slot: Slot = { worker, running: null, express };
    this.slots.push(slot);
    worker.on('message', (reply: WorkerReply) => {
      const done = slot.running;
      this.finish(slot);
      worker.unref();
      if (done) {
        if (reply.ok) done.resolve(reply.answer as never);
        else done.reject(new BotJobError(reply.error));
      }
      this.dispatch();
    });
    // An uncaught error ends the thread: 'exit' follows and does the accounting.
    worker.on('error', () => {});
    worker.on('exit', (code) => {
      const index = this.slots.indexOf(slot);
      if (index < 0) return; // closed: its job was failed already
      this.slots.splice(index, 1);
      const crashed = slot.running;
      this.finish(slot);
      crashed?.reject(new BotWorkerCrashedError(code));
      this.dispatch();
    });
    return slot;
  }

  private start(slot: Slot, pending: Pending): void {
    slot.running = pending;
    this.held.set(pending.order.owner, (this.held.get(pending.order.owner) ?? 0) + 1);
    // Busy, the worker keeps the process alive until it answers; idle, it does not.
    slot.worker.ref();
    slot.worker.postMessage(pending.job);
  }

  /** The slot's job is over: its owner holds one worker less. */
  private finish(slot: Slot): void {
    const owner = slot.running?.order.owner;
    slot.running = null;
    if (owner === undefined) return;
    const left = (this.held.get(owner) ?? 1) - 1;
    if (left > 0) this.held.set(owner, left);
    else this.held.delete(owner);
  }
}
