/**
 * Hands the C allocator's free memory back to the system once a burst of connections has
 * closed. glibc returns freed memory only from the top of its heaps: thousands of streams that
 * open together and close together leave their freed pages scattered below live ones, and the
 * process keeps them (measured: 132 MB before 6,000 streams, 188 MB 15 s after they closed,
 * 133 MB after `malloc_trim`; docs/operations.md). `malloc_trim(0)` releases those pages; it is
 * called through koffi (an FFI library with prebuilt binaries), on libuv's thread pool, so the
 * walk over the heaps never holds the event loop. A closed socket's native memory is freed only
 * when V8 collects its JavaScript object, which for a long-lived stream is the next full
 * collection: the trim waits for that one, and runs one itself when V8 has not within
 * `gcWaitMs` (an idle server may not for a long while). Where there is no glibc (musl returns
 * memory by itself, other systems have their own allocators) nothing is done.
 */
import { createRequire } from 'node:module';
import { PerformanceObserver, constants, type NodeGCPerformanceDetail } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** `malloc_trim(pad)` run off the event loop; calls back with whether memory was released. */
export type Trim = (done: (released: boolean) => void) => void;

/** glibc's `malloc_trim`, or undefined where it cannot be loaded. */
export function glibcTrim(): Trim | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    const koffi = createRequire(import.meta.url)('koffi') as typeof import('koffi');
    const trim = koffi.load('libc.so.6').func('int malloc_trim(size_t pad)');
    return (done) => {
      trim.async(0, (error: unknown, result: number) => done(!error && result === 1));
    };
  } catch {
    return undefined;
  }
}

/** Calls `then` once after the next full garbage collection; answers a cancel. */
export type AfterFullGc = (then: () => void) => () => void;

/** Watches V8's collections only while waiting for a full one (a scavenge every few ms otherwise). */
export const afterFullGc: AfterFullGc = (then) => {
  const observer = new PerformanceObserver((list) => {
    const full = list
      .getEntries()
      .some((e) => (e as { detail?: NodeGCPerformanceDetail }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR);
    if (!full) return;
    observer.disconnect();
    then();
  });
  observer.observe({ entryTypes: ['gc'] });
  return () => observer.disconnect();
};

/**
 * A full collection on demand. Node gives a program no `gc()` without `--expose-gc`; the flag
 * reaches contexts made after it is set, hence the new context (asked only once a burst found
 * V8 idle).
 */
export function fullGc(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

export interface TrimPolicy {
  /** Connections closed since the last trim before another is worth it. */
  closes: number;
  /** From the close that reaches `closes` until the trim waits for a full collection (the rest of a burst closes meanwhile). */
  quietMs: number;
  /** The longest wait for that collection: then the server runs one itself. */
  gcWaitMs: number;
  /** From the collection to the trim. */
  settleMs: number;
}

/** 1,000 closed connections hold megabytes of freed buffers; a trim costs a few ms of a pool thread. */
export const DEFAULT_TRIM_POLICY: TrimPolicy = { closes: 1000, quietMs: 2000, gcWaitMs: 10_000, settleMs: 1000 };

/** What a trim did: whether glibc released anything, and the process's RSS around it. */
export interface Trimmed {
  released: boolean;
  rssBeforeMb: number;
  rssAfterMb: number;
}

const rssMb = () => Math.round(process.memoryUsage.rss() / 2 ** 20);

export class AllocatorTrim {
  private closed = 0;
  private timer: NodeJS.Timeout | undefined;
  private cancelGcWait: (() => void) | undefined;
  /** Trims done, for observation. */
  trims = 0;

  constructor(
    /** null: none (the default is glibc's, where there is one). */
    private readonly trim: Trim | null = glibcTrim() ?? null,
    private readonly policy: TrimPolicy = DEFAULT_TRIM_POLICY,
    private readonly onTrimmed: (trimmed: Trimmed) => void = () => {},
    private readonly afterGc: AfterFullGc = afterFullGc,
    private readonly collect: () => void = fullGc,
  ) {}

  /** Whether this process can trim at all. */
  get available(): boolean {
    return this.trim !== null;
  }

  /** One connection closed. */
  closedOne(): void {
    if (!this.trim || ++this.closed < this.policy.closes || this.timer) return;
    // Not pushed back by later closes: a busy server never stops closing connections.
    this.timer = setTimeout(() => this.awaitGc(), this.policy.quietMs).unref();
  }

  private awaitGc(): void {
    const go = (afterMs: number) => {
      clearTimeout(this.timer);
      this.cancelGcWait?.();
      this.cancelGcWait = undefined;
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.run();
      }, afterMs).unref();
    };
    // The sockets' native parts are freed by callbacks that run after the collection itself.
    this.cancelGcWait = this.afterGc(() => go(this.policy.settleMs));
    this.timer = setTimeout(() => {
      // V8 collected nothing meanwhile (an idle server may not for a long while): one full
      // collection, tens of ms once after a burst, so that the memory is freed to be trimmed.
      this.cancelGcWait?.();
      this.cancelGcWait = undefined;
      this.collect();
      go(this.policy.settleMs);
    }, this.policy.gcWaitMs).unref();
  }

  private run(): void {
    this.closed = 0;
    const rssBeforeMb = rssMb();
    this.trim!((released) => {
      this.trims++;
      this.onTrimmed({ released, rssBeforeMb, rssAfterMb: rssMb() });
    });
  }

  close(): void {
    clearTimeout(this.timer);
    this.cancelGcWait?.();
    this.timer = this.cancelGcWait = undefined;
  }
}
