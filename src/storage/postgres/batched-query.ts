/**
 * Calls that share one query: at most one is in flight, and a call is always answered by a
 * query sent after it was made (never by one already running). Calls made while none runs are
 * sent together once the event loop's current phase ends (`setImmediate`), so the requests
 * parsed from one poll of the sockets share one query; calls made while one runs wait for it to
 * settle and share the next. Under load a batch grows with the round trip, as the group
 * commit's does; alone, a call waits one query, as it would without batching.
 *
 * Why: every statement costs a node a round trip through the driver and a write to the socket
 * (on a loaded machine the largest single cost of a move on PostgreSQL: docs/scaling.md),
 * whatever it carries.
 */
interface Waiting<In, Out> {
  input: In;
  resolve: (output: Out) => void;
  reject: (error: unknown) => void;
}

export class BatchedQuery<In, Out> {
  private next: Waiting<In, Out>[] = [];
  private running = false;
  private scheduled = false;

  constructor(
    /** Answers every input, in order; rejects with the error every call of the batch gets. */
    private readonly run: (inputs: In[]) => Promise<Out[]>,
    /** When given, two calls with the same key never share a query (the later waits for the next). */
    private readonly distinct?: (input: In) => string,
  ) {}

  ask(input: In): Promise<Out> {
    return new Promise((resolve, reject) => {
      this.next.push({ input, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.running || this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.send();
    });
  }

  private take(): Waiting<In, Out>[] {
    if (!this.distinct) {
      const batch = this.next;
      this.next = [];
      return batch;
    }
    const keys = new Set<string>();
    const batch: Waiting<In, Out>[] = [];
    const later: Waiting<In, Out>[] = [];
    for (const waiting of this.next) {
      const key = this.distinct(waiting.input);
      (keys.has(key) ? later : batch).push(waiting);
      keys.add(key);
    }
    this.next = later;
    return batch;
  }

  private async send(): Promise<void> {
    const batch = this.take();
    this.running = true;
    try {
      const outputs = await this.run(batch.map((w) => w.input));
      for (const [i, waiting] of batch.entries()) waiting.resolve(outputs[i]);
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
    } finally {
      this.running = false;
      if (this.next.length > 0) this.schedule();
    }
  }
}
