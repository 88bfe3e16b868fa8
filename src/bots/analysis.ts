/**
 * Post-game analysis (`docs/analysis.md`): at every position of a game, each seat's chance to
 * win with its standard error and, where a seat had to decide, how much chance the move played
 * lost against the analysis' best move (`estimate.ts`). Public information only: every estimate
 * starts from `determinize` with seeds made of the position's number, never the game's own seed,
 * so two games whose public histories agree get the same analysis whatever their hidden piles.
 * `turning-points.ts` turns the positions into mistakes, luck and slides.
 *
 * A decision taken back is not a decision: an `undo` and the placement it took back are played
 * (the log replays as it was) but neither is analysed. Position p is the game just before its
 * p-th decision, so a placement taken back and placed again is judged once, where it stood last.
 */
import { replay, playInPlace, type Game, type GameEvent, type GameSetup, type Move } from '../engine/index.js';
import { estimatePosition, type EstimateOptions, type PositionEstimate } from './estimate.js';
import { revealed } from './moves.js';

/** A position's estimate, and what the move played there did (absent at the end). */
export interface AnalysedPosition extends PositionEstimate {
  /** The move played here drew tiles (its chance then moved by luck) / scored points. */
  drew?: boolean;
  scored?: boolean;
}

/**
 * The indices in `moves` (a game's engine moves, lifecycle acts left out) of its decisions: every
 * move but an `undo` and the placement just before it, which the undo took back (the rules
 * offer an undo only in the figure step, right after its placement: docs/rules.md §2.2).
 */
export function decisionIndices(moves: readonly Move[]): number[] {
  const kept: number[] = [];
  for (let i = 0; i < moves.length; i++) {
    if ((moves[i].type as string) === 'undo') kept.pop();
    else kept.push(i);
  }
  return kept;
}

/** The game after its first `count` moves: a log that does not replay is a server fault. */
function positionAfter(setup: GameSetup, moves: readonly Move[], count: number): Game {
  const rebuilt = replay(setup, moves.slice(0, count));
  if (!rebuilt.ok) throw new Error(`the log does not replay at move ${rebuilt.error.index + 1}: ${rebuilt.error.code}`);
  return rebuilt.value.game;
}

function playAll(game: Game, moves: readonly Move[]): GameEvent[] {
  const events: GameEvent[] = [];
  for (const move of moves) {
    const r = playInPlace(game, move);
    if (!r.ok) throw new Error(`the log does not replay: ${r.error.code}`);
    events.push(...r.value);
  }
  return events;
}

/**
 * The positions `from` to `to` - 1 (position p: just before decision p, deciding it; position
 * `decisionIndices(moves).length`: the end). Each position's look-aheads are cut short (never
 * below the minimum) once it has used its share of `budgetMs`, what is left of it shared by the
 * positions left: a safety net, the look-ahead counts decide the work. The step stops early,
 * after at least one position, once it has run `stepMs`: fewer positions come back, the caller
 * asks for the rest in its next step.
 */
export function analysePositions(
  setup: GameSetup,
  moves: readonly Move[],
  from: number,
  to: number,
  options: EstimateOptions,
  budgetMs = Infinity,
  stepMs = Infinity,
): AnalysedPosition[] {
  const started = performance.now();
  const decisions = decisionIndices(moves);
  const at = (p: number) => (p < decisions.length ? decisions[p] : moves.length);
  const game = positionAfter(setup, moves, at(from));
  const out: AnalysedPosition[] = [];
  for (let p = from; p < to && (p === from || performance.now() - started < stepMs); p++) {
    const share = (budgetMs - (performance.now() - started)) / (to - p);
    const played = p < decisions.length ? moves[decisions[p]] : undefined;
    const estimate: AnalysedPosition = estimatePosition(
      game,
      p,
      played,
      options,
      performance.now() + Math.max(0, share),
    );
    if (played) {
      // The decision, and any placement taken back after it with its undo, up to the next decision.
      const events = playAll(game, moves.slice(at(p), at(p + 1)));
      estimate.drew = revealed(events) !== '';
      estimate.scored = events.some((e) => 'points' in e && Array.isArray(e.points) && e.points.length > 0);
    }
    out.push(estimate);
  }
  return out;
}
