/**
 * Post-game analysis (`docs/analysis.md`): each seat's chance to win after every decision, as the
 * mcts bot sees a position, and the decisions that changed a seat's chance most with the move
 * the bot preferred there. Public information only: every estimate starts from `determinize`
 * with a seed made of the position's number, never the game's own seed, so two games whose
 * public histories agree get the same analysis whatever their hidden pile orders.
 *
 * A position's chances are the mcts bot's leaf value: determinizations cut to its look-ahead
 * (`MCTS_DEFAULTS.horizon` tiles), played out at random, scored by the engine's final scoring;
 * a seat wins a playout with the best score, tied seats share it, so the chances sum to 1.
 */
import {
  actorOf,
  determinize,
  isFinished,
  playInPlace,
  publicView,
  replay,
  type Game,
  type GameSetup,
  type Move,
} from '../engine/index.js';
import { MCTS_DEFAULTS, mctsChoice, playout } from './mcts.js';
import { seeded } from './rng.js';

/** Each seat's share of a win in one outcome: the best score wins, ties share. */
function winShares(scores: readonly number[]): number[] {
  const top = Math.max(...scores);
  const winners = scores.filter((s) => s === top).length;
  return scores.map((s) => (s === top ? 1 / winners : 0));
}

/** Each seat's chance to win at `game`, from `playouts` random look-aheads (fewer if `deadline`, a performance.now() time, passes; at least 4). */
export function positionChances(game: Game, position: number, playouts: number, deadline = Infinity): number[] {
  const { scores } = publicView(game);
  if (isFinished(game)) return winShares(scores);
  const seats = scores.length;
  const sum = new Array<number>(seats).fill(0);
  let n = 0;
  while (n < playouts && (n < 4 || performance.now() < deadline)) {
    const seed = `analysis/${position}/${n}`;
    const g = determinize(game, seed, MCTS_DEFAULTS.horizon);
    const shares = winShares(playout(g, seeded(seed)));
    for (let s = 0; s < seats; s++) sum[s] += shares[s];
    n++;
  }
  return sum.map((v) => v / n);
}

/** The game after its first `count` moves: a log that does not replay is a server fault. */
function positionAfter(setup: GameSetup, moves: readonly Move[], count: number): Game {
  const rebuilt = replay(setup, moves.slice(0, count));
  if (!rebuilt.ok) throw new Error(`the log does not replay at move ${rebuilt.error.index + 1}: ${rebuilt.error.code}`);
  return rebuilt.value.game;
}

function step(game: Game, move: Move): void {
  const r = playInPlace(game, move);
  if (!r.ok) throw new Error(`the log does not replay: ${r.error.code}`);
}

/** The chances at positions `from` to `to` - 1 (position p: after p moves), within `budgetMs` of CPU in all. */
export function chancesAt(
  setup: GameSetup,
  moves: readonly Move[],
  from: number,
  to: number,
  playouts: number,
  budgetMs: number,
): number[][] {
  const started = performance.now();
  const game = positionAfter(setup, moves, from);
  const out: number[][] = [];
  for (let p = from; p < to; p++) {
    if (p > from) step(game, moves[p - 1]);
    // What is left of the budget, shared by the positions left.
    const share = (budgetMs - (performance.now() - started)) / (to - p);
    out.push(positionChances(game, p, playouts, performance.now() + Math.max(0, share)));
  }
  return out;
}

export interface TurningPoint {
  /** The decision: the index of its move among the game's moves. */
  decision: number;
  seat: number;
  /** The seat's chance just before and just after. */
  before: number;
  after: number;
}

/** The `count` decisions that changed their actor's chance most; `chances[p]` is position p's, `actors[d]` decision d's seat. */
export function turningPoints(chances: readonly number[][], actors: readonly number[], count: number): TurningPoint[] {
  const points = actors.map((seat, d) => ({
    decision: d,
    seat,
    before: chances[d][seat],
    after: chances[d + 1][seat],
  }));
  return points
    .filter((p) => p.before !== p.after)
    .sort((a, b) => Math.abs(b.after - b.before) - Math.abs(a.after - a.before) || a.decision - b.decision)
    .slice(0, count)
    .sort((a, b) => a.decision - b.decision);
}

/** The seat acting at each decision (the actor before each move). */
export function actorsOf(setup: GameSetup, moves: readonly Move[]): number[] {
  const game = positionAfter(setup, moves, 0);
  return moves.map((move) => {
    const actor = actorOf(game)!;
    step(game, move);
    return actor;
  });
}

/** The move the mcts bot prefers before decision `decision`, searched on a determinization only. */
export function preferredMove(setup: GameSetup, moves: readonly Move[], decision: number, iterations: number): Move {
  const game = positionAfter(setup, moves, decision);
  const seat = actorOf(game)!;
  const seed = `analysis/${decision}/preferred`;
  return mctsChoice(determinize(game, seed), seat, { seed, iterations }).move;
}
