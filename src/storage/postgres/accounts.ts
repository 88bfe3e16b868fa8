/**
 * Accounts on PostgreSQL (`../accounts.ts`), as on SQLite (`../sqlite/accounts.ts`). A name's
 * uniqueness is the unique index's to decide, across nodes; `insertSeats` gives the game store's
 * transactions (a creation, a join) the statement that lists a seat with the game.
 */
import { sql, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import {
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
import { ACCOUNT_CHANNEL, notifyPayloads, type ChangeFeed } from './change-feed.js';
import type { GameStatus } from '../game-store.js';
import { faultKind, storeError } from './faults.js';
import { PostgresChallenges } from './challenges.js';
import { cursorAfter, formatCursor, parseCursor, snapshotCursor } from './event-cursor.js';

const ACCOUNT_COLUMNS = 'a.id, a.name, a.kind, a.created_at AS "createdAt"';

function rethrow(error: unknown): never {
  throw storeError(error);
}

/** The statement listing `seats` of game `gameId` (for a transaction of the game store); null for none. */
export function insertAccountSeats(gameId: string, seats: readonly AccountSeat[], at: string): SQL | null {
  if (seats.length === 0) return null;
  const values = sql.join(
    seats.map((s) => sql`(${s.accountId}, ${gameId}, ${s.seat}::integer, ${at})`),
    sql`, `,
  );
  return sql`INSERT INTO account_games (account_id, game_id, seat, created_at) VALUES ${values}`;
}

/**
 * The statements writing `events` and telling the other nodes whose streams have news (for a
 * transaction of the game store, which notifies only if it commits); none for no events.
 */
export function insertAccountEvents(events: readonly NewAccountEvent[], node: string): SQL[] {
  if (events.length === 0) return [];
  const values = sql.join(
    events.map((e) => sql`(${e.accountId}, ${e.type}, ${JSON.stringify(e.data)}::json, ${e.createdAt})`),
    sql`, `,
  );
  return [
    sql`INSERT INTO account_events (account_id, type, data, created_at) VALUES ${values}`,
    ...notifyPayloads(
      node,
      events.map((e) => e.accountId),
    ).map((payload) => sql`SELECT pg_notify(${ACCOUNT_CHANNEL}, ${payload})`),
  ];
}

/** As `insertAccountEvents`, as plain statements for a `pg` client's transaction. */
export function accountEventStatements(
  events: readonly NewAccountEvent[],
  node: string,
): { text: string; values: unknown[] }[] {
  if (events.length === 0) return [];
  return [
    {
      text: `INSERT INTO account_events (account_id, type, data, created_at)
        SELECT * FROM unnest($1::text[], $2::text[], $3::json[], $4::text[])`,
      values: [
        events.map((e) => e.accountId),
        events.map((e) => e.type),
        events.map((e) => JSON.stringify(e.data)),
        events.map((e) => e.createdAt),
      ],
    },
    ...notifyPayloads(
      node,
      events.map((e) => e.accountId),
    ).map((payload) => ({ text: 'SELECT pg_notify($1, $2)', values: [ACCOUNT_CHANNEL, payload] })),
  ];
}

export class PostgresAccounts implements AccountStore {
  readonly announcesEvents = true;
  private readonly challenges: PostgresChallenges;

  constructor(
    private readonly pool: pg.Pool,
    private readonly feed: ChangeFeed,
  ) {
    this.challenges = new PostgresChallenges(pool, (events) => accountEventStatements(events, feed.node));
  }

  async eventsAfter(accountId: string, cursor: string | null, limit: number): Promise<AccountEventRow[]> {
    const from = parseCursor(cursor);
    // Rows of transactions older than every one still running: none can commit before them later.
    const result = await this.pool
      .query<{
        row_id: string;
        tx_id: string;
        type: AccountEventRow['type'];
        data: Record<string, unknown>;
        createdAt: string;
      }>({
        name: 'account_events_after',
        // The output names differ from the columns': ORDER BY would sort the text of an output column named alike.
        text: `SELECT id::text AS row_id, tx::text AS tx_id, type, data, created_at AS "createdAt" FROM account_events
          WHERE account_id = $1 AND (tx, id) > ($2::xid8, $3::bigint) AND (tx >= $4::xid8 OR tx = ANY($5::xid8[]))
            AND tx < pg_snapshot_xmin(pg_current_snapshot())
          ORDER BY tx, id LIMIT $6`,
        values: [accountId, String(from.tx), String(from.row), String(from.xmax), from.running.map(String), limit],
      })
      .catch(rethrow);
    return result.rows.map((r) => ({
      cursor: formatCursor(cursorAfter(from, BigInt(r.tx_id), BigInt(r.row_id))),
      type: r.type,
      data: r.data,
      createdAt: r.createdAt,
    }));
  }

  async latestCursor(): Promise<string> {
    const result = await this.pool
      .query<{ xmin: string; xmax: string; running: string[] }>(
        `SELECT pg_snapshot_xmin(s)::text AS xmin, pg_snapshot_xmax(s)::text AS xmax,
          ARRAY(SELECT pg_snapshot_xip(s)::text) AS running FROM pg_current_snapshot() AS s`,
      )
      .catch(rethrow);
    const { xmin, xmax, running } = result.rows[0];
    return snapshotCursor(BigInt(xmin), BigInt(xmax), running.map(BigInt));
  }

  watchEvents(listener: (accountId: string) => void): void {
    this.feed.watchAccounts(listener);
  }

  async create(a: NewAccount): Promise<boolean> {
    const client = await this.pool.connect().catch(rethrow);
    try {
      await client.query('BEGIN');
      const inserted = await client.query(
        'INSERT INTO accounts (id, name, name_key, kind, created_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (name_key) DO NOTHING',
        [a.id, a.name, a.nameKey, a.kind, a.createdAt],
      );
      if (inserted.rowCount === 0) {
        await client.query('ROLLBACK');
        return false;
      }
      await client.query('INSERT INTO account_keys (digest, account_id, id, created_at) VALUES ($1, $2, $3, $4)', [
        a.key.digest,
        a.id,
        a.key.id,
        a.key.createdAt,
      ]);
      await client.query('COMMIT');
      return true;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      if (faultKind(error) === 'taken') return false;
      return rethrow(error);
    } finally {
      client.release();
    }
  }

  async byKey(digest: string): Promise<{ account: Account; keyId: string; revoked: boolean } | undefined> {
    const result = await this.pool
      .query<Account & { keyId: string; revokedAt: string | null }>({
        name: 'account_by_key',
        text: `SELECT ${ACCOUNT_COLUMNS}, k.id AS "keyId", k.revoked_at AS "revokedAt" FROM account_keys k JOIN accounts a ON a.id = k.account_id WHERE k.digest = $1`,
        values: [digest],
      })
      .catch(rethrow);
    const row = result.rows[0];
    if (!row) return undefined;
    const { keyId, revokedAt, ...account } = row;
    return { account, keyId, revoked: revokedAt !== null };
  }

  async byNames(nameKeys: readonly string[]): Promise<(Account & { nameKey: string })[]> {
    if (nameKeys.length === 0) return [];
    const result = await this.pool
      .query<Account & { nameKey: string }>(
        `SELECT ${ACCOUNT_COLUMNS}, a.name_key AS "nameKey" FROM accounts a WHERE a.name_key = ANY($1::text[])`,
        [nameKeys],
      )
      .catch(rethrow);
    return result.rows;
  }

  async addKey(accountId: string, key: NewAccountKey, maxKeys: number): Promise<boolean> {
    // One statement: the count and the insert see one snapshot; the account row's lock orders
    // two nodes adding keys to one account at once.
    const result = await this.pool
      .query(
        `WITH locked AS (SELECT id FROM accounts WHERE id = $2 FOR UPDATE)
         INSERT INTO account_keys (digest, account_id, id, created_at)
         SELECT $1, $2, $3, $4 FROM locked
          WHERE (SELECT count(*) FROM account_keys WHERE account_id = $2 AND revoked_at IS NULL) < $5`,
        [key.digest, accountId, key.id, key.createdAt, maxKeys],
      )
      .catch(rethrow);
    return result.rowCount === 1;
  }

  async revokeKey(accountId: string, keyId: string, at: string): Promise<boolean> {
    const result = await this.pool
      .query('UPDATE account_keys SET revoked_at = $1 WHERE account_id = $2 AND id = $3 AND revoked_at IS NULL', [
        at,
        accountId,
        keyId,
      ])
      .catch(rethrow);
    return result.rowCount === 1;
  }

  async listKeys(accountId: string): Promise<AccountKeyView[]> {
    const result = await this.pool
      .query<AccountKeyView>(
        'SELECT id, created_at AS "createdAt", revoked_at AS "revokedAt" FROM account_keys WHERE account_id = $1 ORDER BY created_at, id',
        [accountId],
      )
      .catch(rethrow);
    return result.rows;
  }

  async games(
    accountId: string,
    statuses: readonly GameStatus[] | undefined,
    limit: number,
    after: AccountGamesCursor | null = null,
  ): Promise<AccountGameRow[]> {
    const result = await this.pool
      .query<AccountGameRow>(
        `SELECT ag.game_id AS "gameId", ag.seat, g.status, g.created_at AS "createdAt",
            ag.created_at AS "listedAt", g.seats
           FROM account_games ag JOIN games g ON g.id = ag.game_id
          WHERE ag.account_id = $1 AND ($2::text[] IS NULL OR g.status = ANY($2::text[]))
            AND ($4::text IS NULL OR ag.created_at < $4 OR (ag.created_at = $4 AND ag.game_id < $5))
          ORDER BY ag.created_at DESC, ag.game_id DESC LIMIT $3`,
        [accountId, statuses?.length ? statuses : null, limit, after?.listedAt ?? null, after?.gameId ?? ''],
      )
      .catch(rethrow);
    return result.rows;
  }

  async openGames(accountId: string): Promise<number> {
    const result = await this.pool
      .query<{ n: number }>(
        `SELECT count(*)::integer AS n FROM account_games ag JOIN games g ON g.id = ag.game_id
          WHERE ag.account_id = $1 AND g.status IN ('waiting', 'active')`,
        [accountId],
      )
      .catch(rethrow);
    return result.rows[0].n;
  }

  policy(accountId: string): Promise<unknown> {
    return this.challenges.policy(accountId);
  }

  setPolicy(accountId: string, policy: unknown): Promise<void> {
    return this.challenges.setPolicy(accountId, policy);
  }

  insertChallenge(challenge: ChallengeRecord, events: readonly NewAccountEvent[]): Promise<void> {
    return this.challenges.insert(challenge, events);
  }

  findChallenge(id: string): Promise<ChallengeRecord | undefined> {
    return this.challenges.find(id);
  }

  changeChallenge(
    id: string,
    version: number,
    change: ChallengeChange,
    events: readonly NewAccountEvent[],
  ): Promise<boolean> {
    return this.challenges.change(id, version, change, events);
  }

  challengesOf(accountId: string, statuses: readonly ChallengeStatus[], limit: number): Promise<ChallengeRecord[]> {
    return this.challenges.of(accountId, statuses, limit);
  }
}
