import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { clockColumn } from '../../game-log.js';
import { listGamesQuery } from '../listing.js';
import { Checkpointer } from './checkpointer.js';
import { openDatabase, type Db } from './database.js';
import {
  SequenceTakenError,
  changesGameRow,
  type AnalysisStatus,
  type GameRecord,
  type GameStatus,
  type ListCursor,
  type ListedGame,
  type GameStore,
  type IdempotentMove,
  type MoveRecord,
  type NewGame,
  type NewMove,
  ALL_MOVES,
} from '../game-store.js';
import { games, moves } from './schema.js';
import {
  DELIVERY_COLUMNS,
  deliveryRecord,
  type ClaimedDelivery,
  type DeliveryOutcome,
  type DeliveryRecord,
  type DeliveryRow,
  type NewDelivery,
  type Webhook,
  type WebhookFormat,
  type WebhookView,
} from '../deliveries.js';
import { guarded, isConstraintViolation, storeFault } from './faults.js';
import { SqliteAccounts } from './accounts.js';
import { SqliteLadder } from './ladder.js';
import { SqliteRatings } from './ratings.js';
import { SqliteAccountWebhooks } from './account-webhooks.js';

/** The games whose webhook the store remembers at most (then it forgets them all and reads again). */
const MAX_KNOWN_WEBHOOKS = 100_000;

export interface SqliteStoreOptions {
  /** How long a write waits for another process's write lock before it is refused as busy. */
  busyTimeoutMs?: number;
  /** Told when the background checkpoint fails (the log then checkpoints inside commits). */
  onFault?: (message: string) => void;
  /** `GameStore.commitWindowMs` (default `DEFAULT_SQLITE_COMMIT_WINDOW_MS`). */
  commitWindowMs?: number;
}

/**
 * SQLite's group commit sends a batch once the event loop has read the requests at hand: a
 * commit there is a local call, so waiting longer would only add to every move's latency.
 */
export const DEFAULT_SQLITE_COMMIT_WINDOW_MS = 0;

interface ListedRow {
  id: string;
  status: GameStatus;
  created_at: string;
  setup: string;
  seats: string | null;
}

function listedGame(row: ListedRow): ListedGame {
  return {
    id: row.id,
    status: row.status,
    createdAt: row.created_at,
    setup: JSON.parse(row.setup) as ListedGame['setup'],
    seats: row.seats === null ? null : (JSON.parse(row.seats) as ListedGame['seats']),
  };
}

/** Opens (creating and migrating) the database at `path` (a file path or `:memory:`). */
export function openSqliteStore(path: string, options: SqliteStoreOptions = {}): SqliteStore {
  const db = openDatabase(path, { busyTimeoutMs: options.busyTimeoutMs });
  const checkpointer = path === ':memory:' ? undefined : new Checkpointer(db, path, options.onFault);
  return new SqliteStore(db, checkpointer, options.commitWindowMs);
}

/**
 * The store on one SQLite file (better-sqlite3, synchronous: every promise it returns is already
 * settled). Every statement is prepared once: the write path runs at several thousand requests
 * per second. Several server processes may share the file: SQLite's write lock and the log's
 * primary key keep them apart, and `PRAGMA data_version` tells each when another has committed.
 */
export class SqliteStore implements GameStore {
  private readonly insertGameStatement;
  private readonly findGameStatement;
  private readonly versionStatement;
  private readonly movesAfterStatement;
  private readonly insertMoveStatement;
  private readonly updateGameStatement;
  private readonly idempotentMoveStatement;
  private readonly dataVersionStatement;
  /** Made once: better-sqlite3 builds a wrapper per `transaction()` call. */
  private readonly appendAll;
  private readonly deleteExpiredNow;
  private readonly probeWrite;
  private readonly insertDeliveryStatement;
  private readonly insertGameWithDeliveries;
  private readonly claimNow;
  private readonly anyDueStatement;
  private readonly hasWebhookStatement;
  /**
   * Whether a game has a webhook, as this connection last read or wrote it: a move's deliveries
   * are written only for a game that has one, and most have none, so a Map lookup spares them an
   * insert statement each (`docs/performance.md`, the move route). True while no other connection
   * has committed: the write transaction forgets it all when `data_version` moved.
   */
  private readonly webhooks = new Map<string, boolean>();
  private webhooksAt: number | undefined;
  readonly accounts: SqliteAccounts;
  readonly ladder: SqliteLadder;
  readonly ratings: SqliteRatings;
  readonly accountWebhooks: SqliteAccountWebhooks;

