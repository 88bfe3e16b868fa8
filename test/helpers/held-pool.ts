/**
 * A bot pool for hints whose jobs end when the test says: a hint stays in progress until its
 * job is released (or failed), so a test waits for a job to start, an event, never for a time.
 */
import type { BotAnswer, BotJob } from '../../src/service/bots/bot-job.js';
import type { JobOrder } from '../../src/service/bots/bot-pool.js';
import type { HintPool } from '../../src/service/bots/hints.js';

export interface HeldJob {
  job: BotJob;
  order: JobOrder;
  release(answer: BotAnswer): void;
  fail(error: Error): void;
}

export class HeldPool implements HintPool {
  /** The jobs started, in order. */
  readonly jobs: HeldJob[] = [];
  private readonly waits: { n: number; resolve: (job: HeldJob) => void }[] = [];

  run(job: BotJob, order: JobOrder): Promise<BotAnswer> {
    return new Promise((release, fail) => {
      this.jobs.push({ job, order, release, fail });
      for (const wait of this.waits.filter((w) => w.n <= this.jobs.length)) {
        this.waits.splice(this.waits.indexOf(wait), 1);
        wait.resolve(this.jobs[wait.n - 1]);
      }
    });
  }

  /** The `n`th job started (from 1), once it has. */
  started(n: number): Promise<HeldJob> {
    if (n <= this.jobs.length) return Promise.resolve(this.jobs[n - 1]);
    return new Promise((resolve) => this.waits.push({ n, resolve }));
  }
}
