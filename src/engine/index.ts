/**
 * The engine's public surface. No I/O, no clock, no Math.random. A Game is opaque; play()
 * never changes the game it is given, playInPlace() changes it (for an owner of a private
 * game value). A refused move is a value; an exception is an engine fault (see game.ts).
 *
 *   createGame(setup)      -> Result<{ game, events }>   (events of the first draw)
 *   legalMoves(game)       -> { actor, phase, moves }    (exactly the moves play() accepts)
 *   play(game, move)       -> Result<{ game, events }>   (a new game; the input is untouched)
 *   playInPlace(game, move)-> Result<events>             (the move applied to `game` itself)
 *   replay(setup, moves)   -> Result<{ game, events[] per move }>
 *   determinize(game, seed, tilesLeft?) -> Game          (a copy with the hidden pile reshuffled, for bots)
 *   publicView(game)       -> PublicState                (never the pile order nor the seed)
 *   publicViewJson(game)   -> the same as JSON, built from cached fragments
 *   tileCatalog()          -> the tile catalog for GET /tiles
 */
export * from './types.js';
export { createGame, legalMoves, play, playInPlace, replay, actorOf, phaseOf, isFinished } from './game.js';
export type { Game } from './game.js';
export { determinize } from './determinize.js';
export { publicView, publicViewJson } from './view.js';
export { tileCatalog } from './catalog.js';
export type { CatalogView } from './catalog.js';
