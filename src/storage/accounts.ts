/**
 * The stores' vocabulary for accounts (`docs/accounts.md`): an account has a unique name (kept
 * also as a folded key, so that `Ann` and `ＡＮＮ` are one name), a kind (`player` or `bot`) and
 * keys, of which the store keeps only the sha256. The games an account sits in are rows of
 * `account_games`, written in the same transaction as the game's creation or the join that
 * seats it (`NewGame.accountSeats`, `NewMove.accountSeat`), so a listing never misses a seat.
 * Accounts are keyed by account, not by game: like the rate budgets, they are not sharded with
 * the log.
 */
import type { GameStatus, LobbySeat } from './game-store.js';

export const ACCOUNT_KINDS = ['player', 'bot'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

export interface Account {
  id: string;
  name: string;
  kind: AccountKind;
  createdAt: string;
}

/** A challenge's life: open while answers are awaited; then started (its game made), declined or canceled. */
export const CHALLENGE_STATUSES = ['open', 'started', 'declined', 'canceled'] as const;
export type ChallengeStatus = (typeof CHALLENGE_STATUSES)[number];
export type ChallengeAnswer = 'pending' | 'accepted' | 'declined';

/** A seat of a challenge: the challenger's (always accepted) or a challenged account's. */
export interface ChallengeSeat {
  accountId: string;
  name: string;
  kind: AccountKind;
  answer: ChallengeAnswer;
}

export interface ChallengeRecord {
  id: string;
  challengerId: string;
  status: ChallengeStatus;
  /** The game's options as the creation takes them (expansions, rules, clock, rated). */
  options: Record<string, unknown>;
  seats: ChallengeSeat[];
  /** The game made when every seat accepted. */
  gameId: string | null;
  /** Counts the challenge's changes: each change names the one it was decided on. */
  version: number;
  createdAt: string;
  /** Why it was declined or canceled. */
  reason: string | null;
}

/** A challenge change: what it becomes, and the events it tells (written in its transaction). */
export interface ChallengeChange {
  status: ChallengeStatus;
  seats: ChallengeSeat[];
  gameId: string | null;
  reason: string | null;
}

/** A new account: its folded name (unique) and its first key. */
export interface NewAccount extends Account {
  nameKey: string;
  key: NewAccountKey;
}

export interface NewAccountKey {
  /** A public id, to list and revoke the key by. */
  id: string;
  /** The sha256 of the key, hex. */
  digest: string;
  createdAt: string;
}

export interface AccountKeyView {
  id: string;
  createdAt: string;
  revokedAt: string | null;
}

/** An account's seat in a game, as its creation or a join writes it. */
export interface AccountSeat {
  accountId: string;
  seat: number;
}

/** A game an account sits in, as `accountGames` lists it. */
export interface AccountGameRow {
  gameId: string;
  seat: number;
  status: GameStatus;
  createdAt: string;
  /** When the account took its seat: the list's order (newest first, then by game id). */
  listedAt: string;
  /** The lobby's view of the game's seats (null for a game created without one). */
  seats: LobbySeat[] | null;
}

/** Where a page of an account's games ends: its last game's `listedAt` and id. */
export type AccountGamesCursor = Pick<AccountGameRow, 'listedAt' | 'gameId'>;

/**
 * What an account's stream tells (`docs/accounts.md`). Each is written in the transaction of the
 * entry (or creation, or challenge) that caused it, so none is lost and none is told of a write
 * that did not commit.
 */
export const ACCOUNT_EVENT_TYPES = [
  'gameStarted',
  'yourTurn',
  'gameFinished',
  'challenge',
  'challengeCanceled',
  'challengeDeclined',
] as const;
export type AccountEventType = (typeof ACCOUNT_EVENT_TYPES)[number];

export interface NewAccountEvent {
  accountId: string;
  type: AccountEventType;
  data: Record<string, unknown>;
  createdAt: string;
}

/** The longest cursor a store makes, and so accepts. */
export const MAX_CURSOR_LENGTH = 1024;

/** A stored event; `cursor` is its place in the account's stream (opaque: the store's own order). */
export interface AccountEventRow {
  cursor: string;
  type: AccountEventType;
  data: Record<string, unknown>;
  createdAt: string;
}

export interface AccountStore {
  /**
   * The account's events after `cursor` (from its first without one), in the order they
   * committed, at most `limit`: a reader that resumes at the last cursor it read misses none,
   * also across nodes. Rejects a cursor the store never made with `InvalidCursorError`.
   */
  eventsAfter(accountId: string, cursor: string | null, limit: number): Promise<AccountEventRow[]>;
  /**
   * The cursor standing now: a stream that is sent the present, then resumes there, is sent every
   * event committed after and none committed before (`postgres/event-cursor.ts`).
   */
  latestCursor(accountId: string): Promise<string>;
  /** Calls `listener` with an account's id when another node wrote events for it (where the store can tell). */
  watchEvents(listener: (accountId: string) => void): void;
  /** Whether `watchEvents` hears other writers (PostgreSQL); else readers look again every second. */
  readonly announcesEvents: boolean;
  /** Creates the account with its first key; false (nothing written) when its name is taken. */
  create(account: NewAccount): Promise<boolean>;
  /** The account whose key has this sha256 (hex), with whether that key was revoked. */
  byKey(digest: string): Promise<{ account: Account; keyId: string; revoked: boolean } | undefined>;
  /** The accounts of these folded names (those that exist). */
  byNames(nameKeys: readonly string[]): Promise<(Account & { nameKey: string })[]>;
  /** Adds a key unless the account holds `maxKeys` live keys already (false then, nothing written). */
  addKey(accountId: string, key: NewAccountKey, maxKeys: number): Promise<boolean>;
  /** Revokes a live key of the account; false when it has no such live key. */
  revokeKey(accountId: string, keyId: string, at: string): Promise<boolean>;
  listKeys(accountId: string): Promise<AccountKeyView[]>;
  /**
   * The account's games, newest first, of the given statuses (all when none), at most `limit`:
   * those listed after `after` (a page's last) when given.
   */
  games(
    accountId: string,
    statuses: readonly GameStatus[] | undefined,
    limit: number,
    after?: AccountGamesCursor | null,
  ): Promise<AccountGameRow[]>;
  /** How many of the account's games are waiting or active. */
  openGames(accountId: string): Promise<number>;
  /** The account's accept policy (a bot's), or null. */
  policy(accountId: string): Promise<unknown>;
  setPolicy(accountId: string, policy: unknown): Promise<void>;
  /** Writes a new challenge, its seats' listing rows and its events, in one transaction. */
  insertChallenge(challenge: ChallengeRecord, events: readonly NewAccountEvent[]): Promise<void>;
  findChallenge(id: string): Promise<ChallengeRecord | undefined>;
  /**
   * Changes the challenge if it is still at `version` (then at `version + 1`), with its events,
   * in one transaction; false (nothing written) when another change came first.
   */
  changeChallenge(
    id: string,
    version: number,
    change: ChallengeChange,
    events: readonly NewAccountEvent[],
  ): Promise<boolean>;
  /** The account's challenges (made or received) of these statuses, newest first. */
  challengesOf(accountId: string, statuses: readonly ChallengeStatus[], limit: number): Promise<ChallengeRecord[]>;
}

/** Told to `watchEvents` listeners when notifications may have been missed: every account should look again. */
export const EVERY_ACCOUNT = '*';

/** A cursor this store did not make: the request's fault (400), never the store's. */
export class InvalidCursorError extends Error {
  constructor() {
    super('not a cursor of this stream');
    this.name = 'InvalidCursorError';
  }
}
