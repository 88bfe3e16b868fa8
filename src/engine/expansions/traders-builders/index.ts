/**
 * Traders & Builders, whole: its rules (module.ts), tiles, board art, bot values and words.
 * What expansions/modules.ts lists.
 */
// Its words' types (vocabulary.ts, `declare module`): kept in the declarations too, so every
// program that imports the folder knows them.
import './vocabulary.js';
import type { Expansion } from '../../expansion.js';
import { TRADERS_BUILDERS_ART, TRADERS_BUILDERS_BOTS, TRADERS_BUILDERS_WORDS } from './look.js';
import { tradersBuildersRules } from './module.js';
import { TRADERS_BUILDERS_TILES } from './tiles.js';
import { TRADERS_TILE_FLAGS } from './vocabulary.js';

export const tradersBuilders: Expansion = {
  ...tradersBuildersRules,
  tiles: TRADERS_BUILDERS_TILES,
  tileFlags: TRADERS_TILE_FLAGS,
  art: TRADERS_BUILDERS_ART,
  bots: TRADERS_BUILDERS_BOTS,
  words: TRADERS_BUILDERS_WORDS,
};
