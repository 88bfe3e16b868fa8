/**
 * "My games" (GET /accounts/me/games): the signed-in account's games, those where it must act
 * first (the server's order), each with its players (a bot account's seat with its badge), its
 * state in words and a link to play it as the account (links.ts: no secret in the link).
 */
import { api, ApiError, type MyGame, type SeatView } from './api.js';
import { $, el, isolated, withNames } from './dom.js';
import { accountSeatLink } from './links.js';

function seatName(s: SeatView): string {
  if (s.account) return `${isolated(s.account.name)}${s.account.kind === 'bot' ? ' (bot)' : ''}`;
  if (s.kind === 'open') return 'open seat';
  if (s.kind === 'bot') return `${s.bot ?? 'bot'} bot`;
  return isolated(s.name);
}

function stateText(game: MyGame): string {
  if (game.yourTurn) return 'Your turn';
  switch (game.status) {
    case 'waiting':
      return 'Waiting for players';
    case 'active':
      return 'Their turn';
    case 'finished':
      return 'Finished';
    case 'aborted':
      return 'Aborted';
    default: {
      const never: never = game.status;
      return String(never);
    }
  }
}

function gameItem(game: MyGame): HTMLLIElement {
  const li = el('li', undefined, {
    class: `my-game${game.yourTurn ? ' your-turn' : ''}`,
    'data-id': game.id,
    'data-your-turn': String(game.yourTurn),
  });
  const others = game.players.filter((p) => p.seat !== game.seat);
  const over = game.status === 'finished' || game.status === 'aborted';
  const link = el('a', over ? 'View' : 'Play', {
    href: accountSeatLink(game.id, game.seat),
    class: 'play-link',
    'aria-label': `${over ? 'View' : 'Play'} game ${game.id}`,
  });
  li.append(
    el('span', stateText(game), { class: 'my-game-state' }),
    withNames(el('span', undefined, { class: 'game-seats' }), `Against ${others.map(seatName).join(', ')}`),
    link,
    el('span', `Game ${game.id}, seat ${game.seat + 1}`, { class: 'game-title' }),
  );
  return li;
}

/** Reads the account's games and shows them; says why when it cannot. */
export async function listMyGames(key: string): Promise<void> {
  const list = $('#my-games');
  const status = $('#my-games-status');
  try {
    const { games } = await api.myGames(key);
    list.replaceChildren(...games.map(gameItem));
    const waiting = games.filter((g) => g.yourTurn).length;
    status.textContent =
      games.length === 0
        ? 'No games yet: challenge a bot or a player below.'
        : waiting === 0
          ? 'Nothing waits for you.'
          : `${waiting} game${waiting === 1 ? '' : 's'} wait${waiting === 1 ? 's' : ''} for your move.`;
    list.dataset.loaded = 'true';
  } catch (e) {
    status.textContent = `Could not read your games: ${e instanceof ApiError ? e.code : String(e)}`;
  }
}