  constructor(
    private readonly db: Db,
    private readonly checkpointer?: Checkpointer,
    readonly commitWindowMs = DEFAULT_SQLITE_COMMIT_WINDOW_MS,
  ) {
    const p = sql.placeholder;
    this.accounts = new SqliteAccounts(db.$client);
    this.ladder = new SqliteLadder(db.$client);
    this.ratings = new SqliteRatings(db.$client);
    this.accountWebhooks = new SqliteAccountWebhooks(db.$client);
    this.insertGameStatement = db
      .insert(games)
      .values({
        id: p('id'),
        setup: p('setup'),
        tokenHashes: p('tokenHashes'),
        status: sql`${p('status')}`,
        createdAt: p('at'),
        finishedAt: sql`${p('finishedAt')}`,
        adminTokenHash: sql`${p('adminTokenHash')}`,
        visibility: sql`${p('visibility')}`,
        seats: p('seats'),
        turnSeconds: sql`${p('turnSeconds')}`,
        autoplay: sql`${p('autoplay')}`,
        webhookUrl: sql`${p('webhookUrl')}`,
        webhookSecret: sql`${p('webhookSecret')}`,
        webhookFormat: sql`${p('webhookFormat')}`,
      })
      .prepare();
    // Only for a game with a webhook now: the row decides, in the entry's transaction.
    this.insertDeliveryStatement = db.$client.prepare<[string, number, string, string, string, string, string]>(
      `INSERT INTO webhook_deliveries (game_id, id, version, type, payload, created_at, next_attempt_at)
         SELECT id, ?, ?, ?, ?, ?, ? FROM games WHERE id = ? AND webhook_url IS NOT NULL`,
    );
    this.findGameStatement = db
      .select({
        id: games.id,
        setup: games.setup,
        tokenHashes: games.tokenHashes,
        status: games.status,
        createdAt: games.createdAt,
        adminTokenHash: games.adminTokenHash,
      })
      .from(games)
      .where(eq(games.id, p('id')))
      .prepare();
    // Asked when the cache may be stale (another process committed) and to judge a refusal:
    // a plain better-sqlite3 statement, a third of the cost of the query builder's prepared query.
    this.versionStatement = db.$client
      .prepare<[string], number | null>('SELECT max(seq) FROM moves WHERE game_id = ?')
      .pluck();
    this.dataVersionStatement = db.$client.prepare<[], number>('PRAGMA data_version').pluck();
    this.movesAfterStatement = db
      .select({ seq: moves.seq, seat: moves.seat, move: moves.move, at: moves.at })
      .from(moves)
      .where(and(eq(moves.gameId, p('id')), gt(moves.seq, p('after'))))
      .orderBy(asc(moves.seq))
      .limit(p('limit'))
      .prepare();
    // The write path's one insert, also as a plain statement (drizzle maps each value first).
    // One prepared single-row insert per move inside the batch's transaction: in-process SQLite
    // has no round trip for a multi-row statement to save.
    this.insertMoveStatement = db.$client.prepare<
      [string, number, number, string, string, string | null, string | null]
    >('INSERT INTO moves (game_id, seq, seat, move, at, idempotency_key, request_hash) VALUES (?, ?, ?, ?, ?, ?, ?)');
    // With an entry that changes the game's row: finished_at when it ends or is aborted; seats
    // and autoplay only ever change one way (a new list, bots allowed).
    this.updateGameStatement = db.$client.prepare<[string, string, string, string | null, number, string]>(
      `UPDATE games SET status = ?, finished_at = CASE WHEN ? IN ('finished', 'aborted') THEN ? ELSE finished_at END,
         seats = coalesce(?, seats), autoplay = (autoplay OR ?) WHERE id = ?`,
    );
    this.idempotentMoveStatement = db
      .select({ seq: moves.seq, seat: moves.seat, requestHash: moves.requestHash })
      .from(moves)
      .where(and(eq(moves.gameId, p('id')), eq(moves.idempotencyKey, p('key'))))
      .prepare();
    this.hasWebhookStatement = db.$client
      .prepare<[string], number>('SELECT webhook_url IS NOT NULL FROM games WHERE id = ?')
      .pluck();
    this.appendAll = db.$client.transaction((batch: readonly NewMove[]) => {
      // Inside the transaction, the pragma takes no lock, and it reads the file as of the batch.
      const stamp = this.dataVersionStatement.get()!;
      if (stamp !== this.webhooksAt || this.webhooks.size >= MAX_KNOWN_WEBHOOKS) {
        this.webhooks.clear();
        this.webhooksAt = stamp;
      }
      for (const m of batch) {
        this.insertMoveStatement.run(
          m.gameId,
          m.seq,
          m.seat,
          JSON.stringify(m.move),
          m.at,
          m.idempotencyKey,
          m.requestHash,
        );
        if (changesGameRow(m)) {
          this.updateGameStatement.run(
            m.status,
            m.status,
            m.at,
            m.seats ? JSON.stringify(m.seats) : null,
            m.autoplay ? 1 : 0,
            m.gameId,
          );
        }
        if (m.deliveries?.length && this.hasWebhook(m.gameId)) this.insertDeliveries(m.deliveries);
        if (m.accountSeat) this.accounts.insertSeats(m.gameId, [m.accountSeat], m.at);
        if (m.accountEvents?.length) this.accounts.insertEvents(m.accountEvents);
        if (m.ratedGame) this.ratings.applyNow(m.ratedGame);
      }
    });
    this.insertGameWithDeliveries = db.$client.transaction((game: NewGame) => {
      this.insertGameStatement.run(this.gameRow(game));
      this.insertDeliveries(game.deliveries ?? []);
      this.accounts.insertSeats(game.id, game.accountSeats ?? [], game.at);
      this.accounts.insertEvents(game.accountEvents ?? []);
    });
    const due = db.$client.prepare<
      [string, number],
      DeliveryRow & {
        payload: string;
        webhook_url: string | null;
        webhook_secret: string | null;
        webhook_format: WebhookFormat;
      }
    >(
      `SELECT ${DELIVERY_COLUMNS}, d.payload, g.webhook_url, g.webhook_secret, g.webhook_format FROM webhook_deliveries d JOIN games g ON g.id = d.game_id
        WHERE d.status = 'pending' AND d.next_attempt_at <= ? ORDER BY d.next_attempt_at LIMIT ?`,
    );
    const lease = db.$client.prepare<[string, string, string]>(
      'UPDATE webhook_deliveries SET next_attempt_at = ? WHERE game_id = ? AND id = ?',
    );
    this.anyDueStatement = db.$client
      .prepare<[string], number>(
        `SELECT 1 FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= ? LIMIT 1`,
      )
      .pluck();
    // One write transaction: of several processes on the file, one claims a delivery.
    this.claimNow = db.$client.transaction((now: string, leaseUntil: string, limit: number): ClaimedDelivery[] =>
      due.all(now, limit).map((row) => {
        lease.run(leaseUntil, row.game_id, row.id);
        return {
          ...deliveryRecord({ ...row, next_attempt_at: leaseUntil }),
          payload: JSON.parse(row.payload) as ClaimedDelivery['payload'],
          url: row.webhook_url,
          secret: row.webhook_secret,
          format: row.webhook_format,
        };
      }),
    );
    // A game's last move is the last row of its primary key: one lookup per examined game.
    const expired = db.$client
      .prepare<[{ before: string; limit: number }], string>(
        `SELECT id FROM games WHERE created_at < @before
           AND coalesce((SELECT at FROM moves WHERE game_id = games.id ORDER BY seq DESC LIMIT 1), created_at) < @before
         LIMIT @limit`,
      )
      .pluck();
    const deleteMoves = db.$client.prepare<[string]>('DELETE FROM moves WHERE game_id = ?');
    const deleteDeliveries = db.$client.prepare<[string]>('DELETE FROM webhook_deliveries WHERE game_id = ?');
    const deleteSeats = db.$client.prepare<[string]>('DELETE FROM account_games WHERE game_id = ?');
    const deleteGame = db.$client.prepare<[string]>('DELETE FROM games WHERE id = ?');
    this.deleteExpiredNow = db.$client.transaction((before: string, limit: number) => {
      const ids = expired.all({ before, limit });
      for (const id of ids) {
        deleteMoves.run(id);
        deleteDeliveries.run(id);
        deleteSeats.run(id);
        deleteGame.run(id);
      }
      return ids;
    });
    const userVersion = db.$client.prepare<[], number>('PRAGMA user_version').pluck();
    this.probeWrite = db.$client.transaction(() => {
      // A real commit (page 1 is written) of a value nothing reads: fails as a write would.
      db.$client.pragma(`user_version = ${userVersion.get()!}`);
    });
  }

