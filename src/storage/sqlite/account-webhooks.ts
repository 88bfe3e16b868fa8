/**
 * Accounts' webhooks on SQLite (`../account-webhooks.ts`): a claim is a read and a write in one
 * transaction that writes from its start (`immediate`), so two processes never claim one webhook.
 */
import type Database from 'better-sqlite3';
import type {
  AccountWebhookOutcome,
  AccountWebhookSetting,
  AccountWebhookStore,
  AccountWebhookView,
  ClaimedAccountWebhook,
} from '../account-webhooks.js';
import { guarded } from './faults.js';

export class SqliteAccountWebhooks implements AccountWebhookStore {
  private readonly setNow;
  private readonly removeNow;
  private readonly viewStatement;
  private readonly claimNow;
  private readonly settleNow;

  constructor(db: Database.Database) {
    this.setNow = db.prepare<[string, string, string, string, string]>(
      `INSERT INTO account_webhooks (account_id, url, secret, cursor, next_at, attempts) VALUES (?, ?, ?, ?, ?, 0)
       ON CONFLICT (account_id) DO UPDATE SET url = excluded.url, secret = excluded.secret, cursor = excluded.cursor,
         next_at = excluded.next_at, lease_until = NULL, attempts = 0, last_status = NULL, last_error = NULL`,
    );
    this.removeNow = db.prepare<[string]>('DELETE FROM account_webhooks WHERE account_id = ?');
    this.viewStatement = db.prepare<[string], AccountWebhookView>(
      'SELECT url, attempts, last_status AS lastStatus, last_error AS lastError FROM account_webhooks WHERE account_id = ?',
    );
    const due = db.prepare<[string, string, number], Omit<ClaimedAccountWebhook, 'leaseUntil'>>(
      `SELECT account_id AS accountId, url, secret, cursor, attempts, last_status AS lastStatus, last_error AS lastError FROM account_webhooks
       WHERE next_at <= ? AND (lease_until IS NULL OR lease_until < ?) ORDER BY next_at LIMIT ?`,
    );
    const lease = db.prepare<[string, string]>('UPDATE account_webhooks SET lease_until = ? WHERE account_id = ?');
    this.claimNow = db.transaction((now: string, leaseUntil: string, limit: number): ClaimedAccountWebhook[] =>
      due.all(now, now, limit).map((row) => {
        lease.run(leaseUntil, row.accountId);
        return { ...row, leaseUntil };
      }),
    );
    this.settleNow = db.prepare<[string, number, string, number | null, string | null, string, string, string]>(
      `UPDATE account_webhooks SET cursor = ?, attempts = ?, next_at = ?, last_status = ?, last_error = ?, lease_until = NULL
       WHERE account_id = ? AND lease_until = ? AND secret = ?`,
    );
  }

  async setAccountWebhook(accountId: string, setting: AccountWebhookSetting | null, at: string): Promise<void> {
    guarded(() =>
      setting
        ? this.setNow.run(accountId, setting.url, setting.secret, setting.cursor, at)
        : this.removeNow.run(accountId),
    );
  }

  async accountWebhook(accountId: string): Promise<AccountWebhookView | undefined> {
    return guarded(() => this.viewStatement.get(accountId));
  }

  async claimAccountWebhooks(now: string, leaseUntil: string, limit: number): Promise<ClaimedAccountWebhook[]> {
    return guarded(() => this.claimNow.immediate(now, leaseUntil, limit));
  }

  async settleAccountWebhook(claim: ClaimedAccountWebhook, o: AccountWebhookOutcome): Promise<void> {
    guarded(() =>
      this.settleNow.run(
        o.cursor,
        o.attempts,
        o.nextAt,
        o.lastStatus,
        o.lastError,
        claim.accountId,
        claim.leaseUntil,
        claim.secret,
      ),
    );
  }
}
