import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { Checkpointer } from './checkpointer.js';
import { openDatabase, type Db } from './database.js';
import {
  SequenceTakenError,
  StoreBusyError,
  type GameRecord,
  type GameStore,
  type IdempotentMove,
  type MoveRecord,
  type NewGame,
  type NewMove,
} from './repository.js';
import { games, moves } from './schema.js';

function isConstraintViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** SQLite gave up waiting for the write lock (`SQLITE_BUSY` and its extended codes). */
function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

export interface SqliteStoreOptions {
  /** How long a write waits for another process's write lock before it is refused as busy. */
  busyTimeoutMs?: number;
  /** Told when the background checkpoint fails (the log then checkpoints inside commits). */
  onCheckpointError?: (message: string) => void;
}

/** Opens (creating and migrating) the database at `path` (a file path or `:memory:`). */
export function openSqliteStore(path: string, options: SqliteStoreOptions = {}): SqliteStore {
  const db = openDatabase(path, { busyTimeoutMs: options.busyTimeoutMs });
  const checkpointer = path === ':memory:' ? undefined : new Checkpointer(db, path, options.onCheckpointError);
  return new SqliteStore(db, checkpointer);
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
  private readonly finishGameStatement;
  private readonly idempotentMoveStatement;
  private readonly dataVersionStatement;
  /** Made once: better-sqlite3 builds a wrapper per `transaction()` call. */
  private readonly appendAll;

  constructor(
    private readonly db: Db,
    private readonly checkpointer?: Checkpointer,
  ) {
    const p = sql.placeholder;
    this.insertGameStatement = db
      .insert(games)
      .values({
        id: p('id'),
        setup: p('setup'),
        tokenHashes: p('tokenHashes'),
        status: sql`${p('status')}`,
        createdAt: p('at'),
        finishedAt: sql`${p('finishedAt')}`,
      })
      .prepare();
    this.findGameStatement = db
      .select({ id: games.id, setup: games.setup, tokenHashes: games.tokenHashes, status: games.status })
      .from(games)
      .where(eq(games.id, p('id')))
      .prepare();
    // Asked when the cache may be stale (another process committed) and to judge a refusal:
    // a plain better-sqlite3 statement, a third of the cost of the query builder's prepared query.
    this.versionStatement = db.$client.prepare<[string], number | null>('SELECT max(seq) FROM moves WHERE game_id = ?').pluck();
    this.dataVersionStatement = db.$client.prepare<[], number>('PRAGMA data_version').pluck();
    this.movesAfterStatement = db
      .select({ seq: moves.seq, seat: moves.seat, move: moves.move, at: moves.at })
      .from(moves)
      .where(and(eq(moves.gameId, p('id')), gt(moves.seq, p('after'))))
      .orderBy(asc(moves.seq))
      .prepare();
    // The write path's one insert, also as a plain statement (drizzle maps each value first).
    // One prepared single-row insert per move inside the batch's transaction: in-process SQLite
    // has no round trip for a multi-row statement to save.
    this.insertMoveStatement = db.$client.prepare<[string, number, number, string, string, string | null, string | null]>(
      'INSERT INTO moves (game_id, seq, seat, move, at, idempotency_key, request_hash) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    this.finishGameStatement = db
      .update(games)
      .set({ status: 'finished', finishedAt: sql`${p('at')}` })
      .where(eq(games.id, p('id')))
      .prepare();
    this.idempotentMoveStatement = db
      .select({ seq: moves.seq, seat: moves.seat, requestHash: moves.requestHash })
      .from(moves)
      .where(and(eq(moves.gameId, p('id')), eq(moves.idempotencyKey, p('key'))))
      .prepare();
    this.appendAll = db.$client.transaction((batch: readonly NewMove[]) => {
      for (const m of batch) {
        this.insertMoveStatement.run(m.gameId, m.seq, m.seat, JSON.stringify(m.move), m.at, m.idempotencyKey, m.requestHash);
        if (m.status === 'finished') this.finishGameStatement.run({ id: m.gameId, at: m.at });
      }
    });
  }

  async insertGame(game: NewGame): Promise<void> {
    this.insertGameStatement.run({
      id: game.id,
      setup: game.setup,
      tokenHashes: game.tokenHashes,
      status: game.status,
      at: game.at,
      // A game whose pile is empty from the start ends as it is created.
      finishedAt: game.status === 'finished' ? game.at : null,
    });
  }

  async findGame(id: string): Promise<GameRecord | undefined> {
    return this.findGameStatement.get({ id });
  }

  async version(id: string): Promise<number> {
    return this.versionStatement.get(id) ?? 0;
  }

  async movesAfter(id: string, after: number): Promise<MoveRecord[]> {
    return this.movesAfterStatement.all({ id, after });
  }

  async findIdempotentMove(id: string, key: string): Promise<IdempotentMove | undefined> {
    return this.idempotentMoveStatement.get({ id, key });
  }

  /** BEGIN IMMEDIATE: writers queue for the lock up front, for at most the busy timeout. */
  async appendBatch(batch: readonly NewMove[]): Promise<void> {
    try {
      this.appendAll.immediate(batch);
    } catch (error) {
      if (isConstraintViolation(error)) throw new SequenceTakenError();
      if (isBusy(error)) throw new StoreBusyError(error);
      throw error;
    }
  }

  /**
   * SQLite's data version of this connection: it changes when, and only when, another
   * connection (another server process) has committed since the last call.
   */
  changeStamp(): number {
    return this.dataVersionStatement.get()!;
  }

  /** SQLite cannot tell which game another process wrote: readers notice by `changeStamp`. */
  watch(): void {}

  async close(): Promise<void> {
    await this.checkpointer?.stop();
    this.db.$client.close();
  }
}
