/**
 * The board picture in the page: the renderer's SVG, then pan (drag), zoom (wheel, pinch,
 * buttons) by rewriting its viewBox, so the drawing stays sharp at every scale. The zoom is
 * kept across redraws; a new set of positions to play (a turn's start) is framed at a readable
 * tile size when any is out of view or the tiles are too small (board-frame.ts). The placement's ghost is swapped in place, so the
 * focused position keeps the keyboard's focus.
 */
import type { Ghost, Renderer, Spot, Target } from '../src/render/index.js';
import type { PublicState } from './api.js';
import { frame, inside, MIN_TILE_PX, reveal, tilePx, type Box } from './board-frame.js';
import { addHits, sizeHits, targetAt } from './board-targets.js';

export interface BoardHandlers {
  /** The pointer or the keyboard's focus is on a legal position (`pick`: clicked, tapped or Enter), or left them (undefined). */
  spot(spot: Spot | undefined, pick: boolean): void;
  /** A figure target chosen, by its index in the list given to draw(). */
  target(index: number): void;
  /** The wheel turned over the previewed position: rotate by one step. */
  rotate(step: 1 | -1): void;
  /** The position previewed now, if any. */
  previewed(): Spot | undefined;
  /** The pointer or the focus is on a figure target (its index in draw()'s list), or left them (undefined). */
  claim(index: number | undefined): void;
}

const spotOf = (e: Element): Spot => ({ x: Number(e.getAttribute('data-x')), y: Number(e.getAttribute('data-y')) });

export class BoardView {
  private box: Box | undefined;
  private full: Box | undefined;
  private drag: { x: number; y: number; box: Box; moved: boolean } | undefined;
  private readonly pointers = new Map<number, { x: number; y: number }>();
  private pinch: number | undefined;
  /** Set while a redraw gives the focus back: the position was not newly reached. */
  private refocusing = false;
  /** The positions to play of the last drawing: a different set is a new decision, framed anew. */
  private legalKey = '';
  /** What the picture shows now (state version, positions, targets; the ghost apart, swapped in place): '' for none of draw()'s. */
  private drawnKey = '';
  private ghostKey = '';

  constructor(
    private readonly host: HTMLElement,
    private readonly renderer: Renderer,
    private readonly on: BoardHandlers,
  ) {
    host.addEventListener(
      'wheel',
      (e) => {
        e.preventDefault();
        const spot = (e.target as Element).closest('rect.legal');
        const shown = this.on.previewed();
        if (spot && shown && spotOf(spot).x === shown.x && spotOf(spot).y === shown.y)
          this.on.rotate(e.deltaY > 0 ? 1 : -1);
        else this.zoom(e.deltaY > 0 ? 1.15 : 1 / 1.15);
      },
      { passive: false },
    );
    host.addEventListener('pointerdown', (e) => {
      this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (this.box) this.drag = { x: e.clientX, y: e.clientY, box: [...this.box], moved: false };
    });
    host.addEventListener('pointermove', (e) => {
      if (this.pointers.has(e.pointerId)) this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (this.pointers.size === 2) return this.pinchMove();
      if (e.pointerType === 'mouse' && !this.drag) {
        const spot = (e.target as Element).closest('rect.legal');
        this.on.spot(spot ? spotOf(spot) : undefined, false);
        this.on.claim(this.targetAt(e));
      }
      const d = this.drag;
      const svg = this.svg();
      if (!d || !svg) return;
      const dx = e.clientX - d.x;
      const dy = e.clientY - d.y;
      if (!d.moved && Math.hypot(dx, dy) < 6) return;
      d.moved = true;
      const scale = d.box[2] / svg.clientWidth;
      this.setBox([d.box[0] - dx * scale, d.box[1] - dy * scale, d.box[2], d.box[3]]);
    });
    const up = (e: PointerEvent) => {
      this.pointers.delete(e.pointerId);
      if (this.pointers.size < 2) this.pinch = undefined;
      setTimeout(() => (this.drag = undefined));
    };
    host.addEventListener('pointerup', up);
    host.addEventListener('pointercancel', up);
    host.addEventListener('pointerleave', (e) => {
      if (e.pointerType === 'mouse') {
        this.on.spot(undefined, false);
        this.on.claim(undefined);
      }
    });
    host.addEventListener('click', (e) => {
      if (this.drag?.moved) return;
      const spot = (e.target as Element).closest('rect.legal');
      if (spot) this.on.spot(spotOf(spot), true);
      const target = this.targetAt(e);
      if (target !== undefined) this.on.target(target);
    });
    // Positions and targets are focusable buttons in the picture: Tab reaches them, Enter or Space takes one.
    host.addEventListener('focusin', (e) => {
      if (this.refocusing) return;
      const spot = (e.target as Element).closest('rect.legal');
      if (spot) this.on.spot(spotOf(spot), false);
      this.on.claim(targetOf(e.target as Element));
    });
    host.addEventListener('keydown', (e) => {
      if (e.key !== 'Enter' && e.key !== ' ') return;
      const spot = (e.target as Element).closest('rect.legal');
      const target = (e.target as Element).closest('rect.target');
      if (!spot && !target) return;
      e.preventDefault();
      if (spot) this.on.spot(spotOf(spot), true);
      else this.on.target(Number(target!.getAttribute('data-target')));
    });
  }

