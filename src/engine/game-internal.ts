/** For the engine's own scripts and tests: the public API plus the in-place move. */
export { applyInPlace, createGame, legalMoves, play, replay } from './game.js';
export type { Game } from './game.js';
export type { GameSetup, Move } from './types.js';
