/**
 * Ratings on PostgreSQL (`../ratings.ts`), as on SQLite. Several nodes commit at once, so a rated
 * game's transaction first counts the game (a second count of it, on any node, finds the row and
 * changes nothing), then makes sure its accounts have rows and locks them in account order (two
 * games sharing accounts wait for each other, never deadlock), and only then reads what it
 * overwrites.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type {
  AccountRatingRow,
  LeaderboardCursor,
  LeaderboardRow,
  RatedGame,
  Rating,
  RatingStore,
} from '../ratings.js';
import { storeError } from './faults.js';

function rethrow(error: unknown): never {
  throw storeError(error);
}

/** Runs one statement of the caller's transaction. */
export type Execute = (query: SQL) => Promise<{ rows: Record<string, unknown>[] }>;

const COLUMNS = 'r.account_id AS "accountId", r.mu, r.sigma, r.rating, r.games, r.updated_at AS "updatedAt"';

/** Applies a rated game inside the caller's transaction; false when the game was counted already. */
export async function applyRatedGame(execute: Execute, game: RatedGame): Promise<boolean> {
  const counted = await execute(
    sql`INSERT INTO rated_games (game_id, at) VALUES (${game.gameId}, ${game.at}) ON CONFLICT DO NOTHING RETURNING game_id`,
  );
  if (counted.rows.length === 0) return false;
  // An array is one parameter (drizzle would spread a bare one into a list).
  const ids = sql.param([...game.accountIds]);
  await execute(sql`INSERT INTO account_ratings (account_id, rating, games, updated_at)
    SELECT id, 0, 0, ${game.at} FROM unnest(${ids}::text[]) AS id ORDER BY id ON CONFLICT DO NOTHING`);
  const locked = await execute(sql`SELECT account_id, mu, sigma FROM account_ratings
    WHERE account_id = ANY(${ids}::text[]) ORDER BY account_id FOR UPDATE`);
  const byId = new Map(
    locked.rows.map((r) => [r.account_id as string, r as { mu: number | null; sigma: number | null }]),
  );
  const before = game.accountIds.map((id): Rating | null => {
    const row = byId.get(id);
    return row?.mu != null && row.sigma != null ? { mu: row.mu, sigma: row.sigma } : null;
  });
  const after = game.rate(before);
  await execute(sql`UPDATE account_ratings r SET mu = v.mu, sigma = v.sigma, rating = v.rating,
      games = r.games + 1, updated_at = ${game.at}
    FROM unnest(${ids}::text[], ${sql.param(after.map((a) => a.mu))}::float8[],
      ${sql.param(after.map((a) => a.sigma))}::float8[], ${sql.param(after.map((a) => a.rating))}::float8[]) AS v(account_id, mu, sigma, rating)
    WHERE r.account_id = v.account_id`);
  return true;
}

export class PostgresRatings implements RatingStore {
  constructor(
    private readonly db: NodePgDatabase<Record<string, unknown>>,
    private readonly pool: pg.Pool,
  ) {}

  async apply(game: RatedGame): Promise<boolean> {
    return this.db.transaction((tx) => applyRatedGame((q) => tx.execute(q), game)).catch(rethrow);
  }

  async of(accountId: string): Promise<AccountRatingRow | undefined> {
    const result = await this.pool
      .query<AccountRatingRow>({
        name: 'account_rating',
        text: `SELECT ${COLUMNS} FROM account_ratings r WHERE r.account_id = $1 AND r.games > 0`,
        values: [accountId],
      })
      .catch(rethrow);
    return result.rows[0];
  }

  async leaderboard(cursor: LeaderboardCursor | null, limit: number): Promise<LeaderboardRow[]> {
    const result = await this.pool
      .query<LeaderboardRow>({
        name: 'leaderboard',
        text: `SELECT ${COLUMNS}, a.name, a.kind FROM account_ratings r JOIN accounts a ON a.id = r.account_id
          WHERE r.games > 0 AND ($1::float8 IS NULL OR r.rating < $1 OR (r.rating = $1 AND r.account_id > $2))
          ORDER BY r.rating DESC, r.account_id ASC LIMIT $3`,
        values: [cursor?.rating ?? null, cursor?.accountId ?? '', limit],
      })
      .catch(rethrow);
    return result.rows;
  }
}