  /**
   * `targets`: figure targets with their labels (for screen readers), highlighted and clickable.
   * Answers whether it drew: a second read of what is shown already (the stream's news of a
   * move the page has read) leaves the picture's elements in place, so a tap or a click that
   * lands meanwhile still finds the element it began on.
   */
  draw(
    state: PublicState,
    legal: readonly Spot[],
    targets: readonly (Target & { label: string })[] = [],
    ghost?: Ghost,
  ): boolean {
    const key = `${state.version} ${state.status}|${spotsKey(legal)}|${targets.map(targetKey).join(' ')}`;
    if (key === this.drawnKey && ghostKeyOf(ghost) === this.ghostKey && this.svg()) return false;
    this.drawnKey = key;
    this.ghostKey = ghostKeyOf(ghost);
    // A redraw (an opponent's move, a new step) replaces every element: the focused position or
    // target gets the keyboard's focus back, so Enter still takes it.
    const active = document.activeElement;
    const focused = active && this.host.contains(active) ? focusSelector(active) : undefined;
    this.host.innerHTML = this.renderer.board(state, { tilePx: 64, legal, targets, ghost });
    for (const rect of this.host.querySelectorAll('rect.legal')) {
      const label = `Position (${rect.getAttribute('data-x')}, ${rect.getAttribute('data-y')})`;
      rect.setAttribute('tabindex', '0');
      rect.setAttribute('role', 'button');
      rect.setAttribute('aria-label', label);
    }
    for (const target of this.host.querySelectorAll('rect.target')) {
      const label = targets[Number(target.getAttribute('data-target'))]?.label ?? '';
      target.setAttribute('tabindex', '0');
      target.setAttribute('role', 'button');
      target.setAttribute('aria-label', label);
      target.appendChild(document.createElementNS('http://www.w3.org/2000/svg', 'title')).textContent = label;
    }
    addHits(this.svg()!);
    this.adopt(state, legal);
    const again = focused ? this.host.querySelector<SVGElement>(focused) : null;
    if (again) {
      this.refocusing = true;
      again.focus({ preventScroll: true });
      this.refocusing = false;
    }
    return true;
  }

  /** Shows a picture the server drew (a replay's `board.svg?version=N`) with the same pan and zoom. */
  show(svg: string, state: PublicState): void {
    this.drawnKey = '';
    this.host.innerHTML = svg;
    this.adopt(state, []);
  }

