/**
 * Accounts' webhooks on PostgreSQL (`../account-webhooks.ts`): of several nodes claiming at once,
 * each row goes to one (`FOR UPDATE SKIP LOCKED`), leased until its sends must be over.
 */
import type pg from 'pg';
import type {
  AccountWebhookOutcome,
  AccountWebhookSetting,
  AccountWebhookStore,
  AccountWebhookView,
  ClaimedAccountWebhook,
} from '../account-webhooks.js';
import { storeError } from './faults.js';

function rethrow(error: unknown): never {
  throw storeError(error);
}

export class PostgresAccountWebhooks implements AccountWebhookStore {
  constructor(private readonly pool: pg.Pool) {}

  async setAccountWebhook(accountId: string, setting: AccountWebhookSetting | null, at: string): Promise<void> {
    await (
      setting
        ? this.pool.query(
            `INSERT INTO account_webhooks (account_id, url, secret, cursor, next_at, attempts) VALUES ($1, $2, $3, $4, $5, 0)
           ON CONFLICT (account_id) DO UPDATE SET url = excluded.url, secret = excluded.secret, cursor = excluded.cursor,
             next_at = excluded.next_at, lease_until = NULL, attempts = 0, last_status = NULL, last_error = NULL`,
            [accountId, setting.url, setting.secret, setting.cursor, at],
          )
        : this.pool.query('DELETE FROM account_webhooks WHERE account_id = $1', [accountId])
    ).catch(rethrow);
  }

  async accountWebhook(accountId: string): Promise<AccountWebhookView | undefined> {
    const result = await this.pool
      .query<AccountWebhookView>(
        'SELECT url, attempts, last_status AS "lastStatus", last_error AS "lastError" FROM account_webhooks WHERE account_id = $1',
        [accountId],
      )
      .catch(rethrow);
    return result.rows[0];
  }

  async claimAccountWebhooks(now: string, leaseUntil: string, limit: number): Promise<ClaimedAccountWebhook[]> {
    const result = await this.pool
      .query<ClaimedAccountWebhook>({
        name: 'claim_account_webhooks',
        text: `UPDATE account_webhooks w SET lease_until = $2 WHERE w.account_id IN (
            SELECT account_id FROM account_webhooks WHERE next_at <= $1 AND (lease_until IS NULL OR lease_until < $1)
            ORDER BY next_at LIMIT $3 FOR UPDATE SKIP LOCKED)
          RETURNING w.account_id AS "accountId", w.url, w.secret, w.cursor, w.attempts, w.last_status AS "lastStatus",
            w.last_error AS "lastError", w.lease_until AS "leaseUntil"`,
        values: [now, leaseUntil, limit],
      })
      .catch(rethrow);
    return result.rows;
  }

  async settleAccountWebhook(claim: ClaimedAccountWebhook, o: AccountWebhookOutcome): Promise<void> {
    await this.pool
      .query(
        `UPDATE account_webhooks SET cursor = $1, attempts = $2, next_at = $3, last_status = $4, last_error = $5, lease_until = NULL
         WHERE account_id = $6 AND lease_until = $7 AND secret = $8`,
        [o.cursor, o.attempts, o.nextAt, o.lastStatus, o.lastError, claim.accountId, claim.leaseUntil, claim.secret],
      )
      .catch(rethrow);
  }
}
