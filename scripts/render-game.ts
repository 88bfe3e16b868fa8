/**
 * A full game with both expansions, played through the engine's public API by seeded random
 * choices among the legal moves (figures preferred to passing, so the board fills with them).
 * Used by the renderer's tests and its benchmark (npm run bench:render).
 */
import { seededRandom } from '../src/engine/rng.js';
import { createGame, legalMoves, play, publicView, type Game, type PublicState } from '../src/engine/index.js';

export interface PlayedGame {
  /** The last state before final scoring took the figures off: the fullest board. */
  fullest: PublicState;
  final: PublicState;
  game: Game;
}

export function playRandomGame(seed: number, players = 4): PlayedGame {
  const rnd = seededRandom(String(seed));
  const created = createGame({
    players: Array.from({ length: players }, (_, i) => ({ name: `P${i}` })),
    expansions: ['traders-builders', 'abbey-mayor'],
    seed: `render-${seed}`,
  });
  if (!created.ok) throw new Error(created.error.reason);
  let game = created.value.game;
  let fullest = publicView(game);
  for (;;) {
    const { actor, moves } = legalMoves(game);
    if (actor === null || moves.length === 0) break;
    const placing = moves.filter((m) => m.type !== 'pass');
    const pool = placing.length > 0 && rnd() < 0.8 ? placing : moves;
    const move = pool[Math.floor(rnd() * pool.length)];
    const next = play(game, move);
    if (!next.ok) throw new Error(`${next.error.code}: ${JSON.stringify(move)}`);
    game = next.value.game;
    const view = publicView(game);
    if (view.phase !== 'finished') fullest = view;
  }
  return { fullest, final: publicView(game), game };
}
