/**
 * The engine's public surface. Everything here is pure: no I/O, no clock, no Math.random;
 * inputs are never mutated.
 *
 *   createGame(setup)      -> Result<{ game, events }>   (events of the first draw)
 *   legalMoves(game)       -> { actor, phase, moves }    (exactly the moves play() accepts)
 *   play(game, move)       -> Result<{ game, events }>   (a new game; the input is untouched)
 *   playInPlace(game, move)-> Result<events>             (for an owner of a private game: no copy)
 *   replay(setup, moves)   -> Result<{ game, events[] per move }>
 *   publicView(game)       -> PublicState                (never the pile order nor the seed)
 *   publicViewJson(game)   -> the same as JSON, built from cached fragments
 *   tileCatalog()          -> the tile catalog for GET /tiles
 */
export * from './types.js';
export { createGame, legalMoves, play, playInPlace, replay, actorOf, isFinished, versionOf } from './game.js';
export type { Game } from './game.js';
export { publicView, publicViewJson } from './view.js';
export { tileCatalog } from './catalog.js';
export type { CatalogView } from './catalog.js';
