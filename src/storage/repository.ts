/**
 * The one contract between the service and a store of games and their move logs. Nothing above
 * it knows which database it talks to: SQLite (`sqlite-store.ts`) implements it, and so does
 * PostgreSQL (`postgres/store.ts`); `open-store.ts` picks one from `DATABASE_URL`.
 *
 * Every call that may touch the database returns a promise, so a store on a network connection
 * fits; a synchronous store (better-sqlite3) resolves at once. What the service relies on:
 * - the log is append-only and `(gameId, seq)` is unique: of two writers appending the same
 *   sequence number (in one process or across processes or nodes), exactly one succeeds;
 * - `appendBatch` is all or nothing: one transaction for the whole group commit;
 * - `changeStamp` tells, without a query, whether another writer may have committed to a game
 *   since it was last read, so a cached game is trusted without asking the log on every read.
 */
import type { GameSetup, Move } from '../engine/index.js';

export type StoredSetup = GameSetup & { seed: string };
export type GameStatus = 'active' | 'finished';

export interface GameRecord {
  id: string;
  setup: StoredSetup;
  /** The sha256 of each seat's token, hex, in seat order. */
  tokenHashes: string[];
  status: GameStatus;
}

export interface NewGame extends GameRecord {
  at: string;
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
  /** 'finished' when this move ended the game: the store marks the game finished with it. */
  status: GameStatus;
}

export interface IdempotentMove {
  seq: number;
  seat: number;
  requestHash: string | null;
}

/**
 * Refused by `appendBatch`: another writer already took one of the batch's sequence numbers
 * (or one of its Idempotency-Keys). Nothing of the batch was written.
 */
export class SequenceTakenError extends Error {
  constructor() {
    super('sequence number already taken');
    this.name = 'SequenceTakenError';
  }
}

/**
 * Refused by `appendBatch`: the store could not take the write now (another writer held the
 * lock too long). Nothing was written; the same batch may succeed when retried later.
 */
export class StoreBusyError extends Error {
  constructor(cause: unknown) {
    super('the store is busy', { cause });
    this.name = 'StoreBusyError';
  }
}

/**
 * Refused by the store: it has no room for the write (a full disk). Nothing was written; the
 * service answers 507 `STORAGE_FULL` with `Retry-After`.
 */
export class StoreFullError extends Error {
  constructor(cause: unknown) {
    super('the store is full', { cause });
    this.name = 'StoreFullError';
  }
}

/**
 * Refused by the store: it cannot be reached or written now (read-only file, lost connection,
 * server restarting). Nothing was written; the service answers 503 `STORAGE_UNAVAILABLE` with
 * `Retry-After`, and the same request may succeed later.
 */
export class StoreUnavailableError extends Error {
  constructor(cause: unknown) {
    super('the store is unavailable', { cause });
    this.name = 'StoreUnavailableError';
  }
}

export interface GameStore {
  insertGame(game: NewGame): Promise<void>;
  findGame(id: string): Promise<GameRecord | undefined>;
  /** The number of moves in the log (0 for an unknown game). */
  version(id: string): Promise<number>;
  /** The moves with `seq > after`, in order. */
  movesAfter(id: string, after: number): Promise<MoveRecord[]>;
  findIdempotentMove(id: string, key: string): Promise<IdempotentMove | undefined>;
  /**
   * Appends every move in one transaction, and marks finished the games a move ended. Rejects
   * with `SequenceTakenError` or `StoreBusyError` (or any other fault), writing nothing.
   */
  appendBatch(moves: readonly NewMove[]): Promise<void>;
  /**
   * Synchronous and cheap (read on every cached read): a value that stays the same while no
   * other writer (process or node) can have committed to game `gameId` since it was last
   * returned. A store may change it for more than that game (SQLite changes it on any other
   * process's commit); one that cannot promise it for a while (its notification channel is
   * down) returns a new value on every call. This process's own commits need not change it:
   * the service moves its cached games along itself.
   */
  changeStamp(gameId: string): number;
  /**
   * Calls `listener` with a game's id when another writer committed a move to it, if the store
   * can tell (SQLite cannot: long-polls there look again every second).
   */
  watch(listener: (gameId: string) => void): void;
  close(): Promise<void>;
}
