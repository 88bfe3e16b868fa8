/**
 * The lobby's list of public games waiting for players (GET /games?status=waiting), with a
 * Join button per open seat: it claims the seat under the name typed above the list, then
 * opens the seat's page with the new token in the fragment.
 */
import { api, ApiError, type ListedGame, type SeatView } from './api.js';

const $ = <T extends HTMLElement>(sel: string) => document.querySelector(sel) as T;

/** A seat's page: the token only in the fragment, never in a query string or a log. */
export const seatLink = (id: string, seat: number, token: string) => `game.html#id=${id}&n=${seat}&seat=${token}`;

function seatText(s: SeatView): string {
  switch (s.kind) {
    case 'human':
      return s.name;
    case 'open':
      return 'open seat';
    case 'bot':
      return `${s.bot ?? 'bot'} bot${s.level === undefined ? '' : ` (level ${s.level})`}`;
    default: {
      const never: never = s.kind;
      return String(never);
    }
  }
}

async function join(game: ListedGame, seat: number): Promise<void> {
  const input = $<HTMLInputElement>('#join-name');
  const error = $('#join-error');
  const name = input.value.trim();
  if (!name) {
    error.textContent = 'Type your name first, then join a seat.';
    input.focus();
    return;
  }
  error.textContent = '';
  try {
    const joined = await api.join(game.id, seat, name);
    location.assign(seatLink(game.id, joined.seat, joined.token));
  } catch (e) {
    error.textContent = e instanceof ApiError ? `${e.code}: ${e.message}` : String(e);
    void listOpenGames();
  }
}

function gameItem(game: ListedGame): HTMLLIElement {
  const li = document.createElement('li');
  li.className = 'open-game';
  li.dataset.id = game.id;
  const expansions = game.expansions.length > 0 ? game.expansions.join(', ') : 'base game';
  const text = document.createElement('span');
  text.textContent = `${game.id} (${expansions}): ${game.players.map(seatText).join(', ')} `;
  li.append(text);
  for (const s of game.players) {
    if (s.kind !== 'open') continue;
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'join';
    b.textContent = `Join seat ${s.seat + 1}`;
    b.setAttribute('aria-label', `Join game ${game.id}, seat ${s.seat + 1}`);
    b.addEventListener('click', () => void join(game, s.seat));
    li.append(b);
  }
  return li;
}

/** Reads the waiting public games again and shows them. */
export async function listOpenGames(): Promise<void> {
  const list = $('#games');
  try {
    const { games } = await api.waiting();
    list.replaceChildren(...games.map(gameItem));
    if (games.length === 0) list.append(Object.assign(document.createElement('li'), { textContent: 'No game is waiting for players.' }));
    list.dataset.loaded = 'true';
  } catch (e) {
    $('#join-error').textContent = `Could not list the games: ${e instanceof Error ? e.message : String(e)}`;
  }
}
