import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { clockColumn } from '../../game-log.js';
import { listGamesQuery } from '../listing.js';
import {
  changesGameRow,
  type AnalysisStatus,
  type GameRecord,
  type GameStatus,
  type GameStore,
  type IdempotentMove,
  type ListCursor,
  type ListedGame,
  type MoveRecord,
  type NewGame,
  type NewMove,
  ALL_MOVES,
} from '../game-store.js';
import { PostgresBudgets } from './budget-ledger.js';
import { appendStatement } from './append-statement.js';
import { CHANNEL, ChangeFeed, notifyPayloads } from './change-feed.js';
import { DEFAULT_COMMIT_WINDOW_MS, DEFAULT_POOL_SIZE, DEFAULT_STATEMENT_TIMEOUT_MS } from './defaults.js';
import { storeError } from './faults.js';
import { migratePostgres } from './migrate.js';
import { VersionReads } from './version-reads.js';
import { insertAccountEvents, insertAccountSeats, PostgresAccounts } from './accounts.js';
import { PostgresLadder } from './ladder.js';
import { applyRatedGame, PostgresRatings } from './ratings.js';
import { PostgresAccountWebhooks } from './account-webhooks.js';
import * as schema from './schema.js';
import {
  DELIVERY_COLUMNS,
  deliveryRecord,
  type ClaimedDelivery,
  type DeliveryOutcome,
  type DeliveryPayload,
  type DeliveryRecord,
  type DeliveryRow,
  type NewDelivery,
  type Webhook,
  type WebhookFormat,
  type WebhookView,
} from '../deliveries.js';

const { games, moves } = schema;

export interface PostgresStoreOptions {
  /** Connections this node holds at most (the group commit needs one; reads take the others). */
  poolSize?: number;
  /** A statement running longer is cancelled (a write then answers 503); also bounds connecting. */
  statementTimeoutMs?: number;
  /** `GameStore.commitWindowMs`. */
  commitWindowMs?: number;
  /** Told of connection faults seen in the background (idle connections, the notification connection). */
  onFault?: (message: string) => void;
}

/**
 * Connects, migrates (under an advisory lock: every node does it at start) and starts listening
 * for other nodes' commits.
 */
export async function openPostgresStore(url: string, options: PostgresStoreOptions = {}): Promise<PostgresStore> {
  const timeout = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  const onError = options.onFault ?? (() => {});
  const config: pg.ClientConfig = {
    connectionString: url,
    statement_timeout: timeout,
    connectionTimeoutMillis: timeout,
  };
  const pool = new pg.Pool({
    ...config,
    max: options.poolSize ?? DEFAULT_POOL_SIZE,
    // The server's own timeout answers first; this one catches a server that answers nothing at all.
    query_timeout: timeout + 1000,
    keepAlive: true,
  });
  // An idle connection the server dropped (a restart) is an event, not a crash: the pool replaces it.
  pool.on('error', (error) => onError(`idle connection lost: ${error.message}`));
  // The pool listens for errors on idle connections only. A connection the server drops while
  // checked out (a restart between two statements of a transaction) emits 'error' on the client
  // itself, and an unheard 'error' would crash the process: the statement in flight, or the
  // next one, already fails with the cause and becomes StoreUnavailableError.
  pool.on('connect', (client) => client.on('error', (error) => onError(`connection lost in use: ${error.message}`)));
  const feed = new ChangeFeed(config, randomBytes(8).toString('hex'), onError);
  const budgets = new PostgresBudgets(pool, onError);
  try {
    await migratePostgres(pool);
    await feed.start();
    await budgets.start();
  } catch (error) {
    budgets.close();
    await feed.close();
    await pool.end().catch(() => {});
    throw storeError(error);
  }
  return new PostgresStore(
    drizzle({ client: pool, schema }),
    pool,
    feed,
    budgets,
    options.commitWindowMs ?? DEFAULT_COMMIT_WINDOW_MS,
  );
}

/**
 * The statement that writes `deliveries`, for the games that have a webhook now (the row
 * decides, in the entry's transaction); null when there are none. A data-modifying statement,
 * also usable as a CTE.
 */
