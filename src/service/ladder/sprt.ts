/**
 * A sequential probability ratio test on duplicate pairs (`docs/ladder.md`): is A stronger than
 * B? Each pair is scored from A's side as a share of its two games, x in {0, ¼, ½, ¾, 1}. The
 * hypotheses are about the Elo difference d of A over B, whose expected share of a game is
 * s(d) = 1 / (1 + 10^(−d/400)): H0 d = elo0, H1 d = elo1. With the pairs' mean x̄ and variance σ²
 * (of N pairs), the log-likelihood ratio of H1 against H0 under a normal model of the pair score
 * is
 *
 *   LLR = N (s1 − s0) (2x̄ − s0 − s1) / (2σ²)
 *
 * It is compared with the bounds ln(β / (1 − α)) (H0 accepted at or below) and
 * ln((1 − β) / α) (H1 accepted at or above); between them the test continues. The tallies start
 * with two virtual pairs, one won and one lost (x = 1 and x = 0): a prior that favours nobody,
 * so that a run of identical results still has a variance and no verdict follows from one or two
 * pairs. Pure: no I/O.
 */

/** How many pairs of each score, from A's side: index = A's half games over the pair (0 lost both … 4 won both). */
export type Pentanomial = readonly [number, number, number, number, number];

export interface SprtParameters {
  /** The Elo difference of H0 (A is no stronger than this). */
  elo0: number;
  /** The Elo difference of H1 (A is stronger by at least this). */
  elo1: number;
  /** The chance of accepting H1 when H0 holds. */
  alpha: number;
  /** The chance of accepting H0 when H1 holds. */
  beta: number;
}

export const DEFAULT_SPRT: SprtParameters = { elo0: 0, elo1: 50, alpha: 0.05, beta: 0.05 };

export type SprtVerdict = 'H1' | 'H0' | 'continue';

export interface SprtResult {
  verdict: SprtVerdict;
  llr: number;
  lower: number;
  upper: number;
  /** Real pairs counted (the two virtual ones apart). */
  pairs: number;
}

/** A game's expected share for the stronger side by `elo`. */
export function expectedShare(elo: number): number {
  return 1 / (1 + 10 ** (-elo / 400));
}

/** The verdict's bounds on the log-likelihood ratio. */
export function bounds({ alpha, beta }: SprtParameters): { lower: number; upper: number } {
  return { lower: Math.log(beta / (1 - alpha)), upper: Math.log((1 - beta) / alpha) };
}

/** The log-likelihood ratio of H1 against H0 for these pairs, the two virtual pairs included. */
export function logLikelihoodRatio(pairs: Pentanomial, { elo0, elo1 }: Pick<SprtParameters, 'elo0' | 'elo1'>): number {
  const counts = pairs.map((n, i) => n + (i === 0 || i === 4 ? 1 : 0));
  const n = counts.reduce((a, b) => a + b, 0);
  const mean = counts.reduce((sum, c, i) => sum + c * (i / 4), 0) / n;
  const variance = counts.reduce((sum, c, i) => sum + c * (i / 4 - mean) ** 2, 0) / n;
  const s0 = expectedShare(elo0);
  const s1 = expectedShare(elo1);
  return (n * (s1 - s0) * (2 * mean - s0 - s1)) / (2 * variance);
}

export function sprt(pairs: Pentanomial, parameters: SprtParameters = DEFAULT_SPRT): SprtResult {
  const llr = logLikelihoodRatio(pairs, parameters);
  const { lower, upper } = bounds(parameters);
  const verdict: SprtVerdict = llr >= upper ? 'H1' : llr <= lower ? 'H0' : 'continue';
  return { verdict, llr, lower, upper, pairs: pairs.reduce((a, b) => a + b, 0) };
}

/** The same pairs from the other side: B's half games are 4 minus A's. */
export function reversed(pairs: Pentanomial): Pentanomial {
  return [pairs[4], pairs[3], pairs[2], pairs[1], pairs[0]];
}
