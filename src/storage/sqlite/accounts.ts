/**
 * Accounts on SQLite (`../accounts.ts`). Every statement is prepared once; `insertSeats` runs
 * inside the game store's own write transactions (a creation, a join), so a seat and its listing
 * row commit together.
 */
import type Database from 'better-sqlite3';
import {
  InvalidCursorError,
  type Account,
  type AccountEventRow,
  type AccountGameRow,
  type AccountGamesCursor,
  type AccountKeyView,
  type ChallengeChange,
  type ChallengeRecord,
  type ChallengeStatus,
  type AccountSeat,
  type AccountStore,
  type NewAccount,
  type NewAccountEvent,
  type NewAccountKey,
} from '../accounts.js';
import type { GameStatus } from '../game-store.js';
import { guarded, isConstraintViolation, storeFault } from './faults.js';
import { SqliteChallenges } from './challenges.js';

const ACCOUNT_COLUMNS = 'a.id, a.name, a.kind, a.created_at AS createdAt';

export class SqliteAccounts implements AccountStore {
  private readonly insertSeat;
  private readonly createNow;
  private readonly byKeyStatement;
  private readonly addKeyNow;
  private readonly insertEvent;
  private readonly eventsAfterStatement;
  private readonly latestStatement;
  /** One process writes at a time on the file: other processes' events are found by looking again. */
  readonly announcesEvents = false;
  private readonly challenges: SqliteChallenges;

  constructor(private readonly db: Database.Database) {
    this.insertEvent = db.prepare<[string, string, string, string]>(
      'INSERT INTO account_events (account_id, type, data, created_at) VALUES (?, ?, ?, ?)',
    );
    this.eventsAfterStatement = db.prepare<
      [string, number, number],
      { id: number; type: AccountEventRow['type']; data: string; createdAt: string }
    >(
      'SELECT id, type, data, created_at AS createdAt FROM account_events WHERE account_id = ? AND id > ? ORDER BY id LIMIT ?',
    );
    this.latestStatement = db
      .prepare<[string], number | null>('SELECT max(id) FROM account_events WHERE account_id = ?')
      .pluck();
    this.challenges = new SqliteChallenges(db, (events) => this.insertEvents(events));
    this.insertSeat = db.prepare<[string, string, number, string]>(
      'INSERT INTO account_games (account_id, game_id, seat, created_at) VALUES (?, ?, ?, ?)',
    );
    const insertAccount = db.prepare<[string, string, string, string, string]>(
      'INSERT INTO accounts (id, name, name_key, kind, created_at) VALUES (?, ?, ?, ?, ?)',
    );
    const insertKey = db.prepare<[string, string, string, string]>(
      'INSERT INTO account_keys (digest, account_id, id, created_at) VALUES (?, ?, ?, ?)',
    );
    this.createNow = db.transaction((a: NewAccount) => {
      insertAccount.run(a.id, a.name, a.nameKey, a.kind, a.createdAt);
      insertKey.run(a.key.digest, a.id, a.key.id, a.key.createdAt);
    });
    this.byKeyStatement = db.prepare<[string], Account & { keyId: string; revokedAt: string | null }>(
      `SELECT ${ACCOUNT_COLUMNS}, k.id AS keyId, k.revoked_at AS revokedAt FROM account_keys k JOIN accounts a ON a.id = k.account_id WHERE k.digest = ?`,
    );
    const liveKeys = db
      .prepare<[string], number>('SELECT count(*) FROM account_keys WHERE account_id = ? AND revoked_at IS NULL')
      .pluck();
    this.addKeyNow = db.transaction((accountId: string, key: NewAccountKey, maxKeys: number): boolean => {
      if (liveKeys.get(accountId)! >= maxKeys) return false;
      insertKey.run(key.digest, accountId, key.id, key.createdAt);
      return true;
    });
  }

  /** Inside the caller's write transaction: the seats' listing rows of game `gameId`. */
  insertSeats(gameId: string, seats: readonly AccountSeat[], at: string): void {
    for (const s of seats) this.insertSeat.run(s.accountId, gameId, s.seat, at);
  }

  /** Inside the caller's write transaction: events for the accounts' streams. */
  insertEvents(events: readonly NewAccountEvent[]): void {
    for (const e of events) this.insertEvent.run(e.accountId, e.type, JSON.stringify(e.data), e.createdAt);
  }

  async eventsAfter(accountId: string, cursor: string | null, limit: number): Promise<AccountEventRow[]> {
    const after = cursor === null ? 0 : Number(cursor);
    if (cursor !== null && !/^\d{1,15}$/.test(cursor)) throw new InvalidCursorError();
    return guarded(() => this.eventsAfterStatement.all(accountId, after, limit)).map((r) => ({
      cursor: String(r.id),
      type: r.type,
      data: JSON.parse(r.data) as Record<string, unknown>,
      createdAt: r.createdAt,
    }));
  }