function insertDeliveries(deliveries: readonly NewDelivery[]): SQL | null {
  if (deliveries.length === 0) return null;
  const values = sql.join(
    deliveries.map(
      ({ payload: d }) =>
        sql`(${d.gameId}, ${d.id}, ${d.version}::integer, ${d.type}, ${JSON.stringify(d)}, ${d.createdAt})`,
    ),
    sql`, `,
  );
  return sql`INSERT INTO webhook_deliveries (game_id, id, version, type, payload, created_at, next_attempt_at)
    SELECT g.id, v.id, v.version, v.type, v.payload::json, v.created_at, v.created_at
      FROM (VALUES ${values}) AS v(game_id, id, version, type, payload, created_at) JOIN games g ON g.id = v.game_id
     WHERE g.webhook_url IS NOT NULL`;
}

/** Rethrows a driver's error as the store's (`faults.ts`). */
function rethrow(error: unknown): never {
  throw storeError(error);
}

/**
 * The store on a PostgreSQL server shared by every node. The log's primary key decides between
 * nodes; each append transaction also notifies the other nodes, whose caches and long-polls
 * follow (`change-feed.ts`).
 */
export class PostgresStore implements GameStore {
  readonly confirmReads = true;
  private readonly findGameStatement;
  private readonly versions: VersionReads;
  private readonly movesAfterStatement;
  private readonly idempotentMoveStatement;
  readonly accounts: PostgresAccounts;
  readonly ladder: PostgresLadder;
  readonly ratings: PostgresRatings;
  readonly accountWebhooks: PostgresAccountWebhooks;

  constructor(
    private readonly db: NodePgDatabase<typeof schema>,
    private readonly pool: pg.Pool,
    private readonly feed: ChangeFeed,
    readonly budgets: PostgresBudgets,
    readonly commitWindowMs: number,
  ) {
    const p = sql.placeholder;
    this.accounts = new PostgresAccounts(pool, feed);
    this.ladder = new PostgresLadder(pool);
    this.ratings = new PostgresRatings(db, pool);
    this.accountWebhooks = new PostgresAccountWebhooks(pool);
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
      .prepare('find_game');
    this.versions = new VersionReads(pool, storeError);
    this.movesAfterStatement = db
      .select({ seq: moves.seq, seat: moves.seat, move: moves.move, at: moves.at })
      .from(moves)
      .where(and(eq(moves.gameId, p('id')), gt(moves.seq, p('after'))))
      .orderBy(asc(moves.seq))
      .limit(p('limit'))
      .prepare('moves_after');
    this.idempotentMoveStatement = db
      .select({ seq: moves.seq, seat: moves.seat, requestHash: moves.requestHash })
      .from(moves)
      .where(and(eq(moves.gameId, p('id')), eq(moves.idempotencyKey, p('key'))))
      .prepare('idempotent_move');
  }

  async insertGame(game: NewGame): Promise<void> {
    const deliveries = insertDeliveries(game.deliveries ?? []);
    const seats = insertAccountSeats(game.id, game.accountSeats ?? [], game.at);
    const events = insertAccountEvents(game.accountEvents ?? [], this.feed.node);
    if (!deliveries && !seats && events.length === 0) {
      await this.db.insert(games).values(this.gameRow(game)).catch(rethrow);
      return;
    }
    await this.db
      .transaction(async (tx) => {
        await tx.insert(games).values(this.gameRow(game));
        if (deliveries) await tx.execute(deliveries);
        if (seats) await tx.execute(seats);
        for (const statement of events) await tx.execute(statement);
      })
      .catch(rethrow);
  }

  private gameRow(game: NewGame): typeof games.$inferInsert {
    return {
      id: game.id,
      setup: game.setup,
      tokenHashes: game.tokenHashes,
      status: game.status,
      createdAt: game.at,
      // A game whose pile is empty from the start ends as it is created.
      finishedAt: game.status === 'finished' ? game.at : null,
      adminTokenHash: game.adminTokenHash ?? null,
      visibility: game.visibility ?? 'private',
      seats: game.seats ?? null,
      turnSeconds: clockColumn(game.setup.clock),
      autoplay: game.autoplay ?? false,
      webhookUrl: game.webhook?.url ?? null,
      webhookSecret: game.webhook?.secret ?? null,
      webhookFormat: game.webhook?.format ?? 'json',
    };
  }