  /** Inside a write transaction: whether the game has a webhook now. */
  private hasWebhook(gameId: string): boolean {
    let known = this.webhooks.get(gameId);
    if (known === undefined) {
      known = this.hasWebhookStatement.get(gameId) === 1;
      this.webhooks.set(gameId, known);
    }
    return known;
  }

  private insertDeliveries(deliveries: readonly NewDelivery[]): void {
    for (const { payload } of deliveries) {
      this.insertDeliveryStatement.run(
        payload.id,
        payload.version,
        payload.type,
        JSON.stringify(payload),
        payload.createdAt,
        payload.createdAt,
        payload.gameId,
      );
    }
  }

  async insertGame(game: NewGame): Promise<void> {
    guarded(() =>
      game.deliveries?.length || game.accountSeats?.length || game.accountEvents?.length
        ? this.insertGameWithDeliveries.immediate(game)
        : this.insertGameStatement.run(this.gameRow(game)),
    );
  }

  private gameRow(game: NewGame) {
    return {
      id: game.id,
      setup: game.setup,
      tokenHashes: game.tokenHashes,
      status: game.status,
      at: game.at,
      // A game whose pile is empty from the start ends as it is created.
      finishedAt: game.status === 'finished' ? game.at : null,
      adminTokenHash: game.adminTokenHash ?? null,
      visibility: game.visibility ?? 'private',
      seats: game.seats ?? null,
      turnSeconds: clockColumn(game.setup.clock),
      autoplay: game.autoplay ? 1 : 0,
      webhookUrl: game.webhook?.url ?? null,
      webhookSecret: game.webhook?.secret ?? null,
      webhookFormat: game.webhook?.format ?? 'json',
    };
  }

