/**
 * The analysis' estimate of one position (`docs/analysis.md`): for the seat that must act, its
 * candidate moves (the greedy bot's best few, and the move played) are each played out on the
 * same determinizations with the same random numbers, so their difference is the difference
 * the move makes, not the luck of what each one drew (common random numbers). A candidate is
 * the move and the greedy bot's completion of the seat's part of the turn up to the next draw
 * (the figure after the tile), so a tile is never judged by random figures after it.
 *
 * A look-ahead plays `horizon` tiles of random moves from a determinization (seeded by the
 * position's number and the look-ahead's: never the game's own seed, so the pile order cannot
 * leak) and ends with the engine's final scoring: each seat's score there, in points. Means of
 * those points are squashed into chances once (`value.ts`); standard errors by the delta
 * method. Where the choice is close (a mistake not yet told from noise) or the estimate loose,
 * the look-aheads double, up to `maxPlayouts`, while the deadline allows.
 */
import { actorOf, determinize, isFinished, publicView, playInPlace, type Game, type Move } from '../engine/index.js';
import { greedyChoice, greedyOrder } from './greedy.js';
import { playout } from './mcts.js';
import { choosable, moveKey, revealed } from './moves.js';
import { seeded } from './rng.js';
import { chanceGradient, chancesOf, temperature, winShares } from './value.js';

export interface EstimateOptions {
  /** Look-aheads per candidate at first, and at most (more where the choice is close or the estimate loose). */
  playouts: number;
  maxPlayouts: number;
  /** Look-aheads per candidate even when the deadline has passed. */
  minPlayouts: number;
  /** The greedy bot's best moves compared with the one played. */
  candidates: number;
  /** Tiles each look-ahead plays before the engine's final scoring values the board. */
  horizon: number;
  /** The standard error of the position's chance below which no more look-aheads are spent on it. */
  targetSe: number;
}

export const ESTIMATE_DEFAULTS: Readonly<EstimateOptions> = {
  playouts: 32,
  maxPlayouts: 128,
  minPlayouts: 8,
  candidates: 3,
  horizon: 20,
  targetSe: 0.02,
};

/** One candidate's estimate: each seat's chance and its standard error. */
export interface Estimate {
  chances: number[];
  se: number[];
}

export interface PositionEstimate extends Estimate {
  /** Look-aheads per candidate, tiles left in the pile, and each seat's mean score with the best move (what was squashed). */
  playouts: number;
  tilesLeft: number;
  means: number[];
  /** The decision to be made here; absent at the end of the game. */
  decision?: {
    seat: number;
    /** The analysis' best move, and the chances had it been played (`chances` above). */
    best: Move;
    /** The chances after the move played (before the tiles it drew were known), with the same random numbers. */
    played: Estimate;
    /** The seat's chance with the best move minus with the move played (≥ 0), and its standard error. */
    loss: number;
    lossSe: number;
  };
}

interface Candidate {
  move: Move;
  /** The move and the seat's greedy completion of its part of the turn, up to the next draw. */
  line: Move[];
  /** Each look-ahead's final scores, by seat. */
  scores: number[][];
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** The standard error of the mean of `xs`. */
export function standardError(xs: readonly number[]): number {
  if (xs.length < 2) return 0;
  const m = mean(xs);
  return Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1) / xs.length);
}

function play(g: Game, move: Move) {
  const r = playInPlace(g, move);
  if (!r.ok) throw new Error(`analysis: a listed move was refused: ${r.error.reason}`);
  return r.value;
}

/** `move` and the seat's greedy completion of its part of the turn (played on a determinization: no draw is seen). */
function lineOf(game: Game, seat: number, move: Move, seed: string): Move[] {
  const g = determinize(game, seed);
  const line = [move];
  let events = play(g, move);
  const random = seeded(seed);
  while (revealed(events) === '' && !isFinished(g) && actorOf(g) === seat && line.length < 8) {
    const next = greedyChoice(g, seat, random).move;
    line.push(next);
    events = play(g, next);
  }
  return line;
}

