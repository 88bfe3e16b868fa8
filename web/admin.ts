/**
 * The admin page of one game (`admin.html#id=GAME&admin=TOKEN`): per seat a new link (the old
 * token stops working at once) and a hand-over to a bot, and aborting the game, each through
 * the lifecycle's routes with the admin token as a bearer header. The token stays in the
 * fragment, which a browser never sends. Refusals are shown as the problem's detail; the
 * page follows the game's stream, so a move or another act elsewhere shows here too.
 */
import { DEFAULT_MCTS_LEVEL, MCTS_LEVELS } from '../src/bots/levels.js';
import { api, ApiError, type PublicState, type SeatView } from './api.js';
import { $, button, el, fragment, nameEl } from './dom.js';
import { seatLink } from './links.js';
import { seatNote } from './seats-view.js';

const params = fragment();
const id = params.get('id') ?? '';
const admin = params.get('admin') ?? '';
const BOTS = ['random', 'greedy', 'mcts'] as const;

let state: PublicState | undefined;
/** The links issued on this page, by seat: shown until the page is left (the server keeps no copy). */
const issued = new Map<number, string>();
let busy = false;

const running = () => state?.status === 'active' || state?.status === 'waiting';

/** Runs an act; its success is told (for screen readers too), its refusal is the problem's detail. */
async function act(what: () => Promise<void>, done: string): Promise<void> {
  if (busy) return;
  busy = true;
  $('#error').textContent = '';
  $('#done').textContent = '';
  try {
    await what();
    $('#done').textContent = done;
  } catch (e) {
    $('#error').textContent = e instanceof ApiError ? e.message : String(e);
  } finally {
    busy = false;
    await refresh().catch(() => undefined);
  }
}

function botChooser(seat: SeatView): HTMLElement {
  const label = `seat ${seat.seat + 1}`;
  const kind = el('select', undefined, { class: 'bot-kind', 'aria-label': `Bot for ${label}` });
  for (const b of BOTS) kind.append(new Option(b, b, b === 'greedy', b === 'greedy'));
  const level = el('select', undefined, { class: 'bot-level', 'aria-label': `Bot level for ${label}` });
  for (const l of MCTS_LEVELS)
    level.append(new Option(String(l), String(l), l === DEFAULT_MCTS_LEVEL, l === DEFAULT_MCTS_LEVEL));
  const levelLabel = el('label', 'level ');
  levelLabel.append(level);
  const show = () => (levelLabel.hidden = kind.value !== 'mcts');
  kind.addEventListener('change', show);
  show();
  const hand = button(
    'Hand to bot',
    () =>
      void act(
        async () => {
          // The select offers BOTS only.
          const bot = kind.value as (typeof BOTS)[number];
          const spec = bot === 'mcts' ? { bot, level: Number(level.value) } : { bot };
          await api.handToBot(id, seat.seat, admin, spec);
        },
        `Seat ${seat.seat + 1} was handed to ${kind.value === 'mcts' ? 'an' : 'a'} ${kind.value} bot.`,
      ),
    { class: 'hand-to-bot', 'aria-label': `Hand ${label} to the chosen bot` },
  );
  const box = el('span', undefined, { class: 'bot-chooser' });
  box.append(kind, levelLabel, hand);
  return box;
}

function seatItem(seat: SeatView): HTMLLIElement {
  const li = el('li', undefined, { 'data-seat': String(seat.seat) });
  const note = seatNote(seat);
  const label = el('span', undefined, { class: 'seat-name' });
  label.append(seat.name ? nameEl(seat.name) : 'open seat', `${note ? ` (${note})` : ''} `);
  li.append(label);
  if (running()) {
    if (seat.kind === 'human') {
      li.append(
        button(
          'New link',
          () =>
            void act(
              async () => {
                const answer = await api.reissue(id, seat.seat, admin);
                issued.set(seat.seat, seatLink(id, answer.seat, answer.token));
              },
              `Seat ${seat.seat + 1} has a new link (below); the old one no longer works.`,
            ),
          { class: 'reissue', 'aria-label': `New link for seat ${seat.seat + 1}; the old one stops working` },
        ),
      );
    }
    li.append(botChooser(seat));
  }
  const link = issued.get(seat.seat);
  if (link) {
    const p = el('p', 'New link: ');
    p.append(
      el('a', new URL(link, location.href).href, {
        href: link,
        class: 'new-seat-link',
        target: '_blank',
        rel: 'noopener noreferrer',
      }),
    );
    li.append(p);
  }
  return li;
}

/** What the seat rows show, to redraw them only when it changes (not on every move: a half-made choice stays). */
let shown = '';

function render(s: PublicState): void {
  document.body.dataset.status = s.status;
  document.body.dataset.version = String(s.version);
  $('#status').textContent = s.status;
  // A seat list from the state (with the lifecycle's members) or, for an old game, its players.
  const seats: SeatView[] =
    s.seats ?? s.players.map((p) => ({ seat: p.seat, kind: 'human', name: p.name, resigned: false }));
  const key = JSON.stringify([s.status, seats, [...issued]]);
  if (key === shown) return;
  shown = key;
  const focused = document.activeElement?.closest('li[data-seat]')?.getAttribute('data-seat');
  $('#seats').replaceChildren(...seats.map(seatItem));
  // Keyboard users stay on their seat's row after a redraw.
  if (focused) $(`#seats li[data-seat="${focused}"]`)?.querySelector<HTMLElement>('button, select')?.focus();
  $('#abort-section').hidden = !running();
  if (!running()) $('#abort-confirm').hidden = true;
}

async function refresh(): Promise<void> {
  const s = await api.state(id);
  if (state && s.version < state.version) return;
  state = s;
  render(s);
}

function wireAbort(): void {
  const confirm = $('#abort-confirm');
  $('#abort').addEventListener('click', () => {
    confirm.hidden = false;
    $('#abort-no').focus();
  });
  $('#abort-no').addEventListener('click', () => {
    confirm.hidden = true;
    $('#abort').focus();
  });
  $('#abort-yes').addEventListener(
    'click',
    () => void act(() => api.abort(id, admin).then(() => undefined), 'The game was aborted.'),
  );
}

async function main(): Promise<void> {
  if (!id || !admin) {
    $('#status').textContent = 'This link lacks the game id or the admin token.';
    return;
  }
  $('#game-id').textContent = id;
  $<HTMLAnchorElement>('#watch').href = `game.html#id=${encodeURIComponent(id)}`;
  wireAbort();
  await refresh();
  const source = new EventSource(`/games/${encodeURIComponent(id)}/stream?after=${state?.version ?? 0}`);
  source.addEventListener('move', () => void refresh());
  source.addEventListener('state', () => void refresh());
  source.addEventListener('error', () => {
    if (!running()) source.close();
  });
}

main().catch(
  (e) => ($('#status').textContent = `Could not load the game: ${e instanceof Error ? e.message : String(e)}`),
);
