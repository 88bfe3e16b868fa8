/**
 * A rate limiter's budget shared by every node (`RateLimitOptions.shared`): the bucket per key
 * lives in the store (`BudgetLedger`, PostgreSQL's `rate_budgets`), and each node draws tokens
 * from it a portion at a time, then lets requests through from what it drew without asking.
 * With N live nodes and burst B, a portion is B / 8N (at least 1). Invariants:
 * - every request a node lets through is charged to the shared bucket, by the draw that brought
 *   its token or, for one let through on credit, by the next draw (which may take the bucket
 *   below 0: later requests then wait for it to refill, so the long-run rate is the budget's);
 * - a node lets at most one portion through on credit before its draw answers (one request
 *   once the bucket was found empty), and holds at most about one portion drawn and unspent:
 *   over all nodes, a client gets at most B + B/8 + B/8 = 1.25 B at once (plus the refill),
 *   however it spreads its requests;
 * - a refusal's `Retry-After` is the time the shared bucket needs to hold a token again, from its
 *   level as the last draw found it.
 * A node joining is counted by the others within seconds (`BudgetLedger.nodes`); until then their
 * portions are sized for one node fewer: for N ≥ 2 the bound above grows by at most a portion
 * per node meanwhile. A node dying takes its drawn, unspent tokens with it (at most a portion per
 * key, below the budget, never above). While the store cannot be reached, a node lets a portion
 * through per failed draw: each node is then on its own, as before budgets were shared.
 */
import type { BucketRule, BudgetLedger } from '../storage/game-store.js';

interface Share {
  /** Tokens drawn and not spent. */
  lease: number;
  /** Requests let through on credit, not yet charged (those of the draw in flight included). */
  debt: number;
  /** No request before this (ms, the limiter's clock): the shared bucket was found empty. */
  refusedUntil: number;
  /** The last draw found the bucket empty: credit is one request until a draw grants again. */
  starved: boolean;
  drawing: Promise<void> | undefined;
}

export class SharedBuckets {
  private readonly shares = new Map<string, Share>();
  private readonly perMs: number;

  constructor(
    private readonly ledger: BudgetLedger,
    private readonly name: string,
    private readonly rule: BucketRule,
    private readonly maxKeys: number,
    private readonly now: () => number,
  ) {
    this.perMs = rule.perSecond / 1000;
  }

  get size(): number {
    return this.shares.size;
  }

  take(key: string): number {
    const share = this.share(key);
    const portion = this.portion();
    if (share.lease >= 1) {
      share.lease--;
      if (share.lease < portion / 2) this.draw(key, share);
      return 0;
    }
    const now = this.now();
    if (now < share.refusedUntil) return Math.max(1, Math.ceil((share.refusedUntil - now) / 1000));
    if (share.debt < (share.starved ? 1 : portion)) {
      share.debt++;
      this.draw(key, share);
      return 0;
    }
    this.draw(key, share);
    return 1;
  }

  /** As `take`, but a request refused only because this node's draw is still in flight waits for it. */
  admit(key: string): number | Promise<number> {
    const answer = this.take(key);
    const drawing = this.shares.get(key)?.drawing;
    if (answer === 0 || drawing === undefined || this.now() < this.shares.get(key)!.refusedUntil) return answer;
    return drawing.then(() => this.admit(key));
  }

  /** This node's portion of a bucket: the most it lets through on credit, and what it draws at once. */
  private portion(): number {
    return Math.max(1, Math.floor(this.rule.burst / (8 * this.ledger.nodes)));
  }

  /** The key's share, most recently used last; beyond `maxKeys` the least recently used is forgotten. */
  private share(key: string): Share {
    let share = this.shares.get(key);
    if (share) {
      this.shares.delete(key);
    } else {
      share = { lease: 0, debt: 0, refusedUntil: 0, starved: false, drawing: undefined };
      if (this.shares.size >= this.maxKeys) this.forgetOne();
    }
    this.shares.set(key, share);
    return share;
  }

  /** The least recently used share with nothing owed or in flight (else the least recently used). */
  private forgetOne(): void {
    for (const [key, share] of this.shares) {
      if (share.debt === 0 && share.drawing === undefined) {
        this.shares.delete(key);
        return;
      }
    }
    this.shares.delete(this.shares.keys().next().value as string);
  }

  /** Charges the debt and tops the lease up, unless a draw is in flight (it draws again when it ends). */
  private draw(key: string, share: Share): void {
    if (share.drawing) return;
    const spent = share.debt;
    const want = this.portion();
    share.drawing = this.ledger.draw(this.name, key, this.rule, spent, want).then(
      ({ granted, tokens }) => {
        share.debt -= spent;
        share.lease += granted;
        share.starved = granted === 0;
        if (granted === 0) share.refusedUntil = this.now() + Math.max(0, (1 - tokens) / this.perMs);
      },
      () => {
        // The store is out of reach: forgive the debt and lend a portion, as a node on its own would.
        share.debt -= spent;
        share.lease += want;
      },
    );
    void share.drawing.then(() => {
      share.drawing = undefined;
      if (share.debt > 0) this.draw(key, share);
    });
  }
}
