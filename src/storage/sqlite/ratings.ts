/**
 * Ratings on SQLite (`../ratings.ts`). `applyNow` runs inside the game store's write transaction
 * of the entry that finishes a rated game, or in its own (`apply`); one writer at a time, so the
 * ratings it reads are those it overwrites.
 */
import type Database from 'better-sqlite3';
import type {
  AccountRatingRow,
  LeaderboardCursor,
  LeaderboardRow,
  RatedGame,
  Rating,
  RatingStore,
} from '../ratings.js';
import { guarded } from './faults.js';

const COLUMNS = 'r.account_id AS accountId, r.mu, r.sigma, r.rating, r.games, r.updated_at AS updatedAt';

export class SqliteRatings implements RatingStore {
  /** Applies a rated game inside the caller's write transaction (a savepoint within one); false when counted already. */
  readonly applyNow: Database.Transaction<(game: RatedGame) => boolean>;
  private readonly ofStatement;
  private readonly firstPage;
  private readonly nextPage;

  constructor(db: Database.Database) {
    const count = db.prepare<[string, string]>(
      'INSERT INTO rated_games (game_id, at) VALUES (?, ?) ON CONFLICT DO NOTHING',
    );
    const read = db.prepare<[string], { mu: number | null; sigma: number | null; games: number }>(
      'SELECT mu, sigma, games FROM account_ratings WHERE account_id = ?',
    );
    const write = db.prepare<[string, number, number, number, string]>(
      `INSERT INTO account_ratings (account_id, mu, sigma, rating, games, updated_at) VALUES (?, ?, ?, ?, 1, ?)
       ON CONFLICT (account_id) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, rating = excluded.rating,
         games = account_ratings.games + 1, updated_at = excluded.updated_at`,
    );
    this.applyNow = db.transaction((game: RatedGame): boolean => {
      if (count.run(game.gameId, game.at).changes === 0) return false;
      const before = game.accountIds.map((id): Rating | null => {
        const row = read.get(id);
        return row?.mu != null && row.sigma != null ? { mu: row.mu, sigma: row.sigma } : null;
      });
      const after = game.rate(before);
      game.accountIds.forEach((id, i) => write.run(id, after[i].mu, after[i].sigma, after[i].rating, game.at));
      return true;
    });
    this.ofStatement = db.prepare<[string], AccountRatingRow>(
      `SELECT ${COLUMNS} FROM account_ratings r WHERE r.account_id = ?`,
    );
    const board = `SELECT ${COLUMNS}, a.name, a.kind FROM account_ratings r JOIN accounts a ON a.id = r.account_id WHERE r.games > 0`;
    const order = 'ORDER BY r.rating DESC, r.account_id ASC LIMIT ?';
    this.firstPage = db.prepare<[number], LeaderboardRow>(`${board} ${order}`);
    this.nextPage = db.prepare<[number, number, string, number], LeaderboardRow>(
      `${board} AND (r.rating < ? OR (r.rating = ? AND r.account_id > ?)) ${order}`,
    );
  }

  async apply(game: RatedGame): Promise<boolean> {
    // A write transaction from the start: another process cannot read the same ratings before this one writes them.
    return guarded(() => this.applyNow.immediate(game));
  }

  async of(accountId: string): Promise<AccountRatingRow | undefined> {
    return guarded(() => this.ofStatement.get(accountId));
  }

  async leaderboard(cursor: LeaderboardCursor | null, limit: number): Promise<LeaderboardRow[]> {
    return guarded(() =>
      cursor === null
        ? this.firstPage.all(limit)
        : this.nextPage.all(cursor.rating, cursor.rating, cursor.accountId, limit),
    );
  }
}
