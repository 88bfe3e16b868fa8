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
  /** The lobby's view of the game's seats (null for a game created without one). */
  seats: LobbySeat[] | null;
}

export interface AccountStore {
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
  /** The account's games, newest first, of the given statuses (all when none), at most `limit`. */
  games(accountId: string, statuses: readonly GameStatus[] | undefined, limit: number): Promise<AccountGameRow[]>;
  /** How many of the account's games are waiting or active. */
  openGames(accountId: string): Promise<number>;
}
