/**
 * The game page, for a seat (`#id=…&n=SEAT&seat=TOKEN`) or a spectator (`#id=…`). State from
 * GET /games/{id}, choices only from GET legal-moves (decisions.ts), live updates from the
 * event stream (game-log.ts). This module reads and draws; the others act.
 */
import { createRenderer } from '../src/render/index.js';
import { api } from './api.js';
import { BoardView, boardLines } from './board-view.js';
import { choose, chooseTarget, positions, renderDecisions, targets } from './decisions.js';
import { $, el } from './dom.js';
import { follow, loadLog } from './game-log.js';
import { myTurn, page, playerName, status } from './game-page.js';
import { renderHint, wireHint } from './hint-panel.js';
import { renderPlayers } from './players-table.js';
import { showResign, wireResign } from './resign.js';
import { showYourTurn, wireYourTurn } from './your-turn.js';

function render(): void {
  const { state, legal, board } = page;
  if (!state || !legal) return;
  document.body.dataset.version = String(state.version);
  document.body.dataset.status = state.status;
  board.draw(state, positions(), targets());
  if (page.spot) board.mark(page.spot);
  board.markTarget(page.target);
  renderPlayers(state, page.mySeat);
  const drawn = $('#drawn');
  drawn.replaceChildren();
  if (state.drawnTile) {
    const pic = el('div', undefined, { class: 'tile-pic', role: 'img', 'aria-label': `Drawn tile ${state.drawnTile}` });
    pic.innerHTML = page.renderer.tile(state.drawnTile, { tilePx: 72 }) ?? '';
    drawn.append(pic, el('span', state.drawnTile));
  }
  $('#tiles-left').textContent = String(state.tilesLeftTotal);
  showResign();
  $('#board-text').replaceChildren(...boardLines(state, playerName).map((l) => el('li', l)));
  renderDecisions();
  renderHint();
  showYourTurn(myTurn());
}

async function refresh(): Promise<void> {
  const [s, l] = await Promise.all([api.state(page.id), api.legal(page.id)]);
  // Reads overlap (a move of our own and the stream's news of it): an older answer loses.
  if (page.state && s.version < page.state.version) return;
  if (s.version !== l.version) return refresh();
  // A figure target is an index into this version's legal moves only.
  if (s.version !== page.state?.version) page.target = undefined;
  page.state = s;
  page.legal = l;
  render();
}

async function main(): Promise<void> {
  if (!page.id) return status('No game id in the link.');
  $('#role').textContent = page.token ? 'Player' : 'Spectator';
  page.refresh = refresh;
  page.redraw = renderDecisions;
  page.catalog = await api.catalog();
  page.renderer = createRenderer(page.catalog);
  const board = (page.board = new BoardView($('#board'), page.renderer, choose, chooseTarget));
  $('#zoom-in').addEventListener('click', () => board.zoom(1 / 1.25));
  $('#zoom-out').addEventListener('click', () => board.zoom(1.25));
  $('#fit').addEventListener('click', () => board.fit());
  for (const [sel, dx, dy] of [['#pan-l', -0.2, 0], ['#pan-r', 0.2, 0], ['#pan-u', 0, -0.2], ['#pan-d', 0, 0.2]] as const)
    $(sel).addEventListener('click', () => board.pan(dx, dy));
  wireResign();
  wireHint();
  if (page.token) wireYourTurn($('header'));
  const logVersion = await loadLog();
  await refresh();
  follow(logVersion);
}

main().catch((e) => status(`Could not load the game: ${e instanceof Error ? e.message : String(e)}`));
