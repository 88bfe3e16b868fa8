/**
 * The one contract between the service and a store of games and their move logs. Nothing above
 * it knows which database it talks to: SQLite (`sqlite/store.ts`) implements it, and so does
 * PostgreSQL (`postgres/store.ts`); `open-store.ts` picks one from `DATABASE_URL`.
 *
 * Every call that may touch the database returns a promise, so a store on a network connection
 * fits; a synchronous store (better-sqlite3) resolves at once. Every call rejects a fault of the
 * storage itself (not of the request) as `StoreBusyError`, `StoreFullError` or
 * `StoreUnavailableError`, never as a driver's own error: the service answers those 503/507.
 * What the service relies on:
 * - the log is append-only and `(gameId, seq)` is unique: of two writers appending the same
 *   sequence number (in one process or across processes or nodes), exactly one succeeds;
 * - `appendBatch` is all or nothing: one transaction for the whole group commit;
 * - `changeStamp` tells, without a query, whether another writer may have committed to a game
 *   since it was last read, so a cached game is trusted without asking the log on every read.
 */
import type { GameSetup, Move } from '../engine/index.js';
import type { Act, LifecycleSetup, SeatView } from '../game-log.js';
import type { AccountSeat, AccountStore, NewAccountEvent } from './accounts.js';
import type { LadderStore } from './ladder.js';
import type { RatedGame, RatingStore } from './ratings.js';
import type { AccountWebhookStore } from './account-webhooks.js';
import type { DeliveryStore, NewDelivery, Webhook } from './deliveries.js';

/** The setup as given (the engine's, with the seats' kinds, visibility and clock) and its secret seed. */
export type StoredSetup = GameSetup & LifecycleSetup & { seed: string };
export const GAME_STATUSES = ['waiting', 'active', 'finished', 'aborted'] as const;
export type GameStatus = (typeof GAME_STATUSES)[number];
export type Visibility = 'public' | 'private';

/** A seat as the lobby lists it (kept in the games row, changed with the act that changes it). */
export type LobbySeat = SeatView;

export interface GameRecord {
  id: string;
  setup: StoredSetup;
  /** The sha256 of each seat's token at creation, hex, in seat order (acts in the log replace them). */
  tokenHashes: string[];
  status: GameStatus;
  createdAt: string;
  /** The sha256 of the admin token, hex; null for games created before admin tokens. */
  adminTokenHash: string | null;
}

export interface NewGame {
  id: string;
  setup: StoredSetup;
  tokenHashes: string[];
  status: GameStatus;
  at: string;
  adminTokenHash?: string;
  visibility?: Visibility;
  seats?: LobbySeat[];
  /** Whether a bot may play some turn (a bot seat): listed by `activeGames('autoplay')`. */
  autoplay?: boolean;
  webhook?: Webhook;
  /** Webhook deliveries of the creation, written with the game. */
  deliveries?: readonly NewDelivery[];
  /** The seats accounts hold from the start (`accounts.ts`), listed with the game. */
  accountSeats?: readonly AccountSeat[];
  /** What the accounts' streams tell of the creation, written with the game. */
  accountEvents?: readonly NewAccountEvent[];
}

export type AnalysisStatus = 'stored' | 'claimed' | 'none';

/** A log entry: an engine move, or a lifecycle act (`game-log.ts`). */
export type LogEntry = Move | Act;

export interface MoveRecord {
  seq: number;
  seat: number;
  move: LogEntry;
  at: string;
}

export interface NewMove extends MoveRecord {
  gameId: string;
  idempotencyKey: string | null;
  requestHash: string | null;
  /**
   * The game's status after this entry. The store writes it to the game's row, in the same
   * transaction, when it is not 'active' or `statusChanged` says so ('finished' also sets
   * finished_at).
   */
  status: GameStatus;
  statusChanged?: boolean;
  /** The lobby's seats after this entry, when it changed them. */
  seats?: LobbySeat[];
  /** Set when this entry lets a bot play some turn (a resign, a hand-over, a timeout). */
  autoplay?: boolean;
  /** Webhook deliveries this entry causes: written in its transaction if the game has a webhook then. */
  deliveries?: readonly NewDelivery[];
  /** The seat an account took by this entry (a join, which also changes the row's seats). */
  accountSeat?: AccountSeat;
  /** What the accounts' streams tell of this entry, written in its transaction. */
  accountEvents?: readonly NewAccountEvent[];
  /** The result of the rated game this entry finishes, applied to the ratings in its transaction. */
  ratedGame?: RatedGame;
}

/** Whether appending `m` changes its game's row. */
export function changesGameRow(m: NewMove): boolean {
  return m.status !== 'active' || m.statusChanged === true || m.seats !== undefined || m.autoplay === true;
}

/** A public game as the lobby lists it. */
export interface ListedGame {
  id: string;
  status: GameStatus;
  createdAt: string;
  setup: StoredSetup;
  seats: LobbySeat[] | null;
}

