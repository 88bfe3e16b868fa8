/**
 * The leaderboard's page (`leaderboard.html`, GET /leaderboard, docs/accounts.md#ratings): the
 * rated accounts, highest rating first, each with its rating, the estimate and its uncertainty,
 * its games, and the bot badge; a page at a time. The server pages by cursor, so the page keeps
 * the cursors of the pages before to go back. `#limit=N` sets the page's length (default 50).
 */
import { api, ApiError, type Leaderboard } from './api.js';
import { $, el, fragment, nameEl } from './dom.js';
import { afterCursor } from './links.js';

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 100;

type Line = Leaderboard['accounts'][number];

const fixed = (x: number) => x.toFixed(1);

function pageLength(): number {
  const asked = Number(fragment().get('limit'));
  return Number.isInteger(asked) && asked >= 1 && asked <= MAX_LIMIT ? asked : DEFAULT_LIMIT;
}

function row(line: Line, place: number): HTMLTableRowElement {
  const tr = el('tr', undefined, { 'data-name': line.name, 'data-kind': line.kind });
  const name = el('th', undefined, { scope: 'row' });
  name.append(nameEl(line.name));
  if (line.kind === 'bot')
    name.append(' ', el('span', 'bot', { class: 'badge', title: 'A program plays this account' }));
  tr.append(
    el('td', String(place), { class: 'place' }),
    name,
    el('td', fixed(line.rating), { class: 'rating' }),
    el('td', `${fixed(line.mu)} ± ${fixed(line.sigma)}`, { class: 'skill' }),
    el('td', String(line.games), { class: 'games' }),
  );
  return tr;
}

/** The cursors of the pages shown so far: `cursors[i]` opens page i (page 0 has none). */
const cursors: (string | undefined)[] = [undefined];
let page = 0;
let next: string | undefined;

async function show(): Promise<void> {
  const limit = pageLength();
  $('#status').textContent = 'Loading…';
  $('#error').textContent = '';
  try {
    const board = await api.leaderboard(limit, cursors[page]);
    next = afterCursor(board.next);
    $('#board-table tbody').replaceChildren(...board.accounts.map((line, i) => row(line, page * limit + i + 1)));
    const [first, last] = [page * limit + 1, page * limit + board.accounts.length];
    const places = first === last ? `Place ${first}` : `Places ${first} to ${last}`;
    $('#status').textContent = board.accounts.length
      ? `${places}${page > 0 ? `, page ${page + 1}` : ''}.`
      : 'Nobody has played a rated game yet.';
  } catch (e) {
    $('#status').textContent = '';
    $('#error').textContent = e instanceof ApiError ? `${e.code}: ${e.message}` : String(e);
  }
  $('#first-page').hidden = page < 2;
  $('#previous-page').hidden = page === 0;
  $('#next-page').hidden = next === undefined;
  document.body.dataset.page = String(page);
}

function go(to: number): void {
  if (to > page && next !== undefined) cursors[to] = next;
  page = to;
  void show();
}

$('#first-page').addEventListener('click', () => go(0));
$('#previous-page').addEventListener('click', () => go(page - 1));
$('#next-page').addEventListener('click', () => go(page + 1));
window.addEventListener('hashchange', () => {
  cursors.length = 1;
  go(0);
});
void show();
