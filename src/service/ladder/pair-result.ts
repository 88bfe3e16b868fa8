/**
 * A duplicate pair's result (`docs/ladder.md`): the same pile played twice with the seats
 * swapped. Each game counts as a win, a draw or a loss by its final points (1, ½, 0), and the
 * pair is the sum: won both, split, lost both (or with a draw, 1½ or ½). Game wins, not the sum
 * of points, because the points a pile gives swing widely from one pile to the next, while what
 * the ladder ranks (and the ratings count) is who won. Pure.
 */
import type { PairOutcome } from '../../storage/ladder.js';

/** `a`'s half games (0 to 2) in one game where it scored `mine` and its opponent `theirs`. */
const halvesOf = (mine: number, theirs: number): number => (mine > theirs ? 2 : mine === theirs ? 1 : 0);

/**
 * The pair's outcome from the final scores of its two games: the first with `a` in seat 0, the
 * second with `b` in seat 0.
 */
export function pairOutcome(first: readonly number[], second: readonly number[]): PairOutcome {
  const points: PairOutcome['points'] = [
    [first[0], first[1]],
    [second[1], second[0]],
  ];
  return { points, halves: halvesOf(...points[0]) + halvesOf(...points[1]) };
}

export const PAIR_RESULTS = ['lost both', 'lost one, drew one', 'split', 'won one, drew one', 'won both'] as const;
export type PairResult = (typeof PAIR_RESULTS)[number];

/** The words of a pair's score from `a`'s side. */
export const pairResult = (halves: number): PairResult => PAIR_RESULTS[halves];
