/**
 * The bot ladder on PostgreSQL (`../ladder.ts`), shared by every node. A round's change is one
 * transaction that first moves `ladder_state`'s version on from the one the round read: two nodes
 * committing at once queue on that row, and the second finds the version moved and writes
 * nothing (it decides again). The board is read version first: whatever changes after that read
 * moves the version too, so a change decided on a board read across commits is refused.
 */
import type pg from 'pg';
import type {
  LadderBoard,
  LadderChange,
  LadderEntry,
  LadderMatch,
  LadderResultRow,
  LadderStore,
  LadderTally,
} from '../ladder.js';
import { inTransaction, rethrow } from './transaction.js';

const ENTRY_COLUMNS =
  'e.account_id AS "accountId", a.name, a.kind, e.max_games AS "maxGames", e.joined_at AS "joinedAt"';
const MATCH_COLUMNS =
  'm.id, m.a_id AS "aId", m.b_id AS "bId", m.seed, m.game_ids AS "gameIds", m.status, m.outcome, m.created_at AS "createdAt", m.finished_at AS "finishedAt"';
const BUMP = 'UPDATE ladder_state SET version = version + 1 WHERE id = 1';

export class PostgresLadder implements LadderStore {
  constructor(private readonly pool: pg.Pool) {}

  private transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    return inTransaction(this.pool, work, (result) => result !== false);
  }

  async join(accountId: string, maxGames: number, at: string): Promise<void> {
    await this.transaction(async (client) => {
      await client.query(
        `INSERT INTO ladder_entries (account_id, max_games, joined_at) VALUES ($1, $2, $3)
          ON CONFLICT (account_id) DO UPDATE SET max_games = excluded.max_games`,
        [accountId, maxGames, at],
      );
      await client.query(BUMP);
    });
  }

  async leave(accountId: string): Promise<boolean> {
    return this.transaction(async (client) => {
      const removed = await client.query('DELETE FROM ladder_entries WHERE account_id = $1', [accountId]);
      if (removed.rowCount !== 1) return false;
      await client.query(BUMP);
      return true;
    });
  }

  async entry(accountId: string): Promise<LadderEntry | undefined> {
    const result = await this.pool
      .query<LadderEntry>(
        `SELECT ${ENTRY_COLUMNS} FROM ladder_entries e JOIN accounts a ON a.id = e.account_id WHERE e.account_id = $1`,
        [accountId],
      )
      .catch(rethrow);
    return result.rows[0];
  }

  async board(): Promise<LadderBoard> {
    const version = await this.pool
      .query<{ version: number }>('SELECT version FROM ladder_state WHERE id = 1')
      .catch(rethrow);
    const [entries, playing] = await Promise.all([
      this.pool.query<LadderEntry>(
        `SELECT ${ENTRY_COLUMNS} FROM ladder_entries e JOIN accounts a ON a.id = e.account_id ORDER BY e.joined_at, e.account_id`,
      ),
      this.pool.query<LadderMatch>(
        `SELECT ${MATCH_COLUMNS} FROM ladder_matches m WHERE m.status = 'playing' ORDER BY m.created_at, m.id`,
      ),
    ]).catch(rethrow);
    return { version: version.rows[0].version, entries: entries.rows, playing: playing.rows };
  }

  async commit(version: number, change: LadderChange): Promise<boolean> {
    return this.transaction(async (client) => {
      const bumped = await client.query(`${BUMP} AND version = $1`, [version]);
      if (bumped.rowCount !== 1) return false;
      if (change.created.length > 0)
        await client.query(
          `INSERT INTO ladder_matches (id, a_id, b_id, seed, game_ids, status, created_at)
            SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::json[], $6::text[], $7::text[])`,
          [
            change.created.map((m) => m.id),
            change.created.map((m) => m.aId),
            change.created.map((m) => m.bId),
            change.created.map((m) => m.seed),
            change.created.map((m) => JSON.stringify(m.gameIds)),
            change.created.map((m) => m.status),
            change.created.map((m) => m.createdAt),
          ],
        );
      for (const s of change.settled)
        await client.query(
          `UPDATE ladder_matches SET status = $1, halves = $2, outcome = $3, finished_at = $4 WHERE id = $5 AND status = 'playing'`,
          [s.status, s.outcome?.halves ?? null, s.outcome && JSON.stringify(s.outcome), s.at, s.id],
        );
      return true;
    });
  }

  async tallies(): Promise<LadderTally[]> {
    const result = await this.pool
      .query<LadderTally>(
        `SELECT a_id AS "aId", b_id AS "bId", status, halves, count(*)::int AS count FROM ladder_matches GROUP BY a_id, b_id, status, halves`,
      )
      .catch(rethrow);
    return result.rows;
  }

  async results(limit: number): Promise<LadderResultRow[]> {
    const result = await this.pool
      .query<LadderResultRow>(
        `SELECT m.id, a.name AS a, b.name AS b, m.game_ids AS "gameIds", m.outcome, m.finished_at AS "finishedAt"
          FROM ladder_matches m JOIN accounts a ON a.id = m.a_id JOIN accounts b ON b.id = m.b_id
          WHERE m.status = 'finished' ORDER BY m.finished_at DESC, m.id DESC LIMIT $1`,
        [limit],
      )
      .catch(rethrow);
    return result.rows;
  }
}
