/**
 * Random complete games with legal moves only: shared by the benchmarks, the soak script
 * and the invariant tests.
 */
import { createGame, legalMoves, playInPlace, type Game, type GameSetup, type Move } from '../../src/engine/index.js';
import { seededRandom } from '../../src/engine/rng.js';

export interface RandomGame {
  setup: GameSetup;
  game: Game;
  moves: Move[];
}

/** A seeded choice of an index below `n`: the same seed makes the same choices. */
export function chooser(seed: string): (n: number) => number {
  const random = seededRandom(seed);
  return (n) => Math.floor(random() * n);
}

export function randomSetup(
  seed: string,
  players: number,
  expansions: GameSetup['expansions'] = [],
  rules: GameSetup['rules'] = {},
): GameSetup {
  return { players: Array.from({ length: players }, (_, i) => ({ name: `P${i}` })), expansions, rules, seed };
}

/** A uniform choice among a figure step's moves but its undo (the one before the last). */
export function withoutUndo(moves: readonly Move[], rnd: () => number): Move {
  const i = Math.floor(rnd() * (moves.length - 1));
  return moves[i < moves.length - 2 ? i : i + 1];
}

/**
 * Plays a game to the end choosing uniformly among legal moves. `undo` (listed just before the
 * pass in a figure step) is left out unless `undos` is set: then it is chosen like any move, but
 * not for a tile placed again after an undo, so that a game always ends.
 */
export function playRandom(
  setup: GameSetup,
  choiceSeed: string,
  onStep?: (g: Game, move: Move) => void,
  undos = false,
): RandomGame {
  const created = createGame(setup);
  if (!created.ok) throw new Error(created.error.reason);
  const game = created.value.game;
  const rnd = seededRandom(choiceSeed);
  const moves: Move[] = [];
  for (;;) {
    const lm = legalMoves(game);
    if (lm.actor === null) break;
    const skip = lm.moves.at(-2)?.type === 'undo' && (!undos || moves.at(-2)?.type === 'undo');
    const move = skip ? withoutUndo(lm.moves, rnd) : lm.moves[Math.floor(rnd() * lm.moves.length)];
    onStep?.(game, move);
    const r = playInPlace(game, move);
    if (!r.ok) throw new Error(`listed move refused: ${JSON.stringify(move)} ${r.error.code} ${r.error.reason}`);
    moves.push(move);
  }
  return { setup, game, moves };
}
