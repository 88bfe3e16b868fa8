/**
 * The bot ladder on SQLite (`../ladder.ts`): every change moves `ladder_state`'s version on in
 * the same write transaction, and a round's change is written only at the version it was
 * decided on.
 */
import type Database from 'better-sqlite3';
import type {
  LadderBoard,
  LadderChange,
  LadderEntry,
  LadderMatch,
  LadderResultRow,
  LadderStore,
  LadderTally,
} from '../ladder.js';
import { guarded } from './faults.js';

const ENTRY_COLUMNS = 'e.account_id AS accountId, a.name, a.kind, e.max_games AS maxGames, e.joined_at AS joinedAt';
const MATCH_COLUMNS =
  'm.id, m.a_id AS aId, m.b_id AS bId, m.seed, m.game_ids AS gameIds, m.status, m.outcome, m.created_at AS createdAt, m.finished_at AS finishedAt';

type MatchRow = Omit<LadderMatch, 'gameIds' | 'outcome'> & { gameIds: string; outcome: string | null };

const match = (row: MatchRow): LadderMatch => ({
  ...row,
  gameIds: JSON.parse(row.gameIds) as LadderMatch['gameIds'],
  outcome: row.outcome === null ? null : (JSON.parse(row.outcome) as LadderMatch['outcome']),
});

export class SqliteLadder implements LadderStore {
  private readonly joinNow;
  private readonly leaveNow;
  private readonly boardNow;
  private readonly commitNow;

  constructor(private readonly db: Database.Database) {
    const bump = db.prepare<[number]>('UPDATE ladder_state SET version = version + 1 WHERE id = 1 AND version = ?');
    const bumpAny = db.prepare('UPDATE ladder_state SET version = version + 1 WHERE id = 1');
    const upsert = db.prepare<[string, number, string]>(
      `INSERT INTO ladder_entries (account_id, max_games, joined_at) VALUES (?, ?, ?)
        ON CONFLICT (account_id) DO UPDATE SET max_games = excluded.max_games`,
    );
    this.joinNow = db.transaction((accountId: string, maxGames: number, at: string) => {
      upsert.run(accountId, maxGames, at);
      bumpAny.run();
    });
    const remove = db.prepare<[string]>('DELETE FROM ladder_entries WHERE account_id = ?');
    this.leaveNow = db.transaction((accountId: string): boolean => {
      if (remove.run(accountId).changes === 0) return false;
      bumpAny.run();
      return true;
    });
    const version = db.prepare<[], number>('SELECT version FROM ladder_state WHERE id = 1').pluck();
    const entries = db.prepare<[], LadderEntry>(
      `SELECT ${ENTRY_COLUMNS} FROM ladder_entries e JOIN accounts a ON a.id = e.account_id ORDER BY e.joined_at, e.account_id`,
    );
    const playing = db.prepare<[], MatchRow>(
      `SELECT ${MATCH_COLUMNS} FROM ladder_matches m WHERE m.status = 'playing' ORDER BY m.created_at, m.id`,
    );
    // One read transaction: the version, the entries and the matches of one moment.
    this.boardNow = db.transaction((): LadderBoard => ({
      version: version.get()!,
      entries: entries.all(),
      playing: playing.all().map(match),
    }));
    const insert = db.prepare<[string, string, string, string, string, string, string]>(
      `INSERT INTO ladder_matches (id, a_id, b_id, seed, game_ids, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    const settle = db.prepare<[string, number | null, string | null, string, string]>(
      `UPDATE ladder_matches SET status = ?, halves = ?, outcome = ?, finished_at = ? WHERE id = ? AND status = 'playing'`,
    );
    this.commitNow = db.transaction((at: number, change: LadderChange): boolean => {
      if (bump.run(at).changes === 0) return false;
      for (const m of change.created)
        insert.run(m.id, m.aId, m.bId, m.seed, JSON.stringify(m.gameIds), m.status, m.createdAt);
      for (const s of change.settled)
        settle.run(s.status, s.outcome?.halves ?? null, s.outcome && JSON.stringify(s.outcome), s.at, s.id);
      return true;
    });
  }

  async join(accountId: string, maxGames: number, at: string): Promise<void> {
    guarded(() => this.joinNow.immediate(accountId, maxGames, at));
  }

  async leave(accountId: string): Promise<boolean> {
    return guarded(() => this.leaveNow.immediate(accountId));
  }

  async entry(accountId: string): Promise<LadderEntry | undefined> {
    return guarded(() =>
      this.db
        .prepare<[string], LadderEntry>(
          `SELECT ${ENTRY_COLUMNS} FROM ladder_entries e JOIN accounts a ON a.id = e.account_id WHERE e.account_id = ?`,
        )
        .get(accountId),
    );
  }

  async board(): Promise<LadderBoard> {
    return guarded(() => this.boardNow.deferred());
  }

  async commit(version: number, change: LadderChange): Promise<boolean> {
    return guarded(() => this.commitNow.immediate(version, change));
  }

  async tallies(): Promise<LadderTally[]> {
    return guarded(() =>
      this.db
        .prepare<[], LadderTally>(
          `SELECT a_id AS aId, b_id AS bId, status, halves, count(*) AS count FROM ladder_matches GROUP BY a_id, b_id, status, halves`,
        )
        .all(),
    );
  }

  async results(limit: number): Promise<LadderResultRow[]> {
    const rows = guarded(() =>
      this.db
        .prepare<[number], { id: string; a: string; b: string; gameIds: string; outcome: string; finishedAt: string }>(
          `SELECT m.id, a.name AS a, b.name AS b, m.game_ids AS gameIds, m.outcome, m.finished_at AS finishedAt
            FROM ladder_matches m JOIN accounts a ON a.id = m.a_id JOIN accounts b ON b.id = m.b_id
            WHERE m.status = 'finished' ORDER BY m.finished_at DESC, m.id DESC LIMIT ?`,
        )
        .all(limit),
    );
    return rows.map((r) => ({
      ...r,
      gameIds: JSON.parse(r.gameIds) as LadderResultRow['gameIds'],
      outcome: JSON.parse(r.outcome) as LadderResultRow['outcome'],
    }));
  }
}
