/**
 * The lobby: a form for POST /games (players, expansions, rules, and optionally a seed and a
 * fixed tile order), then one link per seat and a spectator link. The seat token goes into
 * the link's fragment, which the browser never sends to a server.
 */
import { api, ApiError } from './api.js';

const $ = <T extends HTMLElement>(sel: string) => document.querySelector(sel) as T;
const MAX_PLAYERS = 6;

function addPlayer(name = ''): void {
  const list = $('#players');
  const n = list.children.length;
  if (n >= MAX_PLAYERS) return;
  const row = document.createElement('li');
  const input = document.createElement('input');
  input.name = 'player';
  input.value = name;
  input.required = true;
  input.maxLength = 40;
  input.setAttribute('aria-label', `Player ${n + 1} name`);
  const remove = document.createElement('button');
  remove.type = 'button';
  remove.textContent = 'Remove';
  remove.setAttribute('aria-label', `Remove player ${n + 1}`);
  remove.addEventListener('click', () => {
    if (list.children.length > 2) row.remove();
  });
  row.append(input, remove);
  list.append(row);
}

function link(label: string, href: string, cls: string): HTMLLIElement {
  const li = document.createElement('li');
  const a = document.createElement('a');
  a.href = href;
  a.textContent = label;
  a.className = cls;
  a.target = '_blank';
  a.rel = 'noopener noreferrer';
  li.append(a);
  return li;
}

async function create(event: SubmitEvent): Promise<void> {
  event.preventDefault();
  const form = event.target as HTMLFormElement;
  const data = new FormData(form);
  const body: Record<string, unknown> = {
    players: data.getAll('player').map((n) => ({ name: String(n).trim() })),
    expansions: data.getAll('expansion').map(String),
    rules: { endgameAbbeys: String(data.get('endgameAbbeys')), wagonMove: String(data.get('wagonMove')) },
  };
  const seed = String(data.get('seed') ?? '').trim();
  if (seed) body.seed = seed;
  const order = String(data.get('tileOrder') ?? '').split(/[\s,]+/).filter(Boolean);
  if (order.length > 0) body.tileOrder = order;
  const error = $('#error');
  error.textContent = '';
  try {
    const game = await api.create(body);
    const links = $('#links');
    links.replaceChildren(
      ...game.seats.map((s) => link(`Play as ${s.name}`, `game.html#id=${game.id}&n=${s.seat}&seat=${s.token}`, 'seat-link')),
      link('Watch (spectator)', `game.html#id=${game.id}`, 'spectator-link'),
    );
    $('#created').hidden = false;
    $('#game-id').textContent = game.id;
  } catch (e) {
    error.textContent = e instanceof ApiError ? `${e.code}: ${e.message}` : String(e);
  }
}

addPlayer('Ann');
addPlayer('Bob');
$('#add-player').addEventListener('click', () => addPlayer());
$('#create-form').addEventListener('submit', (e) => void create(e as SubmitEvent));
