/**
 * Group commit: submissions that arrive together are committed together. They queue until the
 * event loop has read every request at hand (or for the store's `commitWindowMs`), then one write transaction of the snapshot cache
 * judges them in arrival order and the store appends the accepted ones in one `appendBatch`.
 * One batch at a time: what arrives while a batch commits forms the next. Invariants:
 * - an answer goes out, and long-polls wake, only after its batch committed;
 * - of submissions for the same version exactly one is appended (the log's key decides, in this
 *   process or across processes), and each is judged on its own, as if it had come alone:
 *   - a storage fault (the store busy beyond its timeout, full, read-only or unreachable): the
 *     whole batch is refused at once with its code and Retry-After (trying each alone would
 *     meet the fault again, or wait the busy timeout again for each), and the clients retry;
 *   - a sequence number taken by another writer: each submission is judged again alone, on the
 *     log's current version; taken again, it is a conflict;
 *   - any other fault: each submission is tried alone, so one cannot fail the others;
 * - a second use of one Idempotency-Key within a batch waits for the next batch, where the first
 *   is committed and it is answered as its replay.
 */
import { SequenceTakenError, type GameStore, type NewMove } from '../../storage/game-store.js';
import type { Committed, MoveSubmission, SubmitResult } from './idempotency.js';
import { judgeAct, type PendingAct } from './act-submission.js';
import { judge, type Judged, type PendingSubmission } from './move-submission.js';
import { ServiceError, storeFaultError } from '../service-error.js';
import type { Snapshot } from '../cache/snapshot.js';
import type { SnapshotCache } from '../cache/snapshot-cache.js';
import type { StoreHealthMonitor } from '../store-health.js';

type Queued = (PendingSubmission | PendingAct) & {
  resolve: (result: Committed) => void;
  reject: (error: unknown) => void;
};

const isAct = (s: PendingSubmission | PendingAct): s is PendingAct => 'kind' in s && s.kind === 'act';

/** Marks a submission put off to the next batch. */
const DEFERRED = Symbol('deferred');

export class GroupCommit {
  private pending: Queued[] = [];
  private running: Promise<void> | undefined;

  constructor(
    private readonly store: GameStore,
    private readonly snapshots: SnapshotCache,
    private readonly now: () => Date,
    /** Told of each entry a committed batch appended, with its game's snapshot after the batch. */
    private readonly onCommitted: (gameId: string, snapshot: Snapshot) => void,
    /** Told whether each append committed or met a storage fault. */
    private readonly health: StoreHealthMonitor,
    /** Told after a batch that wrote webhook deliveries committed (the sender looks at once). */
    private readonly onDeliveries: () => void = () => {},
    /** Told of the accounts a committed batch wrote stream events for (their streams look at once). */
    private readonly onAccountEvents: (accountIds: string[]) => void = () => {},
  ) {}

  submit(
    id: string,
    digest: PendingSubmission['digest'],
    submission: MoveSubmission,
    idempotencyKey: string | undefined,
    minimal: boolean,
  ): Promise<SubmitResult> {
    return this.enqueue<SubmitResult>({ id, digest, submission, idempotencyKey, minimal });
  }

  /** A lifecycle act, committed with the moves that arrive with it (`act-submission.ts`). */
  submitAct(act: PendingAct): Promise<Committed> {
    return this.enqueue<Committed>(act);
  }