  private adopt(state: PublicState, legal: readonly Spot[]): void {
    const svg = this.svg()!;
    svg.removeAttribute('width');
    svg.removeAttribute('height');
    svg.setAttribute('aria-label', describe(state));
    const full = svg.getAttribute('viewBox')!.split(' ').map(Number) as Box;
    this.full = full;
    const old = this.box;
    const key = spotsKey(legal);
    const fresh = key !== this.legalKey;
    this.legalKey = key;
    const [width, height] = this.size();
    if (legal.length === 0) return this.setBox(old ?? this.firstView(full, state));
    // Within a decision the view is the player's; a new one is framed only if it needs to be.
    if (old && (!fresh || (legal.every((p) => inside(old, p)) && tilePx(old, width, height) >= MIN_TILE_PX)))
      return this.setBox(old);
    if (!old && tilePx(full, width, height) >= MIN_TILE_PX) return this.setBox(full);
    this.setBox(frame(legal, width, height, old));
  }

  private size(): [number, number] {
    return [this.host.clientWidth || 800, this.host.clientHeight || 600];
  }

  /** The whole board if its tiles are big enough on this screen, else the part around the last tile. */
  private firstView(full: Box, state: PublicState): Box {
    const [width, height] = this.size();
    if (tilePx(full, width, height) >= MIN_TILE_PX) return full;
    return frame(state.tiles.slice(-1), width, height);
  }

  /** Swaps the placement's ghost in place (none when undefined): the rest of the picture, and the focus, stay. */
  setGhost(ghost: Ghost | undefined): void {
    const svg = this.svg();
    if (!svg) return;
    for (const old of svg.querySelectorAll('.ghost, .ghost-frame')) old.remove();
    this.ghostKey = ghostKeyOf(ghost);
    if (!ghost) return;
    // The renderer draws the ghost (its one drawing of it); it is lifted out of an otherwise empty board.
    const drawn = new DOMParser().parseFromString(
      this.renderer.board({ tiles: [], figures: [] }, { ghost }),
      'image/svg+xml',
    );
    const before = svg.querySelector('rect.last, g.figures');
    for (const part of drawn.querySelectorAll('.ghost, .ghost-frame'))
      svg.insertBefore(document.importNode(part, true), before);
  }

  /** Marks the chosen figure target (an index of draw()'s list), or none. */
  markTarget(index: number | undefined): void {
    for (const c of this.host.querySelectorAll('rect.target'))
      c.classList.toggle('chosen', c.getAttribute('data-target') === String(index));
  }

  /** Marks what a replayed move did: the tile it placed, the figures it placed or moved. */
  markMove(tiles: readonly Spot[], figures: readonly Target[]): void {
    const at = (e: Element, p: Spot) =>
      e.getAttribute('data-x') === String(p.x) && e.getAttribute('data-y') === String(p.y);
    for (const g of this.host.querySelectorAll('g.tile'))
      g.classList.toggle(
        'moved',
        tiles.some((p) => at(g, p)),
      );
    for (const g of this.host.querySelectorAll('g.fig')) {
      const hit = figures.some(
        (f) =>
          at(g, f) &&
          (f.corner
            ? g.getAttribute('data-corner') === f.corner
            : g.getAttribute('data-feature') === String(f.feature)),
      );
      g.classList.toggle('moved', hit);
    }
  }

  /**
   * Marks a hint's place: a highlighted position (no feature, no corner) or a figure target;
   * none when `place` is undefined. The picture is redrawn on every state, so the caller marks again.
   */
  markHint(place: { x: number; y: number; feature?: number; corner?: string } | undefined): void {
    const at = (e: Element) =>
      place !== undefined &&
      e.getAttribute('data-x') === String(place.x) &&
      e.getAttribute('data-y') === String(place.y);
    const spot = place !== undefined && place.feature === undefined && place.corner === undefined;
    for (const r of this.host.querySelectorAll('rect.legal')) r.classList.toggle('hinted', spot && at(r));
    for (const c of this.host.querySelectorAll('rect.target')) {
      const same =
        place?.corner !== undefined
          ? c.getAttribute('data-corner') === place.corner
          : c.getAttribute('data-feature') === String(place?.feature);
      c.classList.toggle('hinted', !spot && at(c) && same);
    }
    // The hint's place is never off the view: the view pans to it, at the same size.
    if (place && this.box) this.setBox(reveal(this.box, place));
  }