  async listGames(query: { status?: GameStatus; limit: number; cursor?: ListCursor }): Promise<ListedGame[]> {
    const { text, params } = listGamesQuery(query, (n) => `$${n}`);
    const result = await this.pool
      .query<{
        id: string;
        status: GameStatus;
        created_at: string;
        setup: ListedGame['setup'];
        seats: ListedGame['seats'];
      }>(text, params)
      .catch(rethrow);
    return result.rows.map((r) => ({
      id: r.id,
      status: r.status,
      createdAt: r.created_at,
      setup: r.setup,
      seats: r.seats,
    }));
  }

  async activeGames(kind: 'clock' | 'autoplay', after: string, limit: number): Promise<string[]> {
    const where = kind === 'clock' ? 'turn_seconds IS NOT NULL' : 'autoplay';
    const result = await this.pool
      .query<{ id: string }>(
        `SELECT id FROM games WHERE status = 'active' AND id > $1 AND ${where} ORDER BY id LIMIT $2`,
        [after, limit],
      )
      .catch(rethrow);
    return result.rows.map((r) => r.id);
  }

  async findGame(id: string): Promise<GameRecord | undefined> {
    const [row] = await this.findGameStatement.execute({ id }).catch(rethrow);
    return row;
  }

  /** Shares one query with the other calls waiting (`version-reads.ts`). */
  version(id: string): Promise<number> {
    return this.versions.version(id);
  }

  async movesAfter(id: string, after: number, limit = ALL_MOVES): Promise<MoveRecord[]> {
    return this.movesAfterStatement.execute({ id, after, limit }).catch(rethrow);
  }

  async findIdempotentMove(id: string, key: string): Promise<IdempotentMove | undefined> {
    const [row] = await this.idempotentMoveStatement.execute({ id, key }).catch(rethrow);
    return row;
  }

  /**
   * One transaction: one multi-row insert for the whole batch (one round trip however many moves
   * it holds), the games it finished or whose row an act changed, and the notification to the
   * other nodes, delivered only if it commits.
   */
  async appendBatch(batch: readonly NewMove[]): Promise<void> {
    if (batch.length === 0) return;
    const changing = batch.filter(changesGameRow);
    const payloads = notifyPayloads(
      this.feed.node,
      batch.map((m) => m.gameId),
    );
    const accountEvents = batch.flatMap((m) => m.accountEvents ?? []);
    const rated = batch.flatMap((m) => (m.ratedGame ? [m.ratedGame] : []));
    if (changing.length === 0 && payloads.length === 1 && accountEvents.length === 0 && rated.length === 0) {
      // The common batch (moves that end no game, one notification): one prepared statement,
      // which is its own transaction, so one round trip instead of four (BEGIN, insert, notify,
      // COMMIT); `append-statement.ts`.
      await this.pool.query(appendStatement(batch, CHANNEL, payloads[0])).catch(rethrow);
      return;
    }
    const deliveries = insertDeliveries(batch.flatMap((m) => m.deliveries ?? []));
    await this.db
      .transaction(async (tx) => {
        await tx.insert(moves).values(
          batch.map((m) => ({
            gameId: m.gameId,
            seq: m.seq,
            seat: m.seat,
            move: m.move,
            at: m.at,
            idempotencyKey: m.idempotencyKey,
            requestHash: m.requestHash,
          })),
        );
        // Few entries change their game's row (an ending move, an act): one update each, in order.
        for (const m of changing) {
          const seats = m.seats ? JSON.stringify(m.seats) : null;
          await tx.execute(sql`
            UPDATE games SET status = ${m.status},
              finished_at = CASE WHEN ${m.status}::text IN ('finished', 'aborted') THEN ${m.at} ELSE finished_at END,
              seats = coalesce(${seats}::json, seats), autoplay = (autoplay OR ${m.autoplay === true})
            WHERE id = ${m.gameId}`);
        }
        if (deliveries) await tx.execute(deliveries);
        for (const m of changing) {
          const seat = m.accountSeat && insertAccountSeats(m.gameId, [m.accountSeat], m.at);
          if (seat) await tx.execute(seat);
        }
        for (const statement of insertAccountEvents(accountEvents, this.feed.node)) await tx.execute(statement);
        for (const game of rated) await applyRatedGame((q) => tx.execute(q), game);
        for (const payload of payloads) {
          await tx.execute(sql`SELECT pg_notify(${CHANNEL}, ${payload})`);
        }
      })
      .catch(rethrow);
  }

