/**
 * Challenges and accept policies on SQLite (`../accounts.ts`): a challenge, its listing rows and
 * its events in one write transaction; a change only at the version it was decided on.
 */
import type Database from 'better-sqlite3';
import type { ChallengeChange, ChallengeRecord, ChallengeStatus, NewAccountEvent } from '../accounts.js';
import { guarded } from './faults.js';

interface ChallengeRow extends Omit<ChallengeRecord, 'options' | 'seats'> {
  options: string;
  seats: string;
}

const COLUMNS =
  'c.id, c.challenger_id AS challengerId, c.status, c.options, c.seats, c.game_id AS gameId, c.version, c.created_at AS createdAt, c.reason';

const record = (row: ChallengeRow): ChallengeRecord => ({
  ...row,
  options: JSON.parse(row.options) as ChallengeRecord['options'],
  seats: JSON.parse(row.seats) as ChallengeRecord['seats'],
});

export class SqliteChallenges {
  private readonly insertNow;
  private readonly changeNow;

  constructor(
    private readonly db: Database.Database,
    insertEvents: (events: readonly NewAccountEvent[]) => void,
  ) {
    const insert = db.prepare(
      'INSERT INTO challenges (id, challenger_id, status, options, seats, game_id, version, created_at, reason) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    const listed = db.prepare('INSERT INTO challenge_accounts (account_id, challenge_id, created_at) VALUES (?, ?, ?)');
    this.insertNow = db.transaction((c: ChallengeRecord, events: readonly NewAccountEvent[]) => {
      insert.run(
        c.id,
        c.challengerId,
        c.status,
        JSON.stringify(c.options),
        JSON.stringify(c.seats),
        c.gameId,
        c.version,
        c.createdAt,
        c.reason,
      );
      for (const seat of c.seats) listed.run(seat.accountId, c.id, c.createdAt);
      insertEvents(events);
    });
    const change = db.prepare(
      'UPDATE challenges SET status = ?, seats = ?, game_id = ?, reason = ?, version = version + 1 WHERE id = ? AND version = ?',
    );
    this.changeNow = db.transaction(
      (id: string, version: number, c: ChallengeChange, events: readonly NewAccountEvent[]): boolean => {
        if (change.run(c.status, JSON.stringify(c.seats), c.gameId, c.reason, id, version).changes === 0) return false;
        insertEvents(events);
        return true;
      },
    );
  }

  insert(challenge: ChallengeRecord, events: readonly NewAccountEvent[]): void {
    guarded(() => this.insertNow.immediate(challenge, events));
  }

  find(id: string): ChallengeRecord | undefined {
    const row = guarded(() =>
      this.db.prepare<[string], ChallengeRow>(`SELECT ${COLUMNS} FROM challenges c WHERE c.id = ?`).get(id),
    );
    return row && record(row);
  }

  change(id: string, version: number, change: ChallengeChange, events: readonly NewAccountEvent[]): boolean {
    return guarded(() => this.changeNow.immediate(id, version, change, events));
  }

  of(accountId: string, statuses: readonly ChallengeStatus[], limit: number): ChallengeRecord[] {
    const statement = `SELECT ${COLUMNS} FROM challenge_accounts ca JOIN challenges c ON c.id = ca.challenge_id
      WHERE ca.account_id = ? AND c.status IN (${statuses.map(() => '?').join(', ')}) ORDER BY ca.created_at DESC, c.id DESC LIMIT ?`;
    return guarded(() => this.db.prepare<unknown[], ChallengeRow>(statement).all(accountId, ...statuses, limit)).map(
      record,
    );
  }

  policy(accountId: string): unknown {
    const text = guarded(() =>
      this.db.prepare<[string], string | null>('SELECT policy FROM accounts WHERE id = ?').pluck().get(accountId),
    );
    return typeof text === 'string' ? JSON.parse(text) : null;
  }

  setPolicy(accountId: string, policy: unknown): void {
    guarded(() =>
      this.db
        .prepare('UPDATE accounts SET policy = ? WHERE id = ?')
        .run(policy === null ? null : JSON.stringify(policy), accountId),
    );
  }
}