  /**
   * Brings `spots` into view at a readable tile size: moved (and zoomed in if the tiles are too
   * small) only when one is out of view. A replayed move's tile, a tapped log line's tiles.
   */
  follow(spots: readonly Spot[]): void {
    const b = this.box;
    if (!b || spots.length === 0) return;
    const [width, height] = this.size();
    if (spots.every((p) => inside(b, p)) && tilePx(b, width, height) >= MIN_TILE_PX) return;
    this.setBox(frame(spots, width, height, b));
  }

  /** factor > 1 zooms out, around the centre. */
  zoom(factor: number): void {
    const b = this.box;
    if (!b) return;
    const w = b[2] * factor;
    const h = b[3] * factor;
    this.setBox([b[0] + (b[2] - w) / 2, b[1] + (b[3] - h) / 2, w, h]);
  }

  pan(dx: number, dy: number): void {
    const b = this.box;
    if (b) this.setBox([b[0] + dx * b[2], b[1] + dy * b[3], b[2], b[3]]);
  }

  /** Back to the whole board. */
  fit(): void {
    if (this.full) this.setBox(this.full);
  }

  /** Two fingers: the view zooms by how much their distance changed. */
  private pinchMove(): void {
    const [a, b] = [...this.pointers.values()] as [{ x: number; y: number }, { x: number; y: number }];
    const distance = Math.hypot(a.x - b.x, a.y - b.y);
    this.drag = undefined;
    if (this.pinch !== undefined && distance > 0) this.zoom(this.pinch / distance);
    this.pinch = distance;
  }

  private setBox(b: Box): void {
    this.box = b;
    const svg = this.svg();
    if (!svg) return;
    svg.setAttribute('viewBox', b.map((v) => v.toFixed(1)).join(' '));
    const [width, height] = this.size();
    sizeHits(svg, Math.max(b[2] / width, b[3] / height));
  }

  /** The figure target a pointer event is for: the one under it, or the nearest whose hit circle holds it. */
  private targetAt(e: PointerEvent | MouseEvent): number | undefined {
    const svg = this.svg();
    return svg ? targetAt(svg, e) : undefined;
  }

  private svg(): SVGSVGElement | null {
    return this.host.querySelector('svg');
  }
}

const spotsKey = (spots: readonly Spot[]) => spots.map((p) => `${p.x},${p.y}`).join(' ');
const targetKey = (t: Target & { label: string }) =>
  `${t.x},${t.y},${t.feature ?? t.corner},${t.figures?.join('+')}:${t.label}`;
const ghostKeyOf = (g: Ghost | undefined) => (g ? `${g.tile}@${g.x},${g.y},${g.rotation}` : '');

const targetOf = (e: Element): number | undefined => {
  const target = e.closest('rect.target');
  return target ? Number(target.getAttribute('data-target')) : undefined;
};

/** The board in words, for the picture's label. */
export function describe(state: PublicState): string {
  return `Board of ${state.tiles.length} tiles and ${state.figures.length} figures`;
}

/** A selector of the same position or figure target in the next drawing; undefined for anything else. */
function focusSelector(element: Element): string | undefined {
  if (element.matches('rect.legal'))
    return `rect.legal[data-x="${element.getAttribute('data-x')}"][data-y="${element.getAttribute('data-y')}"]`;
  if (element.matches('rect.target')) return `rect.target[data-target="${element.getAttribute('data-target')}"]`;
  return undefined;
}