  async setWebhook(gameId: string, webhook: Webhook | null): Promise<boolean> {
    const result = await this.pool
      .query('UPDATE games SET webhook_url = $1, webhook_secret = $2, webhook_format = $3 WHERE id = $4', [
        webhook?.url ?? null,
        webhook?.secret ?? null,
        webhook?.format ?? 'json',
        gameId,
      ])
      .catch(rethrow);
    return (result.rowCount ?? 0) > 0;
  }

  async getWebhook(gameId: string): Promise<WebhookView | undefined> {
    const result = await this.pool
      .query<WebhookView>(
        'SELECT webhook_url AS url, webhook_format AS format FROM games WHERE id = $1 AND webhook_url IS NOT NULL',
        [gameId],
      )
      .catch(rethrow);
    return result.rows[0];
  }

  /**
   * One statement: the due rows are locked as they are picked, and rows another node's claim
   * holds locked are skipped (not waited for), so several nodes claim at once and no delivery
   * is claimed twice; once this commits, the lease keeps them from being due again.
   */
  async claimDeliveries(now: string, leaseUntil: string, limit: number): Promise<ClaimedDelivery[]> {
    const result = await this.pool
      .query<
        DeliveryRow & {
          payload: DeliveryPayload;
          webhook_url: string | null;
          webhook_secret: string | null;
          webhook_format: WebhookFormat;
        }
      >(
        `WITH due AS (
           SELECT game_id, id FROM webhook_deliveries
            WHERE status = 'pending' AND next_attempt_at <= $1 ORDER BY next_attempt_at LIMIT $3 FOR UPDATE SKIP LOCKED
         ), claimed AS (
           UPDATE webhook_deliveries d SET next_attempt_at = $2
             FROM due WHERE d.game_id = due.game_id AND d.id = due.id RETURNING d.*
         )
         SELECT ${DELIVERY_COLUMNS}, d.payload, g.webhook_url, g.webhook_secret, g.webhook_format FROM claimed d JOIN games g ON g.id = d.game_id`,
        [now, leaseUntil, limit],
      )
      .catch(rethrow);
    return result.rows.map((row) => ({
      ...deliveryRecord(row),
      payload: row.payload,
      url: row.webhook_url,
      secret: row.webhook_secret,
      format: row.webhook_format,
    }));
  }

  async settleDelivery(delivery: { gameId: string; id: string }, outcome: DeliveryOutcome): Promise<void> {
    await this.pool
      .query(
        `UPDATE webhook_deliveries SET status = $1, next_attempt_at = $2, last_status = $3, last_error = $4, attempts = $7, last_attempt_at = $8
          WHERE game_id = $5 AND id = $6`,
        [
          outcome.status,
          outcome.nextAttemptAt,
          outcome.lastStatus,
          outcome.lastError,
          delivery.gameId,
          delivery.id,
          outcome.attempts,
          outcome.lastAttemptAt,
        ],
      )
      .catch(rethrow);
  }

  async claimAnalysis(id: string, now: string, staleBefore: string): Promise<boolean> {
    const result = await this.pool
      .query(
        `UPDATE games SET analysis_started_at = $1 WHERE id = $2 AND status = 'finished' AND analysis IS NULL
          AND (analysis_started_at IS NULL OR analysis_started_at < $3)`,
        [now, id, staleBefore],
      )
      .catch(rethrow);
    return (result.rowCount ?? 0) > 0;
  }

  /** With the notification a commit sends, in the same statement: the other nodes' streams waiting for it wake (`watch`). */
  async saveAnalysis(id: string, analysis: unknown): Promise<void> {
    const [payload] = notifyPayloads(this.feed.node, [id]);
    await this.db
      .execute(
        sql`
        WITH saved AS (UPDATE games SET analysis = ${JSON.stringify(analysis)}::json WHERE id = ${id} RETURNING 1)
        SELECT pg_notify(${CHANNEL}, ${payload}) FROM (SELECT count(*) FROM saved) AS saved_rows`,
      )
      .catch(rethrow);
  }

