/** What the page shows of one state besides the board: the players' table, the tiles left, and the board as text. */
import type { PublicState } from './api.js';
import { $, el, isolated, withNames } from './dom.js';
import { lexicon, page } from './game-page.js';
import { renderPlayers } from './players-table.js';
import { at, boardFigureWords, tileWords } from './words.js';

/** The board in words, a line per tile and per figure: what a screen reader reads instead of the picture. */
export function boardLines(state: PublicState): string[] {
  const lex = lexicon();
  const lines = state.tiles.map((t) => `${tileWords(lex.catalog, t.tile)} at ${at(t)}`);
  for (const f of state.figures)
    lines.push(`${isolated(state.players[f.owner]?.name ?? `seat ${f.owner + 1}`)}'s ${boardFigureWords(lex, f)}`);
  return lines;
}

export function showState(state: PublicState): void {
  renderPlayers(state, page.mySeat);
  $('#tiles-left').textContent = state.tilesLeftTotal === 0 ? 'none' : String(state.tilesLeftTotal);
  $('#board-text').replaceChildren(...boardLines(state).map((l) => withNames(el('li'), l)));
}
