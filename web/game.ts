/**
 * The game page, for a seat (`#id=…&seat=TOKEN`) or a spectator (`#id=…`). State from
 * GET /games/{id}, choices only from GET legal-moves, live updates from the event stream.
 * The token stays in the fragment: it is sent only as a bearer header on moves.
 */
import { createRenderer, seatColour, type Renderer, type Spot, type Target } from '../src/render/index.js';
import { api, ApiError, type LegalMoves, type Move, type PublicState } from './api.js';
import { BoardView, boardLines } from './board-view.js';
import { eventText, moveText } from './words.js';
import type { GameEvent } from './api.js';
import type { Phase } from '../src/engine/index.js';
import { actText, isAct, seatNote } from './seats-view.js';

const params = new URLSearchParams(location.hash.slice(1));
const id = params.get('id') ?? '';
const token = params.get('seat') ?? undefined;

const $ = <T extends HTMLElement>(sel: string) => document.querySelector(sel) as T;
const el = <K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, attrs: Record<string, string> = {}) => {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
};

let renderer: Renderer;
let catalog: Awaited<ReturnType<typeof api.catalog>>;
let board: BoardView;
let state: PublicState | undefined;
let legal: LegalMoves | undefined;
/** This page's seat number (`n` in the fragment); without it every turn is offered and the server judges. */
const mySeat: number | undefined = token && /^\d+$/.test(params.get('n') ?? '') ? Number(params.get('n')) : undefined;
let spot: Spot | undefined;
/** The chosen figure target: an index into targets(). */
let target: number | undefined;
let busy = false;
let logged = 0;

const name = (seat: number) => state?.players[seat]?.name ?? `seat ${seat}`;
const tileAt = (x: number, y: number) => state?.tiles.find((t) => t.x === x && t.y === y)?.tile;
const myTurn = () => token !== undefined && legal !== undefined && legal.actor !== null && (mySeat === undefined || legal.actor === mySeat);

const PHASES: Readonly<Record<Phase, string>> = {
  drawOrAbbey: 'draw a tile or place the abbey',
  placeTile: 'place the tile',
  placeFigure: 'place a figure or pass',
  moveWagon: 'move the wagon',
  endgameAbbey: 'place the abbey or pass',
  finished: 'finish',
};
const phaseText = (phase: string) => PHASES[phase as Phase] ?? phase;

function status(text: string): void {
  $('#status').textContent = text;
}

/** Positions to click on the board: the placements (tile or abbey) the player may make now. */
function positions(): Spot[] {
  if (!myTurn()) return [];
  const seen = new Map<string, Spot>();
  for (const m of legal!.moves) if (m.type === 'placeTile' || m.type === 'placeAbbey') seen.set(`${m.x},${m.y}`, { x: m.x, y: m.y });
  return [...seen.values()];
}

type FigureMove = Extract<Move, { type: 'placeFigure' | 'moveWagon' | 'placeBarn' }>;
const isFigureMove = (m: Move): m is FigureMove => m.type === 'placeFigure' || m.type === 'moveWagon' || m.type === 'placeBarn';

/** Where a figure may go now (a feature, or a barn's corner), each with the legal moves there. */
function targets(): (Target & { label: string; moves: FigureMove[] })[] {
  if (!myTurn()) return [];
  const byPlace = new Map<string, Target & { label: string; moves: FigureMove[] }>();
  for (const m of legal!.moves) {
    if (!isFigureMove(m)) continue;
    const where: Target = m.type === 'placeBarn' ? { x: m.x, y: m.y, corner: m.corner } : { x: m.x, y: m.y, feature: m.feature };
    const key = `${m.x},${m.y},${where.corner ?? where.feature}`;
    const entry = byPlace.get(key) ?? { ...where, label: '', moves: [] };
    entry.moves.push(m);
    entry.label = entry.moves.map((move) => moveText(move, catalog, tileAt)).join(' or ');
    byPlace.set(key, entry);
  }
  return [...byPlace.values()];
}

function render(): void {
  if (!state || !legal) return;
  document.body.dataset.version = String(state.version);
  document.body.dataset.status = state.status;
  board.draw(state, positions(), targets());
  if (spot) board.mark(spot);
  board.markTarget(target);
  renderPlayers(state);
  const drawn = $('#drawn');
  drawn.replaceChildren();
  if (state.drawnTile) {
    const pic = el('div', undefined, { class: 'tile-pic', role: 'img', 'aria-label': `Drawn tile ${state.drawnTile}` });
    pic.innerHTML = renderer.tile(state.drawnTile, { tilePx: 72 }) ?? '';
    drawn.append(pic, el('span', state.drawnTile));
  }
  $('#tiles-left').textContent = String(state.tilesLeftTotal);
  // A seat's own page may resign while the game runs, once.
  const resignable = token !== undefined && mySeat !== undefined && state.status === 'active' && !state.seats?.[mySeat]?.resigned;
  $('#resign-box').hidden = !resignable;
  const text = $('#board-text');
  text.replaceChildren(...boardLines(state, name).map((l) => el('li', l)));
  renderDecisions();
}

