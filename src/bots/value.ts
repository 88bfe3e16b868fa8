/**
 * From points to chances (`docs/analysis.md`): the analysis averages each seat's score at the
 * end of its look-aheads (the engine's final scoring there values every open feature, farm and
 * good: point-equivalents, whatever the expansions), and only then squashes the averages into
 * chances, once: chance_s = softmax_s(mean score / T). Averaging points before the squash is far
 * less noisy than averaging wins. T, the points that make a difference, is the spread of what
 * the rest of the game can still change: T = √(a² + b²·tiles left), a random walk's √ of the
 * tiles to come, with a floor of a points (the look-ahead's own error, and never a division by
 * zero at the last tile). a and b are fitted by `npm run bench:analysis -- --fit` (maximum
 * likelihood: a logistic fit of each position's result on its margin) on positions of many games
 * of equal bots analysed by this estimator, and checked on positions of other games, so that a
 * position estimated at p is won about p of the time (the reliability diagram in
 * docs/analysis.md). A few games' whole positions are not enough: their results are few.
 */

/** The squash's temperature at a position with `tilesLeft` tiles still in the pile: √(a² + b²·tilesLeft). */
export interface Squash {
  a: number;
  b: number;
}

/** Fitted by `npm run bench:analysis -- --quality-only --fit --fit-games=0 --fit-sample=1000 --games=0` (docs/analysis.md, "Calibration"). */
export const SQUASH: Readonly<Squash> = { a: 2.19, b: 2.64 };

export const temperature = (tilesLeft: number, squash: Squash = SQUASH): number =>
  Math.sqrt(squash.a ** 2 + squash.b ** 2 * Math.max(0, tilesLeft));

/** Each seat's chance from its mean score (point-equivalents) at temperature `t`; they sum to 1. */
export function chancesOf(means: readonly number[], t: number): number[] {
  const top = Math.max(...means);
  const e = means.map((m) => Math.exp((m - top) / t));
  const sum = e.reduce((a, b) => a + b, 0);
  return e.map((x) => x / sum);
}

/**
 * The weights that turn one look-ahead's scores into its share of seat `seat`'s chance, to first
 * order (the gradient of the softmax): the standard error of the chance is the standard error
 * of the mean of Σ_j w_j·score_j over the look-aheads (the delta method).
 */
export function chanceGradient(chances: readonly number[], seat: number, t: number): number[] {
  return chances.map((pj, j) => (chances[seat] * ((j === seat ? 1 : 0) - pj)) / t);
}

/** Each seat's share of a win in a final result: the best score wins, ties share. */
export function winShares(scores: readonly number[]): number[] {
  const top = Math.max(...scores);
  const winners = scores.filter((s) => s === top).length;
  return scores.map((s) => (s === top ? 1 / winners : 0));
}