/** Look-aheads `from` to `to` of every candidate, on the same determinizations and random numbers. */
function lookAhead(game: Game, position: number, candidates: Candidate[], from: number, to: number, horizon: number) {
  for (let i = from; i < to; i++) {
    const seed = `analysis/${position}/${i}`;
    for (const c of candidates) {
      const g = determinize(game, seed, horizon);
      let ended: number[] | null = null;
      for (const m of c.line) {
        for (const e of play(g, m)) if (e.type === 'gameEnded') ended = e.scores;
      }
      c.scores.push(ended ?? playout(g, seeded(`${seed}/play`)));
    }
  }
}

function summary(c: Candidate, t: number): Estimate & { means: number[]; weighted: (seat: number) => number[] } {
  const seats = c.scores[0].length;
  const means = Array.from({ length: seats }, (_, s) => mean(c.scores.map((x) => x[s])));
  const chances = chancesOf(means, t);
  // One look-ahead's share of seat s's chance, to first order: its standard error is the chance's.
  const weighted = (seat: number) => {
    const w = chanceGradient(chances, seat, t);
    return c.scores.map((x) => x.reduce((a, v, j) => a + w[j] * v, 0));
  };
  return { chances, se: chances.map((_, s) => standardError(weighted(s))), means, weighted };
}

/**
 * The chances at `game` (position number `position`) and, if a seat must act, its best move and
 * how `played` compares with it (without `played`: as if the best were played).
 */
export function estimatePosition(
  game: Game,
  position: number,
  played: Move | undefined,
  options: EstimateOptions,
  deadline = Infinity,
): PositionEstimate {
  const { scores, tilesLeftTotal } = publicView(game);
  if (isFinished(game))
    return { chances: winShares(scores), se: scores.map(() => 0), playouts: 0, tilesLeft: 0, means: scores };
  const seat = actorOf(game)!;
  const t = temperature(tilesLeftTotal);
  const order = greedyOrder(determinize(game, `analysis/${position}/order`), seat, seeded(`analysis/${position}`));
  const moves = choosable(order.map((o) => o.move)).slice(0, options.candidates);
  if (played && !moves.some((m) => moveKey(m) === moveKey(played))) moves.push(played);
  const candidates: Candidate[] = moves.map((move) => ({
    move,
    line: lineOf(game, seat, move, `analysis/${position}/line`),
    scores: [],
  }));
  let n = 0;
  let goal = options.playouts;
  for (;;) {
    // In chunks, so that a deadline cuts the work short (never below minPlayouts).
    while (n < goal && (n < options.minPlayouts || performance.now() < deadline)) {
      const next = Math.min(goal, n + options.minPlayouts);
      lookAhead(game, position, candidates, n, next, options.horizon);
      n = next;
    }
    const result = { ...compare(candidates, seat, played, t, n), tilesLeft: tilesLeftTotal };
    const close =
      result.decision !== undefined && result.decision.loss > 0 && result.decision.loss < 3 * result.decision.lossSe;
    const loose = result.se[seat] > options.targetSe;
    if (n < goal || goal >= options.maxPlayouts || !(close || loose) || performance.now() >= deadline) return result;
    goal = Math.min(options.maxPlayouts, goal * 2);
  }
}

function compare(
  candidates: Candidate[],
  seat: number,
  played: Move | undefined,
  t: number,
  n: number,
): Omit<PositionEstimate, 'tilesLeft'> {
  const sums = candidates.map((c) => summary(c, t));
  let best = 0;
  for (let i = 1; i < sums.length; i++) if (sums[i].chances[seat] > sums[best].chances[seat]) best = i;
  const top = sums[best];
  const estimate = { chances: top.chances, se: top.se, playouts: n, means: top.means };
  const p = played ? candidates.findIndex((c) => moveKey(c.move) === moveKey(played)) : best;
  const mine = sums[p];
  const [wb, wp] = [top.weighted(seat), mine.weighted(seat)];
  return {
    ...estimate,
    decision: {
      seat,
      best: candidates[best].move,
      played: { chances: mine.chances, se: mine.se },
      loss: top.chances[seat] - mine.chances[seat],
      lossSe: best === p ? 0 : standardError(wb.map((b, i) => b - wp[i])),
    },
  };
}
