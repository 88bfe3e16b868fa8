/**
 * The seat's decision now, offered only from `legal-moves`: a position on the board (or its
 * button) then a rotation; a figure target on the board (or its button); every other move a
 * button. The status line says whose turn it is.
 */
import type { Spot, Target } from '../src/render/index.js';
import type { Phase } from '../src/engine/index.js';
import { api, ApiError, type Move } from './api.js';
import { $, button, el, isolated } from './dom.js';
import { myTurn, page, playerName, status, tileAt } from './game-page.js';
import { hintedMove } from './hint-panel.js';
import { moveText } from './words.js';

/** Moves are flat records of strings and numbers; the same move may list its members in another order. */
function sameMove(a: Move, b: Move): boolean {
  const ra = a as unknown as Record<string, unknown>;
  const rb = b as unknown as Record<string, unknown>;
  const keys = Object.keys(ra);
  return keys.length === Object.keys(rb).length && keys.every((k) => ra[k] === rb[k]);
}

/** The hint's move, if this is it: its button says so (the board marks its place). */
function hinted(m: Move | Spot, b: HTMLButtonElement): HTMLButtonElement {
  const h = hintedMove();
  const same = h !== undefined && ('type' in m ? sameMove(m, h) : (h.type === 'placeTile' || h.type === 'placeAbbey') && h.x === m.x && h.y === m.y);
  if (same) {
    b.classList.add('hinted');
    b.append(el('span', ' (hint)', { class: 'hint-mark' }));
  }
  return b;
}

const PHASES: Readonly<Record<Phase, string>> = {
  drawOrAbbey: 'draw a tile or place the abbey',
  placeTile: 'place the tile',
  placeFigure: 'place a figure or pass',
  moveWagon: 'move the wagon',
  endgameAbbey: 'place the abbey or pass',
  finished: 'finish',
};
const phaseText = (phase: string) => PHASES[phase as Phase] ?? phase;

/** Positions to click on the board: the placements (tile or abbey) the player may make now. */
export function positions(): Spot[] {
  if (!myTurn()) return [];
  const seen = new Map<string, Spot>();
  for (const m of page.legal!.moves) if (m.type === 'placeTile' || m.type === 'placeAbbey') seen.set(`${m.x},${m.y}`, { x: m.x, y: m.y });
  return [...seen.values()];
}

type FigureMove = Extract<Move, { type: 'placeFigure' | 'moveWagon' | 'placeBarn' }>;
export const isFigureMove = (m: Move): m is FigureMove => m.type === 'placeFigure' || m.type === 'moveWagon' || m.type === 'placeBarn';
/** One key per place a figure may go: a feature of a tile, or a barn's corner. */
export const placeKey = (m: FigureMove) => `${m.x},${m.y},${m.type === 'placeBarn' ? m.corner : m.feature}`;

/** Where a figure may go now (a feature, or a barn's corner), each with the legal moves there. */
export function targets(): (Target & { label: string; moves: FigureMove[] })[] {
  if (!myTurn()) return [];
  const byPlace = new Map<string, Target & { label: string; moves: FigureMove[] }>();
  for (const m of page.legal!.moves) {
    if (!isFigureMove(m)) continue;
    const where: Target = m.type === 'placeBarn' ? { x: m.x, y: m.y, corner: m.corner } : { x: m.x, y: m.y, feature: m.feature };
    const key = placeKey(m);
    const entry = byPlace.get(key) ?? { ...where, label: '', moves: [] };
    entry.moves.push(m);
    entry.label = entry.moves.map((move) => moveText(move, page.catalog, tileAt)).join(' or ');
    byPlace.set(key, entry);
  }
  return [...byPlace.values()];
}

