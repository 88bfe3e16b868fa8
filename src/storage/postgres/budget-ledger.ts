/**
 * The request budgets of every node, as token buckets in PostgreSQL (`rate_budgets`). A draw is
 * one statement, atomic on its row: it refills the bucket by the time passed on PostgreSQL's
 * clock (the nodes' clocks need not agree), charges what the node already let through, and takes
 * up to what it asks for. Nodes draw a few tokens at a time (`src/http/rate-limit.ts`), so a
 * request costs a fraction of a round trip. Invariants:
 * - a bucket never holds more than its burst, and is charged for every request any node let
 *   through (it may go below 0: the next draws then wait for it to refill);
 * - `nodes` counts the live nodes by their notification connections (`application_name`), which
 *   PostgreSQL drops when a node dies; it is refreshed every few seconds.
 */
import type pg from 'pg';
import type { BucketRule, BudgetLedger } from '../game-store.js';
import { FEED_APPLICATION_NAME } from './change-feed.js';
import { storeError } from './faults.js';

/** How often the node count is asked again, and full buckets are deleted. */
const NODES_REFRESH_MS = 5000;
const SWEEP_MS = 60_000;

const NOW = `(extract(epoch FROM clock_timestamp()) * 1000)`;

/**
 * The columns of a drawn bucket from `level`, its tokens after refill and charge ($4 spent, $5
 * wanted): it grants only from a whole token.
 */
const drawn = (level: string, columns: string) => `
  SELECT ${columns} level - g, n, g, $6::float8, $3::float8 FROM (
    SELECT n, level, CASE WHEN level >= 1 THEN least($5::float8, floor(level)) ELSE 0 END AS g
    FROM (SELECT n, ${level} AS level FROM (SELECT ${NOW} AS n) c) l
  ) x`;

const DRAW = `
  INSERT INTO rate_budgets AS b (budget, key, tokens, at, granted, per_ms, burst)
  ${drawn('$3::float8 - $4::float8', '$1::text, $2::bytea,')}
  ON CONFLICT (budget, key) DO UPDATE SET (tokens, at, granted, per_ms, burst) = (
    ${drawn('least($3::float8, b.tokens + greatest(0, n - b.at) * $6::float8) - $4::float8', '')}
  )
  RETURNING granted, tokens`.replace(/^\s+/gm, ' ');

export class PostgresBudgets implements BudgetLedger {
  nodes = 1;
  private readonly timers: NodeJS.Timeout[] = [];

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

  async draw(budget: string, key: string, rule: BucketRule, spent: number, want: number): Promise<{ granted: number; tokens: number }> {
    const params = [budget, Buffer.from(key, 'latin1'), rule.burst, spent, want, rule.perSecond / 1000];
    const result = await this.pool.query<{ granted: number; tokens: number }>({ name: 'draw_budget', text: DRAW, values: params }).catch((error: unknown) => {
      // The limiter lets requests through meanwhile (`shared-buckets.ts`): say why.
      this.onError(`budget draw failed: ${String((error as Error)?.message ?? error)}`);
      throw storeError(error);
    });
    return result.rows[0];
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