/** The lobby's page position: the last listed game. */
export interface ListCursor {
  createdAt: string;
  id: string;
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

/** A token bucket's rule: requests earned per second, and how many it holds at most. */
export interface BucketRule {
  perSecond: number;
  burst: number;
}

/**
 * Request budgets shared by every node of a store (`src/http/rate-limit.ts` draws on them): one
 * token bucket per budget and key, kept where every node sees it.
 */
export interface BudgetLedger {
  /** Nodes sharing the budgets now (at least 1), refreshed in the background. */
  readonly nodes: number;
  /**
   * Charges `spent` requests a node already let through, then takes up to `want` more tokens if
   * the bucket holds at least one: answers how many it took and the tokens left (below 1 when
   * it took none, below 0 when the charge overdrew it).
   */
  draw(
    budget: string,
    key: string,
    rule: BucketRule,
    spent: number,
    want: number,
  ): Promise<{ granted: number; tokens: number }>;
}

/** `movesAfter`'s limit when none is given: the whole rest of the log. */
export const ALL_MOVES = Number.MAX_SAFE_INTEGER;

export interface GameStore extends DeliveryStore {
  /** Accounts, their keys and the games they sit in (`accounts.ts`). */
  readonly accounts: AccountStore;
  /** The bot ladder: its bots, their duplicate matches (`ladder.ts`). */
  readonly ladder: LadderStore;
  /** The accounts' ratings and the rated games counted (`ratings.ts`). */
  readonly ratings: RatingStore;
  /** The accounts' webhooks and how far each has delivered (`account-webhooks.ts`). */
  readonly accountWebhooks: AccountWebhookStore;
  /** Present when several nodes share the store: request budgets then hold across them. */
  readonly budgets?: BudgetLedger;
  insertGame(game: NewGame): Promise<void>;
  findGame(id: string): Promise<GameRecord | undefined>;
  /** Public games, newest first (then by id, descending), after `cursor`; `status` filters. */
  listGames(query: { status?: GameStatus; limit: number; cursor?: ListCursor }): Promise<ListedGame[]>;
  /**
   * Ids of active games with a turn clock (`clock`) or in which a bot may play (`autoplay`),
   * in id order after `after`, at most `limit`: the clock and the bot driver's pick-up at start.
   */
  activeGames(kind: 'clock' | 'autoplay', after: string, limit: number): Promise<string[]>;
  /** The number of moves in the log (0 for an unknown game). */
  version(id: string): Promise<number>;
  /** The moves with `seq > after`, in order, at most `limit` of them: only those are read (a page of `/moves`). */
  movesAfter(id: string, after: number, limit?: number): Promise<MoveRecord[]>;
  findIdempotentMove(id: string, key: string): Promise<IdempotentMove | undefined>;
  /**
   * Appends every move in one transaction, and marks finished the games a move ended. Rejects
   * with `SequenceTakenError`, `StoreBusyError`, `StoreFullError` or `StoreUnavailableError`
   * (or any other fault), writing nothing.
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
   * Set by a store whose change stamp may lag another writer's commit (PostgreSQL hears of other
   * nodes' commits by notifications, a little after they commit): every read then asks
   * `version` (one indexed query) before it trusts a cached game, so that a read starting after
   * a commit on any node reflects it. A store whose stamp changes with every commit (SQLite's
   * `data_version`) leaves it unset: its cached reads ask nothing.
   */
  readonly confirmReads?: boolean;
  /**
   * How long the group commit gathers submissions before it sends a batch that found none
   * running (milliseconds; unset or 0: the requests already read, `setImmediate`). A store whose
   * every commit costs a round trip and wakes every node with a notification (PostgreSQL) sets
   * it: a moment's wait fills the batches a node at rest would send one move at a time.
   */
  readonly commitWindowMs?: number;
  /**
   * Calls `listener` with a game's id when another writer committed a move to it, if the store
   * can tell (SQLite cannot: long-polls there look again every second).
   */
  watch(listener: (gameId: string) => void): void;
  /**
   * Deletes at most `limit` games whose last move (or, without moves, whose creation) is before
   * `before` (an ISO timestamp, compared like the `at` of moves), with their moves and webhook deliveries, in one
   * transaction: a game with a move at or after `before` is never deleted, also when a move
   * lands while this runs. Resolves with the deleted games' ids (the service forgets them).
   * The retention sweep (`GAME_RETENTION_DAYS`) calls it in small batches until fewer than
   * `limit` come back; it should cost about one indexed lookup per examined game.
   */
  deleteExpired(before: string, limit: number): Promise<string[]>;
  /**
   * Proves that the store takes writes now, by a write that changes nothing the service reads
   * (SQLite rewrites the header's `user_version`). Rejects like a write (`StoreFullError`,
   * `StoreUnavailableError`, `StoreBusyError`). `/health` calls it at its first call and after
   * a write failed, at most once a second, never on the request path of a move.
   */
  health(): Promise<void>;
  /**
   * Claims the analysis of finished game `id` for this node: true when it has none and no
   * claim began after `staleBefore` (one that did is another node's, still running). Records `now`.
   */
  claimAnalysis(id: string, now: string, staleBefore: string): Promise<boolean>;
  /** Stores the analysis, and announces it to the other nodes like a commit to the game (`watch`), where the store can. */
  saveAnalysis(id: string, analysis: unknown): Promise<void>;
  /**
   * Where game `id`'s analysis stands, without reading it: stored, claimed after `staleBefore`
   * (being computed somewhere), or neither. One lookup by the game's key.
   */
  analysisStatus(id: string, staleBefore: string): Promise<AnalysisStatus>;
  /** The stored analysis, or null. */
  findAnalysis(id: string): Promise<unknown>;
  close(): Promise<void>;
}
