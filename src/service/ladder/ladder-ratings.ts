/**
 * Where the ladder reads its bots' ratings (`docs/ladder.md`): one function, so that the ladder
 * follows whatever rates the accounts. A rating is a mean and its uncertainty (a Weng-Lin
 * rating's mu and sigma) and the rated games it stands on; the ladder shows the interval
 * mu ± 2 sigma.
 */
export interface LadderRating {
  mu: number;
  sigma: number;
  games: number;
}

/** The ratings of these accounts (those that have one). */
export type RatingsOf = (accountIds: readonly string[]) => Promise<Map<string, LadderRating>>;

/** Nobody has a rating: the ladder pairs by meetings alone (a ladder without the accounts' ratings: unit tests). */
export const unrated: RatingsOf = () => Promise.resolve(new Map<string, LadderRating>());

/** The accounts' own ratings (`../accounts/ratings.ts`): an account without rated games has the starting values. */
export const accountRatings =
  (ratingOf: (accountId: string) => Promise<LadderRating>): RatingsOf =>
  async (ids) =>
    new Map(await Promise.all(ids.map(async (id) => [id, await ratingOf(id)] as const)));

/** The interval the ladder shows: two standard deviations either side of the mean. */
export const ratingInterval = ({ mu, sigma }: LadderRating): [number, number] => [mu - 2 * sigma, mu + 2 * sigma];
