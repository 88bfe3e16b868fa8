/**
 * A full game with both expansions, played through the engine's public API by seeded random
 * choices among the legal moves (figures preferred to passing, so the board fills with them).
 * Used by the renderer's tests and its benchmark (npm run bench:render).
 */
import { createGame, legalMoves, play, publicView, type Game, type PublicState } from '../src/engine/index.js';

/** A small deterministic generator (mulberry32): the same seed plays the same game. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface PlayedGame {
  /** The last state before final scoring took the figures off: the fullest board. */
  fullest: PublicState;
  final: PublicState;
  game: Game;
}

export function playRandomGame(seed: number, players = 4): PlayedGame {
  const rnd = random(seed);
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
    const move = pool[Math.floor(rnd() * pool.length)]!;
    const next = play(game, move);
    if (!next.ok) throw new Error(`${next.error.code}: ${JSON.stringify(move)}`);
    game = next.value.game;
    const view = publicView(game);
    if (view.phase !== 'finished') fullest = view;
  }
  return { fullest, final: publicView(game), game };
}
