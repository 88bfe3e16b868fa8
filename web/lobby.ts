/**
 * The lobby: a form for POST /games (seats that are players, open seats or bots; expansions,
 * rules, visibility, a turn clock, and optionally a seed and a fixed tile order), then one link
 * per named seat, the admin token and a spectator link; below, the public games waiting for
 * players (lobby-list.ts). The seat token goes into the link's fragment, which the browser
 * never sends to a server.
 */
import { DEFAULT_MCTS_LEVEL, MCTS_LEVELS } from '../src/bots/levels.js';
import { api, ApiError, type CreateGame } from './api.js';
import { wireAccount } from './account-panel.js';
import { clockOf, textOf } from './clock-form.js';
import { $ } from './dom.js';
import { EXPANSION_CHOICES } from './expansion-words.js';
import { adminLink, seatLink, watchLink } from './links.js';
import { listOpenGames, wireLobbyList } from './lobby-list.js';

const MAX_PLAYERS = 6;

/** What a seat row may be: the select's values. */
const KINDS = [
  ['human', 'Player'],
  ['open', 'Open seat'],
  ['random', 'Bot: random'],
  ['greedy', 'Bot: greedy'],
  ['mcts', 'Bot: MCTS'],
] as const;
type Kind = (typeof KINDS)[number][0];

function labelled(text: string, control: HTMLElement): HTMLLabelElement {
  const label = document.createElement('label');
  label.append(text + ' ', control);
  return label;
}

function addPlayer(name = ''): void {
  const list = $('#players');
  const n = list.children.length;
  if (n >= MAX_PLAYERS) return;
  const row = document.createElement('li');
  const kind = document.createElement('select');
  kind.name = 'kind';
  kind.className = 'seat-kind';
  for (const [value, text] of KINDS) kind.append(new Option(text, value));
  const input = document.createElement('input');
  input.name = 'player';
  input.value = name;
  input.required = true;
  input.maxLength = 40;
  const level = document.createElement('select');
  level.name = 'level';
  level.className = 'seat-level';
  for (const l of MCTS_LEVELS)
    level.append(new Option(String(l), String(l), l === DEFAULT_MCTS_LEVEL, l === DEFAULT_MCTS_LEVEL));
  const nameLabel = labelled('Name', input);
  const levelLabel = labelled('Level', level);
  // Only what the chosen kind takes is shown (and required): a name for a player, a level for mcts.
  const show = () => {
    const k = kind.value as Kind;
    nameLabel.hidden = k !== 'human';
    input.required = k === 'human';
    levelLabel.hidden = k !== 'mcts';
  };
  kind.addEventListener('change', show);
  const remove = document.createElement('button');
  remove.type = 'button';
  remove.textContent = 'Remove';
  remove.addEventListener('click', () => {
    if (list.children.length > 2) row.remove();
    numberRows();
  });
  row.append(labelled('Seat', kind), nameLabel, levelLabel, remove);
  list.append(row);
  show();
  numberRows();
}

/** Each row's controls say which seat they belong to, also after a removal. */
function numberRows(): void {
  for (const [i, row] of [...$('#players').children].entries()) {
    row.querySelector('.seat-kind')!.setAttribute('aria-label', `Seat ${i + 1} kind`);
    row.querySelector('input[name=player]')!.setAttribute('aria-label', `Player ${i + 1} name`);
    row.querySelector('.seat-level')!.setAttribute('aria-label', `Seat ${i + 1} bot level`);
    row.querySelector('button')!.setAttribute('aria-label', `Remove seat ${i + 1}`);
  }
}

