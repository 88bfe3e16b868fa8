/**
 * What an analysed game tells a player (`docs/analysis.md`), from its positions (`analysis.ts`):
 *
 * - A **mistake** is a decision whose move lost chance against the analysis' best move there:
 *   loss = best's chance − played's, both estimated in the same position with the same random
 *   numbers. The turning points are the largest mistakes that stand out of the noise (at least
 *   `MIN_LOSS`, and twice their standard error).
 * - **Luck** is what the tiles a move drew did to the chances: the chances after the draw minus
 *   those the played move had before it. Never a mistake.
 * - A **slide** is a seat's largest fall over many decisions, with the part its own mistakes
 *   explain and the part luck does.
 *
 * So a move's change of chance is −loss (the decision) + luck (the draw), up to the noise.
 */
import type { Move } from '../engine/index.js';
import type { AnalysedPosition } from './analysis.js';

/** A loss smaller than this is not named a mistake, whatever its standard error. */
export const MIN_LOSS = 0.02;
/** A slide falls at least this much, over at least `SLIDE_SPAN` decisions. */
export const MIN_SLIDE = 0.25;
export const SLIDE_SPAN = 6;

export interface DecisionReading {
  decision: number;
  seat: number;
  /** Each seat's chance after the decision (the draw included), and its standard error. */
  chances: number[];
  se: number[];
  /** The analysis' best move, when the one played was not it. */
  best?: Move;
  /** The chance the seat lost by its move (0 when it played the best) and its standard error. */
  loss: number;
  lossSe: number;
  /** Each seat's change of chance from the tiles the move drew (zeros when it drew none). */
  luck: number[];
}

export interface Mistake {
  decision: number;
  seat: number;
  /** The seat's chance before its move (with the best move), had the move played, and after the draw. */
  before: number;
  played: number;
  after: number;
  loss: number;
  lossSe: number;
  best: Move;
}

export interface Slide {
  seat: number;
  /** The first and last decision of the slide. */
  from: number;
  to: number;
  before: number;
  after: number;
  /** What the seat's own mistakes in it lost, and what luck did to it (a sum of changes). */
  mistakes: number;
  luck: number;
}

export interface GameReading {
  decisions: DecisionReading[];
  turningPoints: Mistake[];
  slides: Slide[];
}

/** `positions[p]` is position p (p moves played): the start, one per decision, the end. */
export function readGame(positions: readonly AnalysedPosition[], count: number): GameReading {
  const decisions: DecisionReading[] = positions.slice(0, -1).map((here, d) => {
    const next = positions[d + 1];
    const decision = here.decision!;
    const luck = here.drew ? next.chances.map((c, s) => c - decision.played.chances[s]) : next.chances.map(() => 0);
    return {
      decision: d,
      seat: decision.seat,
      chances: next.chances,
      se: next.se,
      ...(decision.loss > 0 ? { best: decision.best } : {}),
      loss: decision.loss,
      lossSe: decision.lossSe,
      luck,
    };
  });
  const turningPoints = decisions
    .filter((d) => d.best !== undefined && d.loss >= MIN_LOSS && d.loss > 2 * d.lossSe)
    .sort((a, b) => b.loss - a.loss || a.decision - b.decision)
    .slice(0, count)
    .sort((a, b) => a.decision - b.decision)
    .map((d) => {
      const before = positions[d.decision].chances[d.seat];
      return {
        decision: d.decision,
        seat: d.seat,
        before,
        played: before - d.loss,
        after: d.chances[d.seat],
        loss: d.loss,
        lossSe: d.lossSe,
        best: d.best!,
      };
    });
  const seats = positions[0].chances.length;
  const slides = Array.from({ length: seats }, (_, s) => slideOf(positions, decisions, s)).filter(
    (x): x is Slide => x !== null,
  );
  return { decisions, turningPoints, slides };
}

/** Seat `seat`'s largest fall, narrowed to the shortest stretch that holds most of it. */
function slideOf(positions: readonly AnalysedPosition[], decisions: DecisionReading[], seat: number): Slide | null {
  const c = positions.map((p) => p.chances[seat]);
  let drop = 0;
  for (let i = 0; i < c.length; i++) for (let j = i + SLIDE_SPAN; j < c.length; j++) drop = Math.max(drop, c[i] - c[j]);
  if (drop < MIN_SLIDE) return null;
  let from = 0,
    to = c.length - 1;
  for (let i = 0; i < c.length; i++)
    for (let j = i + SLIDE_SPAN; j < c.length; j++)
      if (c[i] - c[j] >= 0.8 * drop && j - i < to - from) [from, to] = [i, j];
  let mistakes = 0,
    luck = 0;
  for (let d = from; d < to; d++) {
    if (decisions[d].seat === seat) mistakes += decisions[d].loss;
    luck += decisions[d].luck[seat];
  }
  return { seat, from, to: to - 1, before: c[from], after: c[to], mistakes, luck };
}