  /** `R` is what judging `item` answers: a submission's `judge` a SubmitResult, an act's `judgeAct` its version. */
  private enqueue<R extends Committed>(item: PendingSubmission | PendingAct): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      // The item's members after the others: on Node 20, members added after a spread made a
      // new shape for each item (~1.5 µs), and each read of a batch's items megamorphic; a move
      // took ~12 % longer (`npm run bench:answers-ab`).
      this.pending.push({ resolve: resolve as (result: Committed) => void, reject, ...item });
      if (this.pending.length > 1 || this.running) return;
      const window = this.store.commitWindowMs ?? 0;
      if (window > 0) setTimeout(this.flush, window);
      else setImmediate(this.flush);
    });
  }

  /** Commits everything queued; resolves when no batch is left. */
  async drain(): Promise<void> {
    this.flush();
    await this.running;
  }

  private readonly flush = (): void => {
    if (this.running || this.pending.length === 0) return;
    this.running = this.commitAll();
  };

  private async commitAll(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending;
      this.pending = [];
      await this.commit(batch, false);
    }
    this.running = undefined;
  }

  private async commit(batch: Queued[], retried: boolean): Promise<void> {
    // One time for the batch: its moves are committed at one instant.
    const at = this.now().toISOString();
    const outcomes: (Judged | ServiceError | typeof DEFERRED)[] = [];
    let delivering = false;
    const accounts: string[] = [];
    try {
      await this.snapshots.write(async (tx) => {
        const keys = new Set<string>();
        const rows: NewMove[] = [];
        for (const s of batch) {
          if (!isAct(s) && s.idempotencyKey !== undefined) {
            const key = `${s.id} ${s.idempotencyKey}`;
            if (keys.has(key)) {
              outcomes.push(DEFERRED);
              continue;
            }
            keys.add(key);
          }
          try {
            const pending = isAct(s) ? judgeAct(s, tx, this.store, at) : judge(s, tx, this.store, at);
            const judged = pending instanceof Promise ? await pending : pending;
            outcomes.push(judged);
            if (judged.row) rows.push(judged.row);
          } catch (error) {
            if (!(error instanceof ServiceError)) throw error;
            outcomes.push(error);
          }
        }
        if (rows.length > 0) {
          await this.store.appendBatch(rows);
          this.health.succeeded();
        }
        // Plain loops, not a closure and an array or two for every batch: a move ×0.97 with and
        // without the state (`bench:answers-ab`, BENCH_ANSWERS=move BENCH_ISOLATE=1, Node 24).
        for (const r of rows) {
          if (r.deliveries !== undefined && r.deliveries.length > 0) delivering = true;
          if (r.accountEvents) for (const e of r.accountEvents) accounts.push(e.accountId);
        }
      });
    } catch (error) {
      await this.failed(batch, error, retried);
      return;
    }
    if (delivering) this.onDeliveries();
    if (accounts.length > 0) this.onAccountEvents(accounts);
    const deferred: Queued[] = [];
    for (let i = 0; i < batch.length; i++) {
      const s = batch[i];
      const outcome = outcomes[i];
      if (outcome === DEFERRED) deferred.push(s);
      else if (outcome instanceof ServiceError) s.reject(outcome);
      else {
        s.resolve(outcome.result);
        if (outcome.snapshot) this.onCommitted(s.id, outcome.snapshot);
      }
    }
    if (deferred.length > 0) this.pending.unshift(...deferred);
  }

  /** The batch was rolled back (the snapshot cache dropped what it touched). */
  private async failed(batch: Queued[], error: unknown, retried: boolean): Promise<void> {
    this.health.failed(error);
    const fault = storeFaultError(error);
    if (fault) {
      for (const s of batch) s.reject(fault);
      return;
    }
    const taken = error instanceof SequenceTakenError;
    if (taken && retried) {
      // Alone, judged on the log's version, and still taken: another writer won just now.
      const s = batch[0];
      const seq = isAct(s) ? 'its' : s.submission.expectedVersion + 1;
      await this.store
        .version(s.id)
        .then(
          (currentVersion) =>
            s.reject(new ServiceError('VERSION_CONFLICT', `another move took version ${seq}`, { currentVersion })),
          s.reject,
        );
      return;
    }
    if (batch.length === 1 && !taken) {
      batch[0].reject(error);
      return;
    }
    for (const s of batch) await this.commit([s], taken);
  }
}
