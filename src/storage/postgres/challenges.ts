/**
 * Challenges and accept policies on PostgreSQL (`../accounts.ts`), as on SQLite: a change only at
 * the version it was decided on, so of two nodes answering one challenge at once one wins and the
 * other decides again on what it then reads.
 */
import type pg from 'pg';
import type { ChallengeChange, ChallengeRecord, ChallengeStatus, NewAccountEvent } from '../accounts.js';
import { inTransaction, rethrow } from './transaction.js';

const COLUMNS =
  'c.id, c.challenger_id AS "challengerId", c.status, c.options, c.seats, c.game_id AS "gameId", c.version, c.created_at AS "createdAt", c.reason';

export class PostgresChallenges {
  constructor(
    private readonly pool: pg.Pool,
    /** The statements writing events and announcing them, for a transaction (`accounts.ts`). */
    private readonly events: (events: readonly NewAccountEvent[]) => { text: string; values: unknown[] }[],
  ) {}

  private transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    return inTransaction(this.pool, work);
  }

  async insert(c: ChallengeRecord, events: readonly NewAccountEvent[]): Promise<void> {
    await this.transaction(async (client) => {
      await client.query(
        'INSERT INTO challenges (id, challenger_id, status, options, seats, game_id, version, created_at, reason) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)',
        [
          c.id,
          c.challengerId,
          c.status,
          JSON.stringify(c.options),
          JSON.stringify(c.seats),
          c.gameId,
          c.version,
          c.createdAt,
          c.reason,
        ],
      );
      await client.query(
        'INSERT INTO challenge_accounts (account_id, challenge_id, created_at) SELECT unnest($1::text[]), $2, $3',
        [c.seats.map((s) => s.accountId), c.id, c.createdAt],
      );
      for (const statement of this.events(events)) await client.query(statement);
    });
  }

  async find(id: string): Promise<ChallengeRecord | undefined> {
    const result = await this.pool
      .query<ChallengeRecord>(`SELECT ${COLUMNS} FROM challenges c WHERE c.id = $1`, [id])
      .catch(rethrow);
    return result.rows[0];
  }

  async change(id: string, version: number, c: ChallengeChange, events: readonly NewAccountEvent[]): Promise<boolean> {
    return this.transaction(async (client) => {
      const changed = await client.query(
        'UPDATE challenges SET status = $1, seats = $2, game_id = $3, reason = $4, version = version + 1 WHERE id = $5 AND version = $6',
        [c.status, JSON.stringify(c.seats), c.gameId, c.reason, id, version],
      );
      if (changed.rowCount !== 1) return false;
      for (const statement of this.events(events)) await client.query(statement);
      return true;
    });
  }

  async of(accountId: string, statuses: readonly ChallengeStatus[], limit: number): Promise<ChallengeRecord[]> {
    const result = await this.pool
      .query<ChallengeRecord>(
        `SELECT ${COLUMNS} FROM challenge_accounts ca JOIN challenges c ON c.id = ca.challenge_id
          WHERE ca.account_id = $1 AND c.status = ANY($2::text[]) ORDER BY ca.created_at DESC, c.id DESC LIMIT $3`,
        [accountId, statuses, limit],
      )
      .catch(rethrow);
    return result.rows;
  }

  async policy(accountId: string): Promise<unknown> {
    const result = await this.pool
      .query<{ policy: unknown }>('SELECT policy FROM accounts WHERE id = $1', [accountId])
      .catch(rethrow);
    return result.rows[0]?.policy ?? null;
  }

  async setPolicy(accountId: string, policy: unknown): Promise<void> {
    await this.pool
      .query('UPDATE accounts SET policy = $1 WHERE id = $2', [
        policy === null ? null : JSON.stringify(policy),
        accountId,
      ])
      .catch(rethrow);
  }
}
