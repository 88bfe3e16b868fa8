/**
 * The engine's public surface. No I/O, no clock, no Math.random. A Game is opaque; play()
 * never changes the game it is given, playInPlace() changes it (for an owner of a private
 * game value). A refused move is a value; an exception is an engine fault (see game.ts).
 *
 *   createGame(setup, registry?) -> Result<{ game, events }>   (events of the first draw)
 *   createRegistry(modules) -> Registry                  (the expansions offered, ordered by their `after`, and their vocabulary as schemas)
 *   legalMoves(game)       -> { actor, phase, moves }    (exactly the moves play() accepts)
 *   play(game, move)       -> Result<{ game, events }>   (a new game; the input is untouched)
 *   playInPlace(game, move)-> Result<events>             (the move applied to `game` itself)
 *   replay(setup, moves)   -> Result<{ game, events[] per move }>
 *   determinize(game, seed, tilesLeft?) -> Game          (a copy with the hidden pile reshuffled, for bots)
 *   pileOrder(setup, ids)  -> ids                        (tile ids in the order of the pile's stages, for a tileOrder)
 *   publicView(game)       -> PublicState                (never the pile order nor the seed; its schema: registry.schemas.PublicState)
 *   publicViewCounts(game) -> { view, counts }           (the view without tilesLeft, and its counts as two lists, for a writer that needs no object)
 *   tileCatalog()          -> the tile catalog for GET /tiles
 */
export * from './types.js';
export { DEFAULT_REGISTRY } from './expansions/index.js';
export { createRegistry, type Registry, type VocabularySchemas } from './registry.js';
export type { Expansion, TileFlags, Vocabulary } from './expansion.js';
export type * from './contribution.js';
export type { FeatureDef, TileDef } from './catalog-types.js';
import { DEFAULT_REGISTRY } from './expansions/index.js';
import type { SetId } from './types.js';

/** The default registry's lists: every figure kind, those placed with placeFigure, every error code. */
export const FIGURE_KINDS = DEFAULT_REGISTRY.figureKinds;
export const PLACEABLE_FIGURES = DEFAULT_REGISTRY.placeable;
export const ERROR_CODES = DEFAULT_REGISTRY.errorCodes;
/** The default registry's tile sets: the base game's, then each expansion's with tiles. */
export const SETS: readonly SetId[] = [
  'base',
  ...DEFAULT_REGISTRY.modules.filter((m) => (m.tiles ?? []).length > 0).map((m) => m.id as SetId),
];
export { createGame, legalMoves, play, playInPlace, replay, actorOf, phaseOf, isFinished, registryOf } from './game.js';
export type { Game } from './game.js';
export { determinize } from './determinize.js';
export { pileOrder } from './setup.js';
export { publicView, publicViewCounts, type PileCounts, type RecordEntries } from './view.js';
export { tileCatalog } from './catalog.js';
export type { CatalogView } from './catalog.js';
