/**
 * Ratings (`docs/accounts.md`): openskill's Weng-Lin model (Plackett-Luce, made for games of 2 to
 * 6 players) on its default scale (a new account is mu 25, sigma 25/3), shown as the
 * conservative estimate mu - 3 sigma (openskill's `ordinal`: 0 for a new account). A rated game
 * changes its accounts' ratings once, keyed by its id: in the transaction of the entry that
 * finishes it (`ratedGameAfter`), or by `Ratings.applyResult` (its own transaction; the ladder
 * applies its results so).
 *
 * A result's places: the seats that played to the end, by final score (equal scores tie); below
 * them, tied, the seats that resigned (by a resignation, a forfeit on time) or were handed to a
 * bot. An aborted game counts for nothing.
 */
import { ordinal, rate, rating as newRating } from 'openskill';
import { publicView } from '../../engine/index.js';
import type { AccountKind } from '../../storage/accounts.js';
import type { LeaderboardCursor, RatedGame, Rating, RatingStore, StoredRating } from '../../storage/ratings.js';
import type { LifecycleStatus } from '../lifecycle/lifecycle.js';
import { statusOf } from '../lifecycle/lifecycle.js';
import type { Snapshot } from '../cache/snapshot.js';

/** A finished game's result for the ratings: each seat's account and its place (1 is first; equal places tie). */
export interface GameResult {
  gameId: string;
  /** When it finished (ISO 8601). */
  at: string;
  seats: readonly { accountId: string; place: number }[];
}

/** An account's rating as the API shows it. */
export interface AccountRating {
  /** The displayed rating: mu - 3 sigma. */
  rating: number;
  mu: number;
  sigma: number;
  /** Rated games played. */
  games: number;
}

/** A new account's rating, on the model's default scale. */
export const INITIAL_RATING: Rating = newRating();

/** The displayed value of a rating: the conservative estimate mu - 3 sigma. */
export const displayed = (r: Rating): number => ordinal(r);

/** The ratings after a game from those before it (null: the initial rating), seat by seat. */
export function rateResult(before: readonly (Rating | null)[], places: readonly number[]): StoredRating[] {
  const teams = before.map((r) => [r ?? INITIAL_RATING]);
  return rate(teams, { rank: [...places] }).map(([r]) => ({ mu: r.mu, sigma: r.sigma, rating: displayed(r) }));
}

/** Each seat's place: those who played on by score, then, tied, those who left (resigned, forfeited, handed to a bot). */
export function placesOf(scores: readonly number[], left: readonly boolean[]): number[] {
  const playing = scores.filter((_, i) => !left[i]);
  return scores.map((score, i) => (left[i] ? playing.length + 1 : 1 + playing.filter((s) => s > score).length));
}

/** The store's form of a result: the rating model goes with it. */
export function ratedGame(result: GameResult): RatedGame {
  return {
    gameId: result.gameId,
    at: result.at,
    accountIds: result.seats.map((s) => s.accountId),
    rate: (before) =>
      rateResult(
        before,
        result.seats.map((s) => s.place),
      ),
  };
}

/** The result of the rated game that `snapshot`'s last entry finished (`statusBefore` as it was before it). */
export function ratedGameAfter(
  snapshot: Snapshot,
  at: string,
  statusBefore: LifecycleStatus | null,
): RatedGame | undefined {
  if (!snapshot.life.rated || statusBefore === 'finished') return undefined;
  if (statusOf(snapshot.life, snapshot.game) !== 'finished') return undefined;
  const seats = snapshot.life.seats;
  const scores = publicView(snapshot.game).players.map((p) => p.score);
  const places = placesOf(
    scores,
    seats.map((s) => s.resigned || s.handedToBot),
  );
  return ratedGame({
    gameId: snapshot.id,
    at,
    seats: seats.map((s, i) => ({ accountId: s.account!.id, place: places[i] })),
  });
}

const view = (row: { mu: number | null; sigma: number | null; rating: number; games: number }): AccountRating => ({
  rating: row.rating,
  mu: row.mu ?? INITIAL_RATING.mu,
  sigma: row.sigma ?? INITIAL_RATING.sigma,
  games: row.games,
});

export interface LeaderboardLine extends AccountRating {
  name: string;
  kind: AccountKind;
}

export class Ratings {
  constructor(private readonly store: RatingStore) {}

  /**
   * Applies a finished game's result to its accounts' ratings, once: false (nothing changed)
   * when that game was counted already, on this node or another.
   */
  async applyResult(result: GameResult): Promise<boolean> {
    return this.store.apply(ratedGame(result));
  }

  /** The account's rating: the initial one (0 games) before its first rated game. */
  async ratingOf(accountId: string): Promise<AccountRating> {
    const row = await this.store.of(accountId);
    return view(row ?? { mu: null, sigma: null, rating: displayed(INITIAL_RATING), games: 0 });
  }

  /** A page of the leaderboard after `cursor` (highest rating first), and the cursor of the next page when full. */
  async leaderboard(
    cursor: LeaderboardCursor | null,
    limit: number,
  ): Promise<{ lines: LeaderboardLine[]; next: LeaderboardCursor | null }> {
    const rows = await this.store.leaderboard(cursor, limit);
    const last = rows.at(-1);
    return {
      lines: rows.map((r) => ({ name: r.name, kind: r.kind, ...view(r) })),
      next: rows.length === limit && last ? { rating: last.rating, accountId: last.accountId } : null,
    };
  }
}