/** The creation request's seat for one row of the form. */
function seatOf(row: Element): CreateGame['players'][number] {
  const kind = (row.querySelector('.seat-kind') as HTMLSelectElement).value as Kind;
  switch (kind) {
    case 'human':
      return { name: (row.querySelector('input[name=player]') as HTMLInputElement).value.trim() };
    case 'open':
      return { open: true };
    case 'random':
    case 'greedy':
      return { bot: kind };
    case 'mcts':
      return { bot: kind, level: Number((row.querySelector('.seat-level') as HTMLSelectElement).value) };
    default: {
      const never: never = kind;
      throw new Error(`unknown seat kind ${String(never)}`);
    }
  }
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

/**
 * The expansions' checkboxes and their rule options, from the registry (expansion-words.ts); an
 * expansion's options show, and are sent, only while it is checked. Those checked at first are
 * the page's choice (`data-checked`).
 */
function addExpansions(): void {
  const box = $('#expansions');
  const checked = new Set((box.dataset.checked ?? '').split(/\s+/));
  const rules = $('#expansion-rules');
  for (const e of EXPANSION_CHOICES) {
    const input = document.createElement('input');
    input.type = 'checkbox';
    input.name = 'expansion';
    input.value = e.id;
    input.checked = checked.has(e.id);
    const label = document.createElement('label');
    label.append(input, ` ${e.name}`);
    box.append(label);
    const selects = e.rules.map((r) => {
      const select = document.createElement('select');
      select.name = r.option;
      for (const [value, words] of r.values) select.append(new Option(words, value));
      const row = labelled(r.label, select);
      rules.append(row);
      return { row, select };
    });
    const show = () => {
      for (const { row, select } of selects) {
        row.hidden = !input.checked;
        // A disabled control is not in the form's data: an unchecked expansion's options are not sent.
        select.disabled = !input.checked;
      }
    };
    input.addEventListener('change', show);
    show();
  }
}

/** The rule options of the checked expansions, as the form has them. */
function expansionRules(data: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of EXPANSION_CHOICES)
    for (const r of e.rules) {
      const value = data.get(r.option);
      if (typeof value === 'string') out[r.option] = value;
    }
  return out;
}

async function create(event: SubmitEvent): Promise<void> {
  event.preventDefault();
  const form = event.target as HTMLFormElement;
  const data = new FormData(form);
  // The form's choices are the API's words (its checkboxes and selects offer no others); the server checks them all the same.
  const body: CreateGame = {
    players: [...$('#players').children].map(seatOf),
    expansions: data.getAll('expansion').map(String) as CreateGame['expansions'],
    rules: {
      endgameAbbeys: textOf(data, 'endgameAbbeys'),
      wagonMove: textOf(data, 'wagonMove'),
      ...expansionRules(data),
    } as CreateGame['rules'],
    visibility: textOf(data, 'visibility') as CreateGame['visibility'],
  };
  const clock = clockOf(data);
  if (clock) body.clock = clock;
  const seed = textOf(data, 'seed').trim();
  if (seed) body.seed = seed;
  const order = textOf(data, 'tileOrder')
    .split(/[\s,]+/)
    .filter(Boolean);
  if (order.length > 0) body.tileOrder = order;
  const error = $('#error');
  error.textContent = '';
  try {
    const game = await api.create(body);
    const links = $('#links');
    links.replaceChildren(
      ...game.seats.flatMap((s) =>
        s.token ? [link(`Play as ${s.name}`, seatLink(game.id, s.seat, s.token), 'seat-link')] : [],
      ),
      link('Watch (spectator)', watchLink(game.id), 'spectator-link'),
    );
    $('#admin-token').textContent = game.adminToken;
    $<HTMLAnchorElement>('#admin-link').href = adminLink(game.id, game.adminToken);
    $('#created').hidden = false;
    $('#game-id').textContent = game.id;
    // The links are what the creator came for: below the form, so the page takes them there.
    const first = links.querySelector('a');
    $('#created').scrollIntoView({ block: 'start' });
    first?.focus();
    if (body.visibility === 'public') void listOpenGames();
  } catch (e) {
    error.textContent = e instanceof ApiError ? `${e.code}: ${e.message}` : String(e);
  }
}

addExpansions();
addPlayer('Ann');
addPlayer('Bob');
$('#add-player').addEventListener('click', () => addPlayer());
$('#create-form').addEventListener('submit', (e) => void create(e));
wireLobbyList();
wireAccount();
