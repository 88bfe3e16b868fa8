/**
 * A background job that looks for work now and then: at once when woken (this process wrote
 * work for it), else every `pollMs` (work another process or node wrote, retries falling due).
 * One run at a time; a wake-up during a run makes another right after it, so no wake-up is lost.
 * The senders of the games' webhooks and of the accounts' webhooks each run on one.
 */
export class PollLoop {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private closed = false;

  /** `run` looks once and never rejects (its caller reports its own failures). */
  constructor(
    private readonly run: () => Promise<void>,
    private readonly pollMs: number,
  ) {}

  start(): void {
    this.schedule(0);
  }

  /** There is work: look now rather than at the next poll. */
  wake(): void {
    if (this.closed) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  private schedule(ms: number): void {
    if (this.closed) return;
    clearTimeout(this.timer);
    // A poll never keeps the process alive by itself.
    this.timer = setTimeout(() => void this.pass(), ms).unref();
  }

  private async pass(): Promise<void> {
    if (this.running || this.closed) return;
    this.running = this.run();
    await this.running;
    this.running = undefined;
    const again = this.again;
    this.again = false;
    this.schedule(again ? 0 : this.pollMs);
  }

  /** Stops looking, and waits for a look in progress. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.running;
  }
}