  async setWebhook(gameId: string, webhook: Webhook | null): Promise<boolean> {
    const statement = 'UPDATE games SET webhook_url = ?, webhook_secret = ?, webhook_format = ? WHERE id = ?';
    const changed =
      guarded(() =>
        this.db.$client
          .prepare(statement)
          .run(webhook?.url ?? null, webhook?.secret ?? null, webhook?.format ?? 'json', gameId),
      ).changes > 0;
    // This connection's own commit leaves data_version as it was: the memo is told here.
    this.webhooks.delete(gameId);
    return changed;
  }

  async getWebhook(gameId: string): Promise<WebhookView | undefined> {
    const statement =
      'SELECT webhook_url AS url, webhook_format AS format FROM games WHERE id = ? AND webhook_url IS NOT NULL';
    return guarded(() => this.db.$client.prepare<[string], WebhookView>(statement).get(gameId));
  }

  async claimDeliveries(now: string, leaseUntil: string, limit: number): Promise<ClaimedDelivery[]> {
    // A read first: a sender with nothing due takes no write lock from the moves.
    return guarded(() =>
      this.anyDueStatement.get(now) === undefined ? [] : this.claimNow.immediate(now, leaseUntil, limit),
    );
  }

  async settleDelivery(delivery: { gameId: string; id: string }, outcome: DeliveryOutcome): Promise<void> {
    const statement = `UPDATE webhook_deliveries SET status = ?, attempts = ?, last_attempt_at = ?, next_attempt_at = ?, last_status = ?, last_error = ?
      WHERE game_id = ? AND id = ?`;
    const o = outcome;
    guarded(() =>
      this.db.$client
        .prepare(statement)
        .run(
          o.status,
          o.attempts,
          o.lastAttemptAt,
          o.nextAttemptAt,
          o.lastStatus,
          o.lastError,
          delivery.gameId,
          delivery.id,
        ),
    );
  }

  async claimAnalysis(id: string, now: string, staleBefore: string): Promise<boolean> {
    const statement = `UPDATE games SET analysis_started_at = ? WHERE id = ? AND status = 'finished' AND analysis IS NULL
      AND (analysis_started_at IS NULL OR analysis_started_at < ?)`;
    return guarded(() => this.db.$client.prepare(statement).run(now, id, staleBefore)).changes > 0;
  }

  async saveAnalysis(id: string, analysis: unknown): Promise<void> {
    guarded(() =>
      this.db.$client.prepare('UPDATE games SET analysis = ? WHERE id = ?').run(JSON.stringify(analysis), id),
    );
  }

  async analysisStatus(id: string, staleBefore: string): Promise<AnalysisStatus> {
    const statement = `SELECT CASE WHEN analysis IS NOT NULL THEN 'stored' WHEN analysis_started_at >= ? THEN 'claimed' ELSE 'none' END FROM games WHERE id = ?`;
    return (
      guarded(() =>
        this.db.$client.prepare<[string, string], AnalysisStatus>(statement).pluck().get(staleBefore, id),
      ) ?? 'none'
    );
  }

