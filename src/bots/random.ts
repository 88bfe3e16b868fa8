/** The weakest bot: a uniformly random legal move, from its seed. */
import { movesFor } from './moves.js';
import { pick, seeded } from './rng.js';
import type { Bot } from './types.js';

export const randomBot: Bot = {
  kind: 'random',
  chooseMove: (game, seat, options) => ({ move: pick(movesFor(game, seat), seeded(options.seed)) }),
};
