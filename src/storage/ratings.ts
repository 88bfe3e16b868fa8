/**
 * The stores' vocabulary for ratings (`docs/accounts.md`). An account's rating is a row of
 * `account_ratings`; a rated game's result changes its accounts' rows once, keyed by the game's
 * id in `rated_games`: applied in the transaction of the entry that finishes the game
 * (`NewMove.ratedGame`), or on its own (`RatingStore.apply`), a second application of the same
 * game changes nothing, on any node. The stores keep the numbers; the rating model (what a
 * result makes of them) is the service's, handed in as `RatedGame.rate`.
 */
import type { AccountKind } from './accounts.js';

/** A rating in the model's terms: the estimate of skill and its uncertainty. */
export interface Rating {
  mu: number;
  sigma: number;
}

/** A rating as the store keeps it: with the displayed value, which orders the leaderboard. */
export interface StoredRating extends Rating {
  rating: number;
}

/** An account's rating; `mu` and `sigma` are null before its first rated game. */
export interface AccountRatingRow {
  accountId: string;
  mu: number | null;
  sigma: number | null;
  rating: number;
  games: number;
  updatedAt: string;
}

/** A rated game's result, as a store applies it. */
export interface RatedGame {
  gameId: string;
  /** The game's accounts, one per seat, in seat order. */
  accountIds: readonly string[];
  /** The accounts' ratings after the game from theirs before it (null: never rated), in the same order. */
  rate(before: readonly (Rating | null)[]): StoredRating[];
  at: string;
}

/** A leaderboard line: an account that played at least one rated game. */
export interface LeaderboardRow extends AccountRatingRow {
  name: string;
  kind: AccountKind;
  mu: number;
  sigma: number;
}

/** Where a leaderboard page starts: after this line. */
export interface LeaderboardCursor {
  rating: number;
  accountId: string;
}

export interface RatingStore {
  /**
   * Applies the game's result to its accounts' ratings in one transaction, unless that game was
   * counted already (false then, nothing written).
   */
  apply(game: RatedGame): Promise<boolean>;
  /** The account's rating row, if it ever played a rated game. */
  of(accountId: string): Promise<AccountRatingRow | undefined>;
  /** The accounts that played a rated game, highest rating first (ties by account id), after `cursor`. */
  leaderboard(cursor: LeaderboardCursor | null, limit: number): Promise<LeaderboardRow[]>;
}