  async findAnalysis(id: string): Promise<unknown> {
    const text = guarded(() =>
      this.db.$client.prepare<[string], string | null>('SELECT analysis FROM games WHERE id = ?').pluck().get(id),
    );
    return typeof text === 'string' ? JSON.parse(text) : null;
  }

  async redeliver(gameId: string, id: string, now: string): Promise<DeliveryRecord | undefined> {
    // SQLite's RETURNING takes no table alias: the columns unqualified.
    const statement = `UPDATE webhook_deliveries SET status = 'pending', attempts = 0, next_attempt_at = ?
      WHERE game_id = ? AND id = ? RETURNING ${DELIVERY_COLUMNS.replaceAll('d.', '')}`;
    const row = guarded(() =>
      this.db.$client.prepare<[string, string, string], DeliveryRow>(statement).get(now, gameId, id),
    );
    return row && deliveryRecord(row);
  }

  async listDeliveries(gameId: string, limit: number): Promise<DeliveryRecord[]> {
    const statement = `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries d WHERE d.game_id = ? ORDER BY d.created_at DESC, d.version DESC, d.id DESC LIMIT ?`;
    return guarded(() => this.db.$client.prepare<[string, number], DeliveryRow>(statement).all(gameId, limit)).map(
      deliveryRecord,
    );
  }

  async listGames(query: { status?: GameStatus; limit: number; cursor?: ListCursor }): Promise<ListedGame[]> {
    const { text, params } = listGamesQuery(query, () => '?');
    return guarded(() => this.db.$client.prepare<unknown[], ListedRow>(text).all(...params)).map(listedGame);
  }

  async activeGames(kind: 'clock' | 'autoplay', after: string, limit: number): Promise<string[]> {
    const where = kind === 'clock' ? 'turn_seconds IS NOT NULL' : 'autoplay = 1';
    const statement = `SELECT id FROM games WHERE status = 'active' AND id > ? AND ${where} ORDER BY id LIMIT ?`;
    return guarded(() => this.db.$client.prepare<[string, number], string>(statement).pluck().all(after, limit));
  }

  async findGame(id: string): Promise<GameRecord | undefined> {
    return guarded(() => this.findGameStatement.get({ id }));
  }

  async version(id: string): Promise<number> {
    return guarded(() => this.versionStatement.get(id)) ?? 0;
  }

  async movesAfter(id: string, after: number, limit = ALL_MOVES): Promise<MoveRecord[]> {
    return guarded(() => this.movesAfterStatement.all({ id, after, limit }));
  }

  async findIdempotentMove(id: string, key: string): Promise<IdempotentMove | undefined> {
    return guarded(() => this.idempotentMoveStatement.get({ id, key }));
  }

  /** BEGIN IMMEDIATE: writers queue for the lock up front, for at most the busy timeout. */
  async appendBatch(batch: readonly NewMove[]): Promise<void> {
    try {
      this.appendAll.immediate(batch);
    } catch (error) {
      if (isConstraintViolation(error)) throw new SequenceTakenError();
      throw storeFault(error);
    }
  }

  async deleteExpired(before: string, limit: number): Promise<string[]> {
    const ids = guarded(() => this.deleteExpiredNow.immediate(before, limit));
    for (const id of ids) this.webhooks.delete(id);
    return ids;
  }

  async health(): Promise<void> {
    guarded(() => this.probeWrite.immediate());
  }

  /**
   * SQLite's data version of this connection: it changes when, and only when, another
   * connection (another server process) has committed since the last call.
   */
  changeStamp(): number {
    // Asked once per synchronous run (a group commit judges its whole batch in one), not once
    // per game in it: the pragma takes the file's shared lock. Two requests never share a run,
    // so a read that starts after another process's commit still sees its new stamp.
    if (this.stamp === undefined) {
      try {
        this.stamp = this.dataVersionStatement.get()!;
      } catch (error) {
        throw storeFault(error);
      }
      queueMicrotask(this.forgetStamp);
    }
    return this.stamp;
  }

  private stamp: number | undefined;
  private readonly forgetStamp = () => (this.stamp = undefined);

  /** SQLite cannot tell which game another process wrote: readers notice by `changeStamp`. */
  watch(): void {}

  async close(): Promise<void> {
    await this.checkpointer?.stop();
    this.db.$client.close();
  }
}