export function renderDecisions(): void {
  const { state, legal, spot } = page;
  const box = $('#decisions');
  box.replaceChildren();
  if (!state || !legal) return;
  if (state.status === 'finished') return status(`Game over. ${state.players.map((p) => `${isolated(p.name)} ${p.score}`).join(', ')}`);
  if (state.status === 'waiting') return status('Waiting for players to join the open seats');
  if (state.status === 'aborted') return status('The game was aborted');
  if (!page.token) return status(`Watching: ${playerName(legal.actor ?? 0)} to ${phaseText(legal.phase)}`);
  if (!myTurn()) return status(`Waiting for ${playerName(legal.actor ?? 0)} to ${phaseText(legal.phase)}`);
  status(`Your turn: ${phaseText(legal.phase)}`);
  const places = legal.moves.filter((m) => m.type === 'placeTile' || m.type === 'placeAbbey');
  if (places.length > 0) {
    const chosen = spot && places.filter((m) => m.x === spot.x && m.y === spot.y);
    if (chosen && chosen.length > 0) {
      box.append(el('p', `At (${spot!.x}, ${spot!.y}): choose the rotation`));
      for (const m of chosen) {
        const label = m.type === 'placeTile' ? `${m.rotation}°` : 'Place the abbey';
        const b = hinted(m, button(label, () => void submit(m), { class: 'rotation', 'aria-label': moveText(m, page.catalog, tileAt) }));
        if (m.type === 'placeTile' && state.drawnTile) {
          const pic = el('span', undefined, { class: 'tile-pic', 'aria-hidden': 'true' });
          pic.innerHTML = page.renderer.tile(state.drawnTile, { tilePx: 48, rotation: m.rotation }) ?? '';
          b.prepend(pic);
        }
        box.append(b);
      }
      box.append(button('Another position', () => ((page.spot = undefined), renderDecisions())));
    } else {
      box.append(el('p', 'Click a highlighted position on the board, or pick one:'));
      for (const p of positions()) box.append(hinted(p, button(`(${p.x}, ${p.y})`, () => choose(p), { class: 'position' })));
    }
  }
  const chosen = page.target === undefined ? undefined : targets()[page.target];
  if (chosen) {
    // A target taken on the board: its moves (one per figure that may go there), or back.
    box.append(el('p', `On the board: ${chosen.label}`));
    for (const m of chosen.moves) box.append(hinted(m, button(moveText(m, page.catalog, tileAt), () => void submit(m), { class: `move move-${m.type}` })));
    box.append(button('Another choice', () => chooseTarget(undefined)));
  } else {
    if (targets().length > 0) box.append(el('p', 'Click a highlighted circle on the board for a figure, or pick below:'));
    // Every other legal move is a button of its own: figures, barns, pass, draw, wagons.
    const rest = legal.moves.filter((m) => m.type !== 'placeTile' && m.type !== 'placeAbbey');
    for (const m of rest) box.append(hinted(m, button(moveText(m, page.catalog, tileAt), () => void submit(m), { class: `move move-${m.type}` })));
  }
  box.querySelector('button')?.focus({ preventScroll: true });
}

export function chooseTarget(index: number | undefined): void {
  page.target = index;
  page.board.markTarget(index);
  renderDecisions();
}

export function choose(p: Spot): void {
  page.spot = p;
  page.board.mark(p);
  renderDecisions();
}

async function submit(move: Move): Promise<void> {
  const { legal, token } = page;
  if (page.busy || !legal || !token) return;
  page.busy = true;
  try {
    await api.submit(page.id, token, legal.version, move);
    page.spot = undefined;
    page.target = undefined;
    await page.refresh();
  } catch (e) {
    if (!(e instanceof ApiError)) status(String(e));
    // A token the admin replaced answers 401 or 403: the player needs the new link.
    else if (e.status === 401 || e.status === 403) status(`Refused: ${e.message}. If this seat got a new link, ask the game's admin for it.`);
    else status(`Refused: ${e.message}`);
    if (e instanceof ApiError && e.status === 409) await page.refresh();
  } finally {
    page.busy = false;
  }
}
