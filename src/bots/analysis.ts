/**
 * Post-game analysis (`docs/analysis.md`): at every position of a game, each seat's chance to
 * win with its standard error and, where a seat had to decide, how much chance the move played
 * lost against the analysis' best move (`estimate.ts`). Public information only: every estimate
 * starts from `determinize` with seeds made of the position's number, never the game's own seed,
 * so two games whose public histories agree get the same analysis whatever their hidden piles.
 * `turning-points.ts` turns the positions into mistakes, luck and slides.
 */
import { replay, playInPlace, type Game, type GameSetup, type Move } from '../engine/index.js';
import { estimatePosition, type EstimateOptions, type PositionEstimate } from './estimate.js';
import { revealed } from './moves.js';

/** A position's estimate, and what the move played there did (absent at the end). */
export interface AnalysedPosition extends PositionEstimate {
  /** The move played here drew tiles (its chance then moved by luck) / scored points. */
  drew?: boolean;
  scored?: boolean;
}

/** The game after its first `count` moves: a log that does not replay is a server fault. */
function positionAfter(setup: GameSetup, moves: readonly Move[], count: number): Game {
  const rebuilt = replay(setup, moves.slice(0, count));
  if (!rebuilt.ok) throw new Error(`the log does not replay at move ${rebuilt.error.index + 1}: ${rebuilt.error.code}`);
  return rebuilt.value.game;
}

/**
 * The positions `from` to `to` - 1 (position p: after p moves, deciding move p), within
 * `budgetMs` of CPU in all: what is left of it is shared by the positions left.
 */
export function analysePositions(
  setup: GameSetup,
  moves: readonly Move[],
  from: number,
  to: number,
  options: EstimateOptions,
  budgetMs = Infinity,
): AnalysedPosition[] {
  const started = performance.now();
  const game = positionAfter(setup, moves, from);
  const out: AnalysedPosition[] = [];
  for (let p = from; p < to; p++) {
    const share = (budgetMs - (performance.now() - started)) / (to - p);
    const estimate: AnalysedPosition = estimatePosition(
      game,
      p,
      moves[p],
      options,
      performance.now() + Math.max(0, share),
    );
    if (p < moves.length) {
      const r = playInPlace(game, moves[p]);
      if (!r.ok) throw new Error(`the log does not replay: ${r.error.code}`);
      estimate.drew = revealed(r.value) !== '';
      estimate.scored = r.value.some((e) => 'points' in e && Array.isArray(e.points) && e.points.length > 0);
    }
    out.push(estimate);
  }
  return out;
}
