/**
 * The seat's decision now, offered only from `legal-moves`. A tile is placed in two steps: its
 * ghost shows on the board where the pointer or the keyboard's focus is (or where a click or a
 * tap left it), turned through the rotations legal there, and only Confirm sends the move. A
 * figure goes on a target on the board or by its button, each choice named in words and no two
 * alike. Every other move is a button. The status line says whose turn it is.
 */
import type { FigureKind } from '../src/engine/index.js';
import { figureIcon, seatColour, type Spot, type Target } from '../src/render/index.js';
import { api, ApiError, type Move, type Phase } from './api.js';
import { showClaim } from './claim-view.js';
import { $, button, el, settleRedrawn } from './dom.js';
import { lexicon, myTurn, page, playerName, status } from './game-page.js';
import { hintedMove } from './hint-panel.js';
import { at, choiceLabels, featureWords, moveWords, tileWords } from './words.js';

/** Moves are flat records of strings and numbers; the same move may list its members in another order. */
function sameMove(a: Move, b: Move): boolean {
  const ra: Record<string, unknown> = { ...a };
  const rb: Record<string, unknown> = { ...b };
  const keys = Object.keys(ra);
  return keys.length === Object.keys(rb).length && keys.every((k) => ra[k] === rb[k]);
}

/** The hint's move, if this is it: its button says so (the board marks its place). */
function hinted(m: Move, b: HTMLButtonElement): HTMLButtonElement {
  const h = hintedMove();
  if (h !== undefined && sameMove(m, h)) {
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

type Placement = Extract<Move, { type: 'placeTile' | 'placeAbbey' }>;
const isPlacement = (m: Move): m is Placement => m.type === 'placeTile' || m.type === 'placeAbbey';

/** Positions to play on the board: the placements (tile or abbey) the player may make now. */
export function positions(): Spot[] {
  if (!myTurn()) return [];
  const seen = new Map<string, Spot>();
  for (const m of page.legal!.moves) if (isPlacement(m)) seen.set(`${m.x},${m.y}`, { x: m.x, y: m.y });
  return [...seen.values()];
}

/** The legal placements at a position: one per legal rotation (an abbey has one). */
const placementsAt = (p: Spot): Placement[] =>
  myTurn() ? page.legal!.moves.filter(isPlacement).filter((m) => m.x === p.x && m.y === p.y) : [];

/** The move the preview shows, if it is one of the legal ones. */
function previewed(): Placement | undefined {
  const p = page.preview;
  return p && placementsAt(p)[p.index];
}

/** The ghost the board shows for the preview: the drawn tile, turned (an abbey shows the abbey tile). */
export function ghost() {
  const m = previewed();
  if (!m || !page.state) return undefined;
  const tile =
    m.type === 'placeTile'
      ? page.state.drawnTile
      : page.catalog.tiles.find((t) => t.features.some((f) => f.kind === 'abbey'))?.id;
  return tile ? { tile, x: m.x, y: m.y, rotation: m.type === 'placeTile' ? m.rotation : (0 as const) } : undefined;
}

type FigureMove = Extract<Move, { type: 'placeFigure' | 'moveWagon' | 'placeBarn' }>;
const isFigureMove = (m: Move): m is FigureMove =>
  m.type === 'placeFigure' || m.type === 'moveWagon' || m.type === 'placeBarn';
const figureOf = (m: FigureMove): FigureKind =>
  m.type === 'placeFigure' ? m.figure : m.type === 'moveWagon' ? 'wagon' : 'barn';

/** Every legal move with its label, the figure choices' labels made distinct. */
function labelled(): { move: Move; label: string }[] {
  const moves = page.legal?.moves ?? [];
  const labels = choiceLabels(moves, lexicon());
  return moves.map((move, i) => ({ move, label: labels[i] }));
}

type FigureTarget = Target & { figures: FigureKind[]; label: string; choices: { move: FigureMove; label: string }[] };

/**
 * Where a figure may go now (a feature, or a barn's corner), each with its choices there and
 * every figure they would place (the board shows each one's shape in the target).
 */
export function targets(): FigureTarget[] {
  if (!myTurn()) return [];
  const byPlace = new Map<string, FigureTarget>();
  for (const { move, label } of labelled()) {
    if (!isFigureMove(move)) continue;
    const where: Target =
      move.type === 'placeBarn'
        ? { x: move.x, y: move.y, corner: move.corner }
        : { x: move.x, y: move.y, feature: move.feature };
    const key = `${move.x},${move.y},${where.corner ?? where.feature}`;
    const entry = byPlace.get(key) ?? { ...where, figures: [], label: '', choices: [] };
    if (!entry.figures.includes(figureOf(move))) entry.figures.push(figureOf(move));
    entry.choices.push({ move, label });
    entry.label = entry.choices.map((c) => c.label).join(' or ');
    byPlace.set(key, entry);
  }
  return [...byPlace.values()];
}

/** The drawn tile beside the controls: turned as the preview shows it, and in words. */
function renderDrawn(): void {
  const drawn = $('#drawn');
  drawn.replaceChildren();
  const tile = page.state?.drawnTile;
  if (!tile) return;
  const m = previewed();
  const rotation = m?.type === 'placeTile' ? m.rotation : 0;
  const words = tileWords(page.catalog, tile);
  const pic = el('div', undefined, { class: 'tile-pic', role: 'img', 'aria-label': `Drawn tile: ${words}` });
  pic.innerHTML = page.renderer.tile(tile, { tilePx: 56, rotation }) ?? '';
  // The picture's own title names the catalog id: the words above say what it shows.
  pic.querySelector('title')?.remove();
  drawn.append(pic, el('span', `Drawn: ${words}`, { class: 'drawn-words' }));
}

function renderPlacement(box: HTMLElement, places: Placement[]): void {
  const p = page.preview;
  const here = p ? placementsAt(p) : [];
  const m = here[p?.index ?? 0];
  if (!p || !m) {
    const what = places.some((m) => m.type === 'placeTile') ? 'the tile' : 'the abbey';
    box.append(
      el(
        'p',
        `Point at or tap a highlighted position on the board (or Tab to one): ${what} shows there before you confirm.`,
        { class: 'help' },
      ),
    );
    return;
  }
  const turn = m.type === 'placeTile' ? `, turned ${m.rotation}°` : '';
  const of = here.length > 1 ? ` (rotation ${p.index + 1} of ${here.length})` : '';
  box.append(el('p', `At ${at(m)}${turn}${of}`, { class: 'preview-text', 'aria-live': 'polite' }));
  const controls = el('div', undefined, { class: 'place-controls' });
  if (here.length > 1)
    controls.append(
      button('Rotate ↻', () => rotate(1), {
        class: 'rotate',
        'aria-keyshortcuts': 'R',
        title: 'Rotate (R or the wheel)',
      }),
    );
  controls.append(
    hinted(
      m,
      button('Confirm', () => void submit(m), {
        class: 'confirm primary',
        'aria-label': `Confirm: ${moveWords(m, lexicon())}`,
      }),
    ),
    button('Cancel', cancel, { class: 'cancel', 'aria-keyshortcuts': 'Escape' }),
  );
  box.append(controls);
}

/** A figure choice's button shows the figure's shape, in the seat's colour, as the board will (issue 40: one mark stood for all). */
function withIcon(m: Move, b: HTMLButtonElement): HTMLButtonElement {
  if (!isFigureMove(m)) return b;
  const on = m.type === 'placeBarn' ? 'field' : featureWords(lexicon(), m.x, m.y, m.feature).kind;
  const icon = el('span', undefined, { class: 'choice-icon', 'data-kind': figureOf(m) });
  icon.innerHTML = figureIcon(figureOf(m), seatColour(page.legal?.actor ?? 0), on);
  b.prepend(icon);
  return b;
}

/** Draws the decision; a button that was not there before takes no click for a moment (dom.ts `settle`). */
export function renderDecisions(): void {
  const box = $('#decisions');
  drawDecisions(box);
  settleRedrawn(box);
}

function drawDecisions(box: HTMLElement): void {
  const { state, legal } = page;
  box.replaceChildren();
  renderDrawn();
  if (!state || !legal) return;
  if (state.status === 'finished') return status('Game over');
  if (state.status === 'waiting') return status('Waiting for players to join the open seats');
  if (state.status === 'aborted') return status('The game was aborted');
  // docs/rules.md §2.5: the builder's extra part is a turn's second part, named so it is not taken for a new turn.
  const part = state.bonusPart ? ", the builder's extra part" : '';
  if (!page.token) return status(`Watching: ${playerName(legal.actor ?? 0)} to ${PHASES[legal.phase]}${part}`);
  if (!myTurn()) return status(`Waiting for ${playerName(legal.actor ?? 0)} to ${PHASES[legal.phase]}${part}`);
  status(`Your turn${part}: ${PHASES[legal.phase]}`);
  const places = legal.moves.filter(isPlacement);
  if (places.length > 0) renderPlacement(box, places);
  const chosen = page.target === undefined ? undefined : targets()[page.target];
  // Passing first: on a phone's one screen it never lies below a long list of figure choices.
  const rest = chosen
    ? chosen.choices
    : labelled()
        .filter((c) => !isPlacement(c.move))
        .sort((a, b) => Number(b.move.type === 'pass') - Number(a.move.type === 'pass'));
  const place = chosen && commonPlace(chosen.choices.map((c) => c.label));
  if (chosen)
    box.append(el('p', place ? `${place.charAt(0).toUpperCase()}${place.slice(1)}:` : `On the board: ${chosen.label}`));
  else if (targets().length > 0)
    box.append(el('p', "Tap a figure's mark on the board, or pick below:", { class: 'help' }));
  const list = el('div', undefined, { class: 'choices' });
  for (const c of rest) {
    // Where all go to one place, said once above: each button names its figure ("mayor"), its full words for screen readers.
    const short = place ? c.label.slice(0, -place.length - 1) : c.label;
    const attrs: Record<string, string> = { class: `move move-${c.move.type}` };
    if (short !== c.label) attrs['aria-label'] = c.label;
    list.append(
      hinted(
        c.move,
        withIcon(
          c.move,
          button(short, () => void submit(c.move), attrs),
        ),
      ),
    );
  }
  if (chosen) list.append(button('Another choice', () => chooseTarget(undefined)));
  box.append(list);
}

/** The place several choices' labels share ("in the north city"), if they all end with it. */
function commonPlace(labels: readonly string[]): string | undefined {
  const place = (l: string) => /^.+? ((?:in|on) the .+)$/.exec(l)?.[1];
  const first = place(labels[0] ?? '');
  return labels.length > 1 && first !== undefined && labels.every((l) => place(l) === first) ? first : undefined;
}

export function chooseTarget(index: number | undefined): void {
  page.target = index;
  page.board.markTarget(index);
  // A tap shows what a pointer shows: the whole feature, and who holds it.
  showClaim(index === undefined ? undefined : targets()[index]);
  renderDecisions();
  $('#decisions button')?.focus({ preventScroll: true });
}

/**
 * The pointer or the focus on a position (or off them): the ghost follows until a pick pins
 * it. A rotation legal at the new position is kept; else the first legal one shows.
 */
export function previewAt(spot: Spot | undefined, pick: boolean): void {
  const old = page.preview;
  if (!spot) {
    if (old && !old.pinned) {
      page.preview = undefined;
      showPreview();
    }
    return;
  }
  if (old?.pinned && !pick) return;
  const here = placementsAt(spot);
  if (here.length === 0) return;
  const same = old && old.x === spot.x && old.y === spot.y;
  if (same && old.pinned === pick) return;
  // The hint's rotation first, if it is here; else the rotation shown before, if it is legal here.
  const hint = hintedMove();
  const rotation = old && previewedRotation();
  const first = [
    here.findIndex((m) => hint !== undefined && sameMove(m, hint)),
    here.findIndex((m) => m.type === 'placeTile' && m.rotation === rotation),
    0,
  ].find((i) => i >= 0)!;
  page.preview = { ...spot, index: same ? old.index : first, pinned: pick || !!old?.pinned };
  showPreview();
  if (pick) $('#decisions button.confirm')?.focus({ preventScroll: true });
}

const previewedRotation = () => {
  const m = previewed();
  return m?.type === 'placeTile' ? m.rotation : undefined;
};

/** Turns the ghost to the next legal rotation at its position. */
export function rotate(step: 1 | -1): void {
  const p = page.preview;
  if (!p) return;
  const n = placementsAt(p).length;
  if (n < 2) return;
  p.index = (p.index + step + n) % n;
  showPreview();
  $('#decisions button.rotate')?.focus({ preventScroll: true });
}

/** Back to choosing a position: nothing was sent. */
export function cancel(): void {
  const p = page.preview;
  page.preview = undefined;
  showPreview();
  // The board itself takes the focus (a position would show its ghost again): Tab goes on to the positions.
  if (p) $('#board').focus({ preventScroll: true });
}

function showPreview(): void {
  page.board.setGhost(ghost());
  renderDecisions();
}

async function submit(move: Move): Promise<void> {
  const { legal, token } = page;
  if (page.busy || !legal || !token) return;
  page.busy = true;
  try {
    await api.submit(page.id, token, legal.version, move);
    page.preview = undefined;
    page.target = undefined;
    await page.refresh();
  } catch (e) {
    if (!(e instanceof ApiError)) status(String(e));
    // A token the admin replaced answers 401 or 403: the player needs the new link.
    else if (e.status === 401 || e.status === 403)
      status(`Refused: ${e.message}. If this seat got a new link, ask the game's admin for it.`);
    else status(`Refused: ${e.message}`);
    if (e instanceof ApiError && e.status === 409) await page.refresh();
  } finally {
    page.busy = false;
  }
}
