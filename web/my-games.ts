/**
 * "My games" (GET /accounts/me/games): the signed-in account's games, those where it must act
 * first (the server's order), each with its players (a bot account's seat with its badge), its
 * state in words and a link to play it as the account (links.ts: no secret in the link). A page
 * at a time: "More games" shows one more page, and a refresh reads again as many as are shown.
 */
import { api, ApiError, type MyGame, type SeatView } from './api.js';
import { $, el, isolated, withNames } from './dom.js';
import { accountSeatLink, afterCursor } from './links.js';

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

/** How many pages of games are shown (the server's pages, of 50). */
let pagesShown = 1;
/** The number of the latest read: an earlier one that ends after it shows nothing. */
let reads = 0;

/** Reads the account's games, as many pages as are shown, and shows them; says why when it cannot. */
export async function listMyGames(key: string): Promise<void> {
  const read = ++reads;
  const list = $('#my-games');
  const status = $('#my-games-status');
  try {
    const games: MyGame[] = [];
    let after: string | undefined;
    for (let page = 0; page < pagesShown; page++) {
      const answer = await api.myGames(key, after);
      games.push(...answer.games);
      after = afterCursor(answer.next);
      if (after === undefined) break;
    }
    if (read !== reads) return;
    list.replaceChildren(...games.map(gameItem));
    $('#my-games-more').hidden = after === undefined;
    const waiting = games.filter((g) => g.yourTurn).length;
    status.textContent =
      games.length === 0
        ? 'No games yet: challenge a bot or a player below.'
        : waiting === 0
          ? 'Nothing waits for you.'
          : `${waiting} game${waiting === 1 ? '' : 's'} wait${waiting === 1 ? 's' : ''} for your move.`;
    list.dataset.loaded = 'true';
  } catch (e) {
    if (read === reads) status.textContent = `Could not read your games: ${e instanceof ApiError ? e.code : String(e)}`;
  }
}

/** "More games": one page more than is shown. */
export function showMoreGames(key: string): Promise<void> {
  pagesShown += 1;
  return listMyGames(key);
}

/** Signed out: no games shown, and the first page only at the next sign-in. */
export function forgetMyGames(): void {
  reads += 1;
  pagesShown = 1;
  $('#my-games').replaceChildren();
  $('#my-games-more').hidden = true;
}
