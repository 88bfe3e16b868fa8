/**
 * determinize(game, seed): a copy of the game whose hidden remaining pile is reshuffled, for a
 * player (a bot) that must reason about draws it cannot see. Everything public is unchanged:
 * the board, figures, scores, the drawn tile, the tiles already drawn and the counts of tiles
 * left per type; only the order of the tiles still in the pile differs.
 *
 * The remaining tiles are put in catalog order before the shuffle, so the result depends only
 * on what a player can see (the multiset of tiles left) and the seed, never on the true order:
 * two games that agree publicly give the same determinization for the same seed.
 *
 * `tilesLeft` (optional) also cuts the reshuffled pile to that many tiles, so the game ends
 * sooner: a bot's short look-ahead whose end is scored by the engine's own final scoring. Such
 * a copy shows fewer tiles left; everything else public is unchanged.
 */
import type { Config } from './config.js';
import { stateOf, type Game } from './game.js';
import { seededRandom, shuffle } from './rng.js';
import { NO_UNDO } from './state.js';

export function determinize(game: Game, seed: string, tilesLeft?: number): Game {
  const g = stateOf(game);
  const pile = g.cfg.pile;
  const rest = pile.slice(g.pileIndex).sort((a, b) => a.index - b.index);
  shuffle(rest, seededRandom(seed));
  const copy = g.clone();
  if (tilesLeft !== undefined && Number.isInteger(tilesLeft) && tilesLeft >= 0 && tilesLeft < rest.length) {
    for (const t of rest.splice(tilesLeft)) copy.left[t.index] -= 1;
  }
  // A configuration is shared by every copy of a game and never changed, so the copy gets
  // its own: the same in everything but the pile's hidden tail.
  const cfg: Config = { ...g.cfg, pile: [...pile.slice(0, g.pileIndex), ...rest] };
  (copy as { cfg: Config }).cfg = cfg;
  // Its moves would replay over the game's own pile, not this one: no undo is offered here.
  copy.history = NO_UNDO;
  return copy as unknown as Game;
}
