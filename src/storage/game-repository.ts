import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { GameSetup, Move } from '../engine/index.js';
import type { Db } from './database.js';
import { games, moves } from './schema.js';

export type StoredSetup = GameSetup & { seed: string };

export interface GameRecord {
  id: string;
  setup: StoredSetup;
  tokenHashes: string[];
  status: 'active' | 'finished';
}

export interface MoveRecord {
  seq: number;
  seat: number;
  move: Move;
  at: string;
}

export interface NewMove extends MoveRecord {
  gameId: string;
  idempotencyKey: string | null;
  requestHash: string | null;
}

export interface IdempotentMove {
  seq: number;
  seat: number;
  requestHash: string | null;
}

/** Thrown by `appendMove` when another writer already took this sequence number. */
export class SequenceTakenError extends Error {
  constructor() {
    super('sequence number already taken');
    this.name = 'SequenceTakenError';
  }
}

function isPrimaryKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/**
 * All SQL of the service. Every statement is prepared once: the write path runs
 * at several thousand requests per second.
 */
export class GameRepository {
  private readonly insertGameStatement;
  private readonly findGameStatement;
  private readonly versionStatement;
  private readonly movesAfterStatement;
  private readonly insertMoveStatement;
  private readonly finishGameStatement;
  private readonly idempotentMoveStatement;
  private readonly dataVersionStatement;
  /** Made once: better-sqlite3 builds a wrapper per `transaction()` call. */
  private readonly inTransaction;

  constructor(private readonly db: Db) {
    const p = sql.placeholder;
    this.inTransaction = db.$client.transaction((fn: () => unknown) => fn());
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
    // Asked on every request (the cache is trusted only at the stored version): a plain
    // better-sqlite3 statement, a third of the cost of the query builder's prepared query.
    this.versionStatement = db.$client.prepare<[string], number | null>('SELECT max(seq) FROM moves WHERE game_id = ?').pluck();
    this.dataVersionStatement = db.$client.prepare<[], number>('PRAGMA data_version').pluck();
    this.movesAfterStatement = db
      .select({ seq: moves.seq, seat: moves.seat, move: moves.move, at: moves.at })
      .from(moves)
      .where(and(eq(moves.gameId, p('id')), gt(moves.seq, p('after'))))
      .orderBy(asc(moves.seq))
      .prepare();
    // The write path's one insert, also as a plain statement (drizzle maps each value first).
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
  }

  insertGame(game: GameRecord & { at: string }): void {
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

  findGame(id: string): GameRecord | undefined {
    return this.findGameStatement.get({ id });
  }

  /** The number of moves in the log (0 for an unknown game). */
  version(id: string): number {
    return this.versionStatement.get(id) ?? 0;
  }

  /**
   * SQLite's data version of this connection: it changes when, and only when, another
   * connection (another server process) has committed since the last call.
   */
  dataVersion(): number {
    return this.dataVersionStatement.get()!;
  }

  movesAfter(id: string, after: number): MoveRecord[] {
    return this.movesAfterStatement.all({ id, after });
  }

  findIdempotentMove(id: string, key: string): IdempotentMove | undefined {
    return this.idempotentMoveStatement.get({ id, key });
  }

  /**
   * Appends one move (and marks the game finished when it ended it). Must run inside
   * `transaction`. Throws `SequenceTakenError` when `seq` is already in the log.
   */
  appendMove(move: NewMove, status: 'active' | 'finished'): void {
    try {
      this.insertMoveStatement.run(move.gameId, move.seq, move.seat, JSON.stringify(move.move), move.at, move.idempotencyKey, move.requestHash);
    } catch (error) {
      if (isPrimaryKeyViolation(error)) throw new SequenceTakenError();
      throw error;
    }
    if (status === 'finished') this.finishGameStatement.run({ id: move.gameId, at: move.at });
  }

  /** Runs `fn` in one synchronous write transaction (BEGIN IMMEDIATE: writers queue up front). */
  transaction<T>(fn: () => T): T {
    return this.inTransaction.immediate(fn) as T;
  }

  close(): void {
    this.db.$client.close();
  }
}
