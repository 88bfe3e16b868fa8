/**
 * Abbey & Mayor, whole: its rules (module.ts), tiles, board art, bot values and words. What
 * expansions/modules.ts lists.
 */
// Its words' types (vocabulary.ts, `declare module`): kept in the declarations too, so every
// program that imports the folder knows them.
import './vocabulary.js';
import type { Expansion } from '../../expansion.js';
import { ABBEY_MAYOR_ART, ABBEY_MAYOR_BOTS, ABBEY_MAYOR_WORDS } from './look.js';
import { abbeyMayorRules } from './module.js';
import { ABBEY_MAYOR_TILES } from './tiles.js';

export const abbeyMayor: Expansion = {
  ...abbeyMayorRules,
  // Its tiles follow Traders & Builders' in the catalog, the order a seeded pile is dealt from
  // before the shuffle: a stored game is replayed from its seed, so a game with both sets keeps
  // them in this order.
  after: ['traders-builders'],
  tiles: ABBEY_MAYOR_TILES,
  art: ABBEY_MAYOR_ART,
  bots: ABBEY_MAYOR_BOTS,
  words: ABBEY_MAYOR_WORDS,
};