function renderPlayers(s: PublicState): void {
  const rows = s.players.map((p) => {
    const tr = el('tr', undefined, { 'data-seat': String(p.seat) });
    if (p.seat === s.actor) tr.classList.add('active');
    const supply = Object.entries(p.supply).filter(([, n]) => n > 0).map(([k, n]) => `${n} ${k}`).join(', ');
    const goods = p.goods ? `${p.goods.wine} wine, ${p.goods.wheat} wheat, ${p.goods.cloth} cloth` : '';
    const abbey = p.abbey === undefined ? '' : p.abbey ? 'abbey in hand' : 'abbey placed';
    const nameCell = el('td', p.name + (p.seat === mySeat ? ' (you)' : ''));
    nameCell.prepend(el('span', '', { class: 'dot', style: `background:${seatColour(p.seat)}` }));
    const note = seatNote(s.seats?.[p.seat]);
    tr.append(nameCell, el('td', note, { class: 'seat-kind' }), el('td', String(p.score), { class: 'score' }), el('td', supply), el('td', [goods, abbey].filter(Boolean).join('; ')));
    return tr;
  });
  $('#players tbody').replaceChildren(...rows);
}

function button(label: string, action: () => void, attrs: Record<string, string> = {}): HTMLButtonElement {
  const b = el('button', label, { type: 'button', ...attrs });
  b.addEventListener('click', action);
  return b;
}

function renderDecisions(): void {
  const box = $('#decisions');
  box.replaceChildren();
  if (!state || !legal) return;
  if (state.status === 'finished') return status(`Game over. ${state.players.map((p) => `${p.name} ${p.score}`).join(', ')}`);
  if (state.status === 'waiting') return status('Waiting for players to join the open seats');
  if (state.status === 'aborted') return status('The game was aborted');
  if (!token) return status(`Watching: ${name(legal.actor ?? 0)} to ${phaseText(legal.phase)}`);
  if (!myTurn()) return status(`Waiting for ${name(legal.actor ?? 0)} to ${phaseText(legal.phase)}`);
  status(`Your turn: ${phaseText(legal.phase)}`);
  const places = legal.moves.filter((m) => m.type === 'placeTile' || m.type === 'placeAbbey');
  if (places.length > 0) {
    const chosen = spot && places.filter((m) => m.x === spot!.x && m.y === spot!.y);
    if (chosen && chosen.length > 0) {
      box.append(el('p', `At (${spot!.x}, ${spot!.y}): choose the rotation`));
      for (const m of chosen) {
        const label = m.type === 'placeTile' ? `${m.rotation}°` : 'Place the abbey';
        const b = button(label, () => submit(m), { class: 'rotation', 'aria-label': moveText(m, catalog, tileAt) });
        if (m.type === 'placeTile' && state.drawnTile) {
          const pic = el('span', undefined, { class: 'tile-pic', 'aria-hidden': 'true' });
          pic.innerHTML = renderer.tile(state.drawnTile, { tilePx: 48, rotation: m.rotation }) ?? '';
          b.prepend(pic);
        }
        box.append(b);
      }
      box.append(button('Another position', () => ((spot = undefined), renderDecisions())));
    } else {
      box.append(el('p', 'Click a highlighted position on the board, or pick one:'));
      for (const p of positions()) box.append(button(`(${p.x}, ${p.y})`, () => choose(p), { class: 'position' }));
    }
  }
  const chosen = target === undefined ? undefined : targets()[target];
  if (chosen) {
    // A target taken on the board: its moves (one per figure that may go there), or back.
    box.append(el('p', `On the board: ${chosen.label}`));
    for (const m of chosen.moves) box.append(button(moveText(m, catalog, tileAt), () => submit(m), { class: `move move-${m.type}` }));
    box.append(button('Another choice', () => chooseTarget(undefined)));
  } else {
    if (targets().length > 0) box.append(el('p', 'Click a highlighted circle on the board for a figure, or pick below:'));
    // Every other legal move is a button of its own: figures, barns, pass, draw, wagons.
    const rest = legal.moves.filter((m) => m.type !== 'placeTile' && m.type !== 'placeAbbey');
    for (const m of rest) box.append(button(moveText(m, catalog, tileAt), () => submit(m), { class: `move move-${m.type}` }));
  }
  box.querySelector('button')?.focus({ preventScroll: true });
}

