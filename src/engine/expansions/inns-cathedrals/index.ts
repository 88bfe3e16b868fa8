/**
 * Inns & Cathedrals, whole: its rules (module.ts), tiles, tile marks, board art, bot values and
 * words. What expansions/modules.ts lists.
 */
// Its words' types (vocabulary.ts, `declare module`): kept in the declarations too, so every
// program that imports the folder knows them.
import './vocabulary.js';
import type { Expansion } from '../../expansion.js';
import { INNS_CATHEDRALS_ART } from './art.js';
import { INNS_CATHEDRALS_BOTS } from './bot-values.js';
import { innsCathedralsRules } from './module.js';
import { INNS_CATHEDRALS_TILES } from './tiles.js';
import { INNS_CATHEDRALS_TILE_FLAGS } from './vocabulary.js';
import { INNS_CATHEDRALS_WORDS } from './words.js';

export const innsCathedrals: Expansion = {
  ...innsCathedralsRules,
  // Its tiles follow those of both sets shipped before it in the catalog, the order a seeded
  // pile is dealt from before the shuffle: a stored game is replayed from its seed.
  after: ['traders-builders', 'abbey-mayor'],
  tiles: INNS_CATHEDRALS_TILES,
  tileFlags: INNS_CATHEDRALS_TILE_FLAGS,
  art: INNS_CATHEDRALS_ART,
  bots: INNS_CATHEDRALS_BOTS,
  words: INNS_CATHEDRALS_WORDS,
};