  async latestCursor(accountId: string): Promise<string> {
    return String(guarded(() => this.latestStatement.get(accountId)) ?? 0);
  }

  watchEvents(): void {}

  async create(account: NewAccount): Promise<boolean> {
    try {
      this.createNow.immediate(account);
      return true;
    } catch (error) {
      if (isConstraintViolation(error)) return false;
      throw storeFault(error);
    }
  }

  async byKey(digest: string): Promise<{ account: Account; keyId: string; revoked: boolean } | undefined> {
    const row = guarded(() => this.byKeyStatement.get(digest));
    if (!row) return undefined;
    const { keyId, revokedAt, ...account } = row;
    return { account, keyId, revoked: revokedAt !== null };
  }

  async byNames(nameKeys: readonly string[]): Promise<(Account & { nameKey: string })[]> {
    if (nameKeys.length === 0) return [];
    const statement = `SELECT ${ACCOUNT_COLUMNS}, a.name_key AS nameKey FROM accounts a WHERE a.name_key IN (${nameKeys.map(() => '?').join(', ')})`;
    return guarded(() => this.db.prepare<string[], Account & { nameKey: string }>(statement).all(...nameKeys));
  }

  async addKey(accountId: string, key: NewAccountKey, maxKeys: number): Promise<boolean> {
    return guarded(() => this.addKeyNow.immediate(accountId, key, maxKeys));
  }

  async revokeKey(accountId: string, keyId: string, at: string): Promise<boolean> {
    const statement = 'UPDATE account_keys SET revoked_at = ? WHERE account_id = ? AND id = ? AND revoked_at IS NULL';
    return guarded(() => this.db.prepare(statement).run(at, accountId, keyId)).changes > 0;
  }

  async listKeys(accountId: string): Promise<AccountKeyView[]> {
    const statement =
      'SELECT id, created_at AS createdAt, revoked_at AS revokedAt FROM account_keys WHERE account_id = ? ORDER BY created_at, id';
    return guarded(() => this.db.prepare<[string], AccountKeyView>(statement).all(accountId));
  }

  async games(
    accountId: string,
    statuses: readonly GameStatus[] | undefined,
    limit: number,
    after: AccountGamesCursor | null = null,
  ): Promise<AccountGameRow[]> {
    const filter = statuses?.length ? `AND g.status IN (${statuses.map(() => '?').join(', ')})` : '';
    const page = after ? 'AND (ag.created_at < ? OR (ag.created_at = ? AND ag.game_id < ?))' : '';
    const statement = `SELECT ag.game_id AS gameId, ag.seat, g.status, g.created_at AS createdAt,
        ag.created_at AS listedAt, g.seats
      FROM account_games ag JOIN games g ON g.id = ag.game_id
      WHERE ag.account_id = ? ${filter} ${page} ORDER BY ag.created_at DESC, ag.game_id DESC LIMIT ?`;
    const pageValues = after ? [after.listedAt, after.listedAt, after.gameId] : [];
    const rows = guarded(() =>
      this.db
        .prepare<unknown[], Omit<AccountGameRow, 'seats'> & { seats: string | null }>(statement)
        .all(accountId, ...(statuses ?? []), ...pageValues, limit),
    );
    return rows.map((r) => ({
      ...r,
      seats: r.seats === null ? null : (JSON.parse(r.seats) as AccountGameRow['seats']),
    }));
  }

  async openGames(accountId: string): Promise<number> {
    const statement = `SELECT count(*) FROM account_games ag JOIN games g ON g.id = ag.game_id
      WHERE ag.account_id = ? AND g.status IN ('waiting', 'active')`;
    return guarded(() => this.db.prepare<[string], number>(statement).pluck().get(accountId)!);
  }

  async policy(accountId: string): Promise<unknown> {
    return this.challenges.policy(accountId);
  }

  async setPolicy(accountId: string, policy: unknown): Promise<void> {
    this.challenges.setPolicy(accountId, policy);
  }

  async insertChallenge(challenge: ChallengeRecord, events: readonly NewAccountEvent[]): Promise<void> {
    this.challenges.insert(challenge, events);
  }

  async findChallenge(id: string): Promise<ChallengeRecord | undefined> {
    return this.challenges.find(id);
  }

  async changeChallenge(
    id: string,
    version: number,
    change: ChallengeChange,
    events: readonly NewAccountEvent[],
  ): Promise<boolean> {
    return this.challenges.change(id, version, change, events);
  }

  async challengesOf(
    accountId: string,
    statuses: readonly ChallengeStatus[],
    limit: number,
  ): Promise<ChallengeRecord[]> {
    return this.challenges.of(accountId, statuses, limit);
  }
}
