/**
 * The Hint button of a seat's page: GET /games/{id}/hint answers the move the mcts bot would
 * play for the seat now and its estimated win rate. The move is told in words and its place
 * marked on the board until the game moves on. Only on the seat's turn; the search takes the
 * server's hint budget (about a second), and one hint per seat runs at a time, so a busy answer
 * (429, 503) is told with its wait, not as a failure.
 */
import { api, ApiError, type Hint, type Move } from './api.js';
import { percent } from './chance-plot.js';
import { $ } from './dom.js';
import { lexicon, myTurn, page } from './game-page.js';
import { moveWords } from './words.js';

let hint: Hint | undefined;
let asking = false;

/** The place a move names on the board, if any: a position, a figure's feature or a barn's corner. */
function placeOf(m: Move): { x: number; y: number; feature?: number; corner?: string } | undefined {
  switch (m.type) {
    case 'placeTile':
    case 'placeAbbey':
      return { x: m.x, y: m.y };
    case 'placeFigure':
    case 'moveWagon':
      return { x: m.x, y: m.y, feature: m.feature };
    case 'placeBarn':
      return { x: m.x, y: m.y, corner: m.corner };
    case 'draw':
    case 'pass':
    case 'undo':
    case 'returnWagon':
      return undefined;
  }
}

/** The hint's move while it holds (the decisions mark its button). */
export const hintedMove = (): Move | undefined =>
  hint && hint.version === page.state?.version ? hint.move : undefined;

function say(text: string): void {
  $('#hint-text').textContent = text;
}

function busyText(e: ApiError): string {
  const wait = e.retryAfter === undefined ? 'in a moment' : `in ${e.retryAfter} s`;
  return e.status === 429
    ? `The hint is busy (one is still being worked out for you, or too many requests): try again ${wait}.`
    : `No bot can think for you right now (the server is busy): try again ${wait}.`;
}

async function ask(): Promise<void> {
  if (asking || !page.token || !myTurn()) return;
  asking = true;
  hint = undefined;
  renderHint();
  say('Thinking…');
  try {
    const answer = await api.hint(page.id, page.token);
    if (answer.version !== page.state?.version) say('The game moved on while the hint was worked out: ask again.');
    else {
      hint = answer;
      // The decisions mark the hinted one; the keyboard stays on Hint.
      const keep = document.activeElement === $('#hint');
      page.redraw();
      if (keep) $('#hint').focus();
      say(`Hint: ${moveWords(answer.move, lexicon())}. Estimated win rate ${percent(answer.winRate)}.`);
    }
  } catch (e) {
    if (e instanceof ApiError) say(e.status === 429 || e.status === 503 ? busyText(e) : `No hint: ${e.message}`);
    else say(`No hint: ${String(e)}`);
  } finally {
    asking = false;
    renderHint();
  }
}

/** After every redraw: the button's state, and the hint's mark while its version lasts. */
export function renderHint(): void {
  const box = $('#hint-box');
  // A rated game's moves are its players' own: the server gives it no hints.
  box.hidden = page.token === undefined || page.state?.status !== 'active' || page.state.rated;
  const b = $<HTMLButtonElement>('#hint');
  // Not `disabled` while asking: a disabled button drops the keyboard's focus.
  b.disabled = !myTurn();
  b.title = b.disabled ? 'Hints are for your turn' : "Ask for the mcts bot's move for you now";
  b.setAttribute('aria-disabled', String(asking));
  if (hint && hint.version !== page.state?.version) {
    hint = undefined;
    say('');
  }
  page.board.markHint(hint ? placeOf(hint.move) : undefined);
}

export function wireHint(): void {
  $('#hint').addEventListener('click', () => void ask());
}
