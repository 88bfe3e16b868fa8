/**
 * The River, whole: its rules (module.ts), tiles, board art and words. What
 * expansions/modules.ts lists.
 */
// Its words' types (vocabulary.ts, `declare module`): kept in the declarations too, so every
// program that imports the folder knows them.
import './vocabulary.js';
import type { Expansion } from '../../expansion.js';
import { RIVER_ART } from './art.js';
import { riverRules } from './module.js';
import { RIVER_TILES } from './tiles.js';
import { RIVER_TILE_FLAGS } from './vocabulary.js';
import { RIVER_WORDS } from './words.js';

export const river: Expansion = {
  ...riverRules,
  // Its tiles never join the land pile (the spring starts, the rest come in stages first), so
  // no pile depends on its place; but a game's view lists its expansions in registry order,
  // as do the lobby and the API's documents, and those have always shown the River last.
  after: ['traders-builders', 'abbey-mayor', 'inns-cathedrals'],
  tiles: RIVER_TILES,
  tileFlags: RIVER_TILE_FLAGS,
  art: RIVER_ART,
  words: RIVER_WORDS,
};
