/**
 * The request budgets of every node, as token buckets in PostgreSQL (`rate_budgets`). A draw is
 * one row of one statement (the draws made together share it), atomic on its row: it refills the
 * bucket by the time passed on PostgreSQL's clock (the nodes' clocks need not agree), charges
 * what the node already let through, and takes up to what it asks for. Nodes draw a few tokens
 * at a time (`src/http/rate-limit.ts`), so a request costs a fraction of a round trip. Invariants:
 * - a bucket never holds more than its burst, and is charged for every request any node let
 *   through (it may go below 0: the next draws then wait for it to refill);
 * - `nodes` counts the live nodes by their notification connections (`application_name`), which
 *   PostgreSQL drops when a node dies; it is refreshed every few seconds.
 */
import type pg from 'pg';
import type { BucketRule, BudgetLedger } from '../game-store.js';
import { BatchedQuery } from './batched-query.js';
import { FEED_APPLICATION_NAME } from './change-feed.js';
import { storeError } from './faults.js';

/** How often the node count is asked again, and full buckets are deleted. */
const NODES_REFRESH_MS = 5000;
const SWEEP_MS = 60_000;

const NOW = `(extract(epoch FROM clock_timestamp()) * 1000)`;

/**
 * Each draw's bucket (`r`, from `unnest`; `c.n` the time) as drawn from `level`, its tokens after
 * refill and charge: it grants only from a whole token.
 */
const drawn = (level: string, columns: string) => `
  SELECT ${columns} x.level - x.g, c.n, x.g, r.per_ms, r.burst
    FROM r CROSS JOIN c CROSS JOIN LATERAL (
      SELECT l.level, CASE WHEN l.level >= 1 THEN least(r.want, floor(l.level)) ELSE 0 END AS g FROM (SELECT ${level} AS level) l
    ) x`;

/**
 * Every draw of a batch in one statement (one row each, no two of one bucket: `BatchedQuery`'s
 * `distinct`), each atomic on its row as if alone.
 */
const DRAW = `
  WITH r AS (
    SELECT * FROM unnest($1::text[], $2::bytea[], $3::float8[], $4::float8[], $5::float8[], $6::float8[]) AS r(budget, key, burst, spent, want, per_ms)
  ), c AS (SELECT ${NOW} AS n)
  INSERT INTO rate_budgets AS b (budget, key, tokens, at, granted, per_ms, burst)
  ${drawn('r.burst - r.spent', 'r.budget, r.key,')}
  ON CONFLICT (budget, key) DO UPDATE SET (tokens, at, granted, per_ms, burst) = (
    ${drawn('least(r.burst, b.tokens + greatest(0, c.n - b.at) * r.per_ms) - r.spent', '')} WHERE r.budget = b.budget AND r.key = b.key
  )
  RETURNING b.budget, b.key, b.granted, b.tokens`.replace(/^\s+/gm, ' ');

interface Draw {
  budget: string;
  key: string;
  rule: BucketRule;
  spent: number;
  want: number;
}

const bucketOf = (budget: string, key: string) => `${budget}\0${key}`;

export class PostgresBudgets implements BudgetLedger {
  nodes = 1;
  private readonly timers: NodeJS.Timeout[] = [];
  /** Draws of every budget and key made together share one statement (`batched-query.ts`). */
  private readonly draws = new BatchedQuery<Draw, { granted: number; tokens: number }>(
    (draws) => this.drawAll(draws),
    (d) => bucketOf(d.budget, d.key),
  );

  constructor(
    private readonly pool: pg.Pool,
    private readonly onError: (message: string) => void,
  ) {}

  /** Counts the nodes now, then keeps counting and sweeping in the background. */
  async start(): Promise<void> {
    await this.countNodes();
    const every = (ms: number, work: () => Promise<unknown>) => {
      const timer = setInterval(() => {
        work().catch((error: unknown) => this.onError(`budgets: ${String((error as Error)?.message ?? error)}`));
      }, ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(NODES_REFRESH_MS, () => this.countNodes());
    every(SWEEP_MS, () => this.pool.query(`DELETE FROM rate_budgets WHERE tokens + (${NOW} - at) * per_ms >= burst`));
  }

  draw(
    budget: string,
    key: string,
    rule: BucketRule,
    spent: number,
    want: number,
  ): Promise<{ granted: number; tokens: number }> {
    return this.draws.ask({ budget, key, rule, spent, want });
  }

  private async drawAll(draws: Draw[]): Promise<{ granted: number; tokens: number }[]> {
    const column = <T>(pick: (d: Draw) => T) => draws.map(pick);
    const params = [
      column((d) => d.budget),
      column((d) => Buffer.from(d.key, 'latin1')),
      column((d) => d.rule.burst),
      column((d) => d.spent),
      column((d) => d.want),
      column((d) => d.rule.perSecond / 1000),
    ];
    const result = await this.pool
      .query<{ budget: string; key: Buffer; granted: number; tokens: number }>({
        name: 'draw_budgets',
        text: DRAW,
        values: params,
      })
      .catch((error: unknown) => {
        // The limiter lets requests through meanwhile (`shared-buckets.ts`): say why.
        this.onError(`budget draw failed: ${String((error as Error)?.message ?? error)}`);
        throw storeError(error);
      });
    const drawn = new Map(
      result.rows.map((row) => [
        bucketOf(row.budget, row.key.toString('latin1')),
        { granted: row.granted, tokens: row.tokens },
      ]),
    );
    return draws.map((d) => drawn.get(bucketOf(d.budget, d.key))!);
  }

  close(): void {
    for (const timer of this.timers) clearInterval(timer);
  }

  private async countNodes(): Promise<void> {
    const result = await this.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
      [FEED_APPLICATION_NAME],
    );
    this.nodes = Math.max(1, result.rows[0].n);
  }
}
