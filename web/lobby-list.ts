/**
 * The lobby's list of public games waiting for players (GET /games?status=waiting): each with
 * its seats (player, open, bot), expansions and turn clock, and a Join button per open seat
 * that claims the seat under the name typed above the list, then opens the seat's page.
 *
 * The list reads itself again every few seconds while the page is visible (one indexed query
 * per read), and "More" pages on with the listing's cursor. A re-read covers as many games as
 * are shown (up to the listing's page limit), so paging and refreshing never show one game
 * twice. Rows whose game did not change are kept as they are, so the keyboard's focus stays.
 */
import { clockSettingsText } from './clock-words.js';
import { expansionName } from './expansion-words.js';
import { api, ApiError, type ListedGame, type SeatView } from './api.js';
import { $, button, el, isolated, withNames } from './dom.js';
import { seatLink } from './links.js';

const PAGE = 20;
/** The most one read may ask (the listing's `limit` maximum). */
const MAX_READ = 100;
const EVERY_MS = 4000;

let games: ListedGame[] = [];
/** The cursor of the page after the shown games, if there is one. */
let after: string | undefined;
let timer: ReturnType<typeof setTimeout> | undefined;
const rows = new Map<string, { key: string; li: HTMLLIElement }>();
let empty: HTMLLIElement | undefined;

function seatText(s: SeatView): string {
  switch (s.kind) {
    case 'human':
      return isolated(s.name);
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
    // A join by name answers the seat's token (only an account's join answers none).
    if (joined.token === undefined) throw new Error('the join answered no token');
    location.assign(seatLink(game.id, joined.seat, joined.token));
  } catch (e) {
    error.textContent = e instanceof ApiError ? `${e.code}: ${e.message}` : String(e);
    void listOpenGames();
  }
}

function gameItem(game: ListedGame): HTMLLIElement {
  const li = el('li', undefined, { class: 'open-game', 'data-id': game.id });
  const expansions = game.expansions.length > 0 ? game.expansions.map(expansionName).join(', ') : 'base game';
  li.append(
    el('span', `Game ${game.id}`, { class: 'game-title' }),
    withNames(el('span', undefined, { class: 'game-seats' }), `Seats: ${game.players.map(seatText).join(', ')}`),
    el('span', `${expansions}; ${clockSettingsText(game.clock)}`, { class: 'game-rules' }),
  );
  for (const s of game.players) {
    if (s.kind !== 'open') continue;
    li.append(
      button(`Join seat ${s.seat + 1}`, () => void join(game, s.seat), {
        class: 'join',
        'data-focus': `${game.id}/${s.seat}`,
        'aria-label': `Join game ${game.id}, seat ${s.seat + 1}`,
      }),
    );
  }
  return li;
}

/** Shows `games`, keeping the rows (and the focus) of the games that did not change. */
function show(): void {
  const list = $('#games');
  const focus = document.activeElement?.closest('#games') ? document.activeElement.getAttribute('data-focus') : null;
  const items = games.map((g) => {
    const key = JSON.stringify(g);
    const row = rows.get(g.id);
    if (row?.key === key) return row.li;
    const li = gameItem(g);
    rows.set(g.id, { key, li });
    return li;
  });
  for (const id of rows.keys()) if (!games.some((g) => g.id === id)) rows.delete(id);
  if (items.length === 0) items.push((empty ??= el('li', 'No game is waiting for players.', { class: 'no-games' })));
  const same = items.length === list.children.length && items.every((li, i) => list.children[i] === li);
  if (!same) {
    list.replaceChildren(...items);
    if (focus) list.querySelector<HTMLElement>(`[data-focus="${CSS.escape(focus)}"]`)?.focus();
  }
  list.dataset.loaded = 'true';
  $('#more-games').hidden = after === undefined;
  const count = `${games.length}${after ? '+' : ''} game${games.length === 1 ? '' : 's'} waiting for players`;
  const status = $('#games-status');
  if (status.textContent !== count) status.textContent = count;
}

const cursorOf = (next: string | undefined) =>
  next === undefined ? undefined : (new URL(next, location.origin).searchParams.get('after') ?? undefined);

/** Reads the newest games again, as many as are shown; beyond one read's reach the older ones stay. */
async function readNewest(): Promise<void> {
  const limit = Math.min(MAX_READ, Math.max(PAGE, Math.ceil(games.length / PAGE) * PAGE));
  const page = await api.lobby(limit);
  if (games.length > MAX_READ) {
    const ids = new Set(page.games.map((g) => g.id));
    games = [...page.games, ...games.slice(MAX_READ).filter((g) => !ids.has(g.id))];
  } else {
    games = page.games;
    after = cursorOf(page.next);
  }
}

/**
 * Reads and pages one at a time: a re-read that overlapped "More" would answer the shorter
 * list it was asked for and drop the page just added.
 */
let chain: Promise<unknown> = Promise.resolve();
function serial(op: () => Promise<void>): Promise<void> {
  const run = chain.then(op);
  chain = run.catch(() => undefined);
  return run;
}

async function more(): Promise<void> {
  if (after === undefined) return;
  const page = await api.lobby(PAGE, after);
  const ids = new Set(games.map((g) => g.id));
  const added = page.games.filter((g) => !ids.has(g.id));
  games = [...games, ...added];
  after = cursorOf(page.next);
  show();
  // The keyboard goes on where the new games begin (or stays on More).
  const first = added[0] && rows.get(added[0].id)?.li.querySelector<HTMLElement>('button');
  if (first) first.focus();
}

/** The next read in a few seconds, while the page is visible; one timer at a time. */
function schedule(): void {
  clearTimeout(timer);
  if (document.visibilityState === 'visible') timer = setTimeout(() => void listOpenGames(), EVERY_MS);
}

/** A read asked for but not started: later asks join it. */
let queued: Promise<void> | undefined;

/** Reads the waiting public games again and shows them; then again in a few seconds while visible. */
export function listOpenGames(): Promise<void> {
  queued ??= serial(async () => {
    queued = undefined;
    try {
      await readNewest();
      show();
    } catch (e) {
      $('#games-status').textContent = `Could not list the games: ${e instanceof Error ? e.message : String(e)}`;
    }
    schedule();
  });
  return queued;
}

export function wireLobbyList(): void {
  $('#more-games').addEventListener(
    'click',
    () =>
      void serial(more).catch(
        (e) =>
          ($('#games-status').textContent = `Could not list more games: ${e instanceof Error ? e.message : String(e)}`),
      ),
  );
  $('#refresh-games').addEventListener('click', () => void listOpenGames());
  // A hidden tab asks nothing; it reads at once when shown again.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void listOpenGames();
    else clearTimeout(timer);
  });
  void listOpenGames();
}
