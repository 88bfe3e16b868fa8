/**
 * The seat's decision now, offered only from `legal-moves`. A tile is placed in two steps: its
 * ghost shows on the board where the pointer or the keyboard's focus is (or where a click or a
 * tap left it), turned through the rotations legal there, and only Confirm sends the move. A
 * figure goes on a target on the board or by its button, each choice named in words and no two
 * alike; every other move is a button (figure-choices.ts). The status line says whose turn it is.
 */
import type { Spot } from '../src/render/index.js';
import { api, ApiError, type Move, type Phase } from './api.js';
import { $, button, el, redraw } from './dom.js';
import { lexicon, myTurn, page, playerName, status } from './game-page.js';
import { hintedMove } from './hint-panel.js';
import { hinted, renderChoices, sameMove } from './figure-choices.js';
import { at, moveWords, tileWords } from './words.js';

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

/** Draws the decision; a button that was not there before takes no click for a moment (dom.ts `settle`). */
export function renderDecisions(): void {
  redraw($('#decisions'), drawDecisions);
  renderUndo();
}

/**
 * Undo beside the status line (rules §2.2), not among the figure choices: on a phone it never
 * pushes a choice below the decision panel's edge, and it stays in the same place each turn.
 */
function renderUndo(): void {
  const slot = $('#undo-slot');
  const undo = page.token && myTurn() ? page.legal?.moves.find((m) => m.type === 'undo') : undefined;
  redraw(slot, () =>
    slot.replaceChildren(
      ...(undo
        ? [
            button('Undo', () => void submit(undo), {
              class: 'move move-undo',
              'aria-label': moveWords(undo, lexicon()),
            }),
          ]
        : []),
    ),
  );
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
  renderChoices(box, (m) => void submit(m));
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