  async analysisStatus(id: string, staleBefore: string): Promise<AnalysisStatus> {
    const result = await this.pool
      .query<{ status: AnalysisStatus }>(
        `SELECT CASE WHEN analysis IS NOT NULL THEN 'stored' WHEN analysis_started_at >= $1 THEN 'claimed' ELSE 'none' END AS status FROM games WHERE id = $2`,
        [staleBefore, id],
      )
      .catch(rethrow);
    return result.rows[0]?.status ?? 'none';
  }

  async findAnalysis(id: string): Promise<unknown> {
    const result = await this.pool
      .query<{ analysis: unknown }>('SELECT analysis FROM games WHERE id = $1', [id])
      .catch(rethrow);
    return result.rows[0]?.analysis ?? null;
  }

  async redeliver(gameId: string, id: string, now: string): Promise<DeliveryRecord | undefined> {
    const result = await this.pool
      .query<DeliveryRow>(
        `UPDATE webhook_deliveries d SET status = 'pending', attempts = 0, next_attempt_at = $1
          WHERE d.game_id = $2 AND d.id = $3 RETURNING ${DELIVERY_COLUMNS}`,
        [now, gameId, id],
      )
      .catch(rethrow);
    const row = result.rows[0];
    return row && deliveryRecord(row);
  }

  async listDeliveries(gameId: string, limit: number): Promise<DeliveryRecord[]> {
    const result = await this.pool
      .query<DeliveryRow>(
        `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries d WHERE d.game_id = $1 ORDER BY d.created_at DESC, d.version DESC, d.id DESC LIMIT $2`,
        [gameId, limit],
      )
      .catch(rethrow);
    return result.rows.map(deliveryRecord);
  }

  /**
   * One short transaction per call. A game's last move is the last row of its primary key, so
   * each examined game costs one index lookup; `FOR UPDATE SKIP LOCKED` lets several nodes sweep
   * at once without deleting one game twice or waiting on each other.
   */
  async deleteExpired(before: string, limit: number): Promise<string[]> {
    return this.db
      .transaction(async (tx) => {
        const found = await tx.execute<{ id: string }>(sql`
          SELECT id FROM games
          WHERE created_at < ${before}
            AND coalesce((SELECT at FROM moves WHERE game_id = games.id ORDER BY seq DESC LIMIT 1), created_at) < ${before}
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED`);
        const ids = found.rows.map((r) => r.id);
        if (ids.length === 0) return ids;
        await tx.delete(moves).where(inArray(moves.gameId, ids));
        await tx.delete(schema.webhookDeliveries).where(inArray(schema.webhookDeliveries.gameId, ids));
        await tx.delete(schema.accountGames).where(inArray(schema.accountGames.gameId, ids));
        await tx.delete(games).where(inArray(games.id, ids));
        // Other nodes drop their cached copies as they would after a move.
        for (const payload of notifyPayloads(this.feed.node, ids)) {
          await tx.execute(sql`SELECT pg_notify(${CHANNEL}, ${payload})`);
        }
        return ids;
      })
      .catch(rethrow);
  }

  /** A write that changes nothing the service reads: fails as a move's append would. */
  async health(): Promise<void> {
    await this.db
      .transaction(async (tx) => {
        await tx.execute(sql`CREATE TEMP TABLE IF NOT EXISTS health_probe (n integer) ON COMMIT DELETE ROWS`);
        await tx.execute(sql`INSERT INTO health_probe VALUES (1)`);
      })
      .catch(rethrow);
  }

  /**
   * Per game: changes when another node's commit to it was heard, and on every call while the
   * notification connection is down.
   */
  changeStamp(gameId: string): number {
    return this.feed.stamp(gameId);
  }

  watch(listener: (gameId: string) => void): void {
    this.feed.watch(listener);
  }

  async close(): Promise<void> {
    this.budgets.close();
    await this.feed.close();
    await this.pool.end();
  }
}
