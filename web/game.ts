/**
 * The game page, for a seat (`#id=…&n=SEAT&seat=TOKEN`) or a spectator (`#id=…`). State from
 * GET /games/{id}, choices only from GET legal-moves (decisions.ts), live updates from the
 * event stream (game-log.ts), the end panel (end-panel.ts) and the replay (replay.ts). This
 * module reads and draws; the others act.
 */
import { createRenderer } from '../src/render/index.js';
import { api } from './api.js';
import { drawMarks, sinceLastTurn } from './board-marks.js';
import { BoardView } from './board-view.js';
import { showClaim } from './claim-view.js';
import { showClocks } from './clock-view.js';
import { cancel, ghost, positions, previewAt, renderDecisions, rotate } from './decisions.js';
import { chooseTarget, targets } from './figure-choices.js';
import { $, fragment } from './dom.js';
import { renderEnd, wireEnd } from './end-panel.js';
import { follow, loadLog, wireLog } from './game-log.js';
import { myTurn, page, status } from './game-page.js';
import { renderHint, wireHint } from './hint-panel.js';
import { renderScrubber, replayAt, replaying, showBoard, wireScrubber } from './replay.js';
import { showResign, wireResign } from './resign.js';
import { showState } from './state-view.js';
import { closeSideByKey, wireSide } from './side-panel.js';
import { showNotify, showYourTurn, wireYourTurn } from './your-turn.js';

function render(): void {
  const { state, legal, board } = page;
  if (!state || !legal) return;
  document.body.dataset.version = String(state.version);
  document.body.dataset.status = state.status;
  // A seat's running game: on a phone, one screen (style.css).
  document.body.classList.toggle('playing', page.token !== undefined && state.status === 'active');
  showResign();
  renderEnd();
  renderScrubber();
  showYourTurn(myTurn());
  showNotify(state.status === 'active');
  showClocks(state);
  $('#rated-badge').hidden = !state.rated;
  // While scrubbing, the replayed version stays on the board; the game goes on underneath.
  if (replaying !== undefined) return;
  if (board.draw(state, positions(), targets(), ghost())) showClaim(targets()[page.target ?? -1]);
  drawMarks($('#board'), sinceLastTurn(page.history, page.mySeat));
  board.markTarget(page.target);
  showState(state);
  renderDecisions();
  renderHint();
}

async function refresh(): Promise<void> {
  const [s, l] = await Promise.all([api.state(page.id), api.legal(page.id)]);
  // Reads overlap (a move of our own and the stream's news of it): an older answer loses.
  if (page.state && s.version < page.state.version) return;
  if (s.version !== l.version) return refresh();
  // A figure target and a preview belong to one version's legal moves only.
  if (s.version !== page.state?.version) {
    page.target = undefined;
    page.preview = undefined;
  }
  page.state = s;
  page.legal = l;
  render();
}

/**
 * R turns the ghost (Shift+R back), Escape closes the scores and log over the board (a phone's)
 * or takes the ghost away: unless the keys go to a text field.
 */
function wireKeys(): void {
  document.addEventListener('keydown', (e) => {
    if (e.target instanceof HTMLInputElement || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === 'r' || e.key === 'R') rotate(e.shiftKey ? -1 : 1);
    else if (e.key === 'Escape' && !closeSideByKey() && page.preview) cancel();
  });
}

async function main(): Promise<void> {
  if (!page.id) return status('No game id in the link.');
  $('#role').textContent = page.token ? 'Player' : 'Spectator';
  // A link to play as the account, opened where nobody is signed in: watched, and said why.
  if (page.asAccount && !page.token) $('#role').textContent = 'Spectator (sign in on the lobby page to play)';
  page.refresh = refresh;
  page.redraw = renderDecisions;
  page.catalog = await api.catalog();
  page.renderer = createRenderer(page.catalog);
  const board = (page.board = new BoardView($('#board'), page.renderer, {
    spot: previewAt,
    target: chooseTarget,
    rotate,
    previewed: () => page.preview,
    // Off the targets, the chosen one (if any) is told again.
    claim: (index) => showClaim(targets()[index ?? page.target ?? -1]),
  }));
  $('#zoom-in').addEventListener('click', () => board.zoom(1 / 1.25));
  $('#zoom-out').addEventListener('click', () => board.zoom(1.25));
  $('#fit').addEventListener('click', () => board.fit());
  for (const [sel, dx, dy] of [
    ['#pan-l', -0.2, 0],
    ['#pan-r', 0.2, 0],
    ['#pan-u', 0, -0.2],
    ['#pan-d', 0, 0.2],
  ] as const)
    $(sel).addEventListener('click', () => board.pan(dx, dy));
  wireResign();
  wireHint();
  wireEnd();
  wireScrubber();
  wireKeys();
  wireLog();
  wireSide();
  if (page.token) wireYourTurn($('#seat-tools'));
  // The state first: the log's lines name the players with it.
  await refresh();
  const logVersion = await loadLog();
  // The log may be ahead of the state read first: the stream takes over from the log, and the end panel adds up the log.
  await refresh();
  follow(logVersion);
  // A link to a move of the replay (a turning point of the analysis): `#id=…&version=N`.
  const replayLink = () => {
    const version = fragment().get('version');
    if (version !== null && /^\d+$/.test(version) && replayAt(Number(version))) showBoard();
  };
  replayLink();
  // A link into the replay followed within the open page changes only the fragment.
  window.addEventListener('hashchange', replayLink);
}

main().catch((e) => status(`Could not load the game: ${e instanceof Error ? e.message : String(e)}`));