function chooseTarget(index: number | undefined): void {
  target = index;
  board.markTarget(index);
  renderDecisions();
}

function choose(p: Spot): void {
  spot = p;
  board.mark(p);
  renderDecisions();
}

async function submit(move: Move): Promise<void> {
  if (busy || !legal || !token) return;
  busy = true;
  try {
    await api.submit(id, token, legal.version, move);
    spot = undefined;
    target = undefined;
    await refresh();
  } catch (e) {
    status(e instanceof ApiError ? `Refused: ${e.message}` : String(e));
    if (e instanceof ApiError && e.status === 409) await refresh();
  } finally {
    busy = false;
  }
}

function log(version: number, events: readonly (GameEvent | { type: string })[]): void {
  if (version <= logged && version !== 0) return;
  logged = version;
  const list = $('#log');
  for (const e of events) {
    // The lifecycle's acts (joins, resignations...) come in the same log as the moves' events.
    const text = isAct(e) ? actText(e, name) : eventText(e as GameEvent, name);
    if (text) list.prepend(el('li', text, { class: e.type === 'featureScored' || e.type === 'goodsScored' ? 'scoring' : '' }));
  }
}

async function refresh(): Promise<void> {
  const [s, l] = await Promise.all([api.state(id), api.legal(id)]);
  // Reads overlap (a move of our own and the stream's news of it): an older answer loses.
  if (state && s.version < state.version) return;
  if (s.version !== l.version) return refresh();
  // A figure target is an index into this version's legal moves only.
  if (s.version !== state?.version) target = undefined;
  state = s;
  legal = l;
  render();
}

/** The log so far; answers the version it reaches, where the stream takes over. */
async function loadLog(): Promise<number> {
  const page = await api.events(id);
  $('#log').replaceChildren();
  logged = 0;
  log(0, page.created ?? []);
  for (const b of page.events) log(b.seq, b.events);
  return page.version;
}

/** The stream from `after` on, so no move between the log's read and the connection is missed. */
function follow(after: number): void {
  const source = new EventSource(`/games/${encodeURIComponent(id)}/stream?after=${after}`);
  source.addEventListener('move', (e) => {
    const m = JSON.parse((e as MessageEvent).data) as { version: number; events: GameEvent[] };
    log(m.version, m.events);
    void refresh();
  });
  source.addEventListener('state', () => void refresh());
  // EventSource reconnects by itself (resuming from the last id); the state is read again meanwhile.
  source.addEventListener('error', () => {
    if (state?.status === 'finished') source.close();
    else void refresh().catch(() => status('Connection lost; reconnecting…'));
  });
}

async function resign(): Promise<void> {
  if (busy || !token || mySeat === undefined) return;
  busy = true;
  try {
    await api.resign(id, mySeat, token);
    $('#resign-confirm').hidden = true;
    await refresh();
  } catch (e) {
    status(e instanceof ApiError ? `Refused: ${e.message}` : String(e));
  } finally {
    busy = false;
  }
}

/** Resigning asks once more, on the page itself (no dialog), and is keyboard-reachable. */
function wireResign(): void {
  const confirm = $('#resign-confirm');
  $('#resign').addEventListener('click', () => {
    confirm.hidden = false;
    $('#resign-no').focus();
  });
  $('#resign-no').addEventListener('click', () => {
    confirm.hidden = true;
    $('#resign').focus();
  });
  $('#resign-yes').addEventListener('click', () => void resign());
}

async function main(): Promise<void> {
  if (!id) return status('No game id in the link.');
  $('#role').textContent = token ? 'Player' : 'Spectator';
  catalog = await api.catalog();
  renderer = createRenderer(catalog);
  board = new BoardView($('#board'), renderer, choose, chooseTarget);
  $('#zoom-in').addEventListener('click', () => board.zoom(1 / 1.25));
  $('#zoom-out').addEventListener('click', () => board.zoom(1.25));
  $('#fit').addEventListener('click', () => board.fit());
  for (const [sel, dx, dy] of [['#pan-l', -0.2, 0], ['#pan-r', 0.2, 0], ['#pan-u', 0, -0.2], ['#pan-d', 0, 0.2]] as const)
    $(sel).addEventListener('click', () => board.pan(dx, dy));
  wireResign();
  const logVersion = await loadLog();
  await refresh();
  follow(logVersion);
}

main().catch((e) => status(`Could not load the game: ${e instanceof Error ? e.message : String(e)}`));
