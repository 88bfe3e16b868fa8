/**
 * The board picture in the page: the renderer's SVG, then pan (drag) and zoom (wheel, pinch
 * via buttons) by rewriting its viewBox, so the drawing stays sharp at every scale. The
 * zoom is kept across redraws; a redraw re-fits only when the board grows out of view.
 */
import type { Renderer, Spot, Target } from '../src/render/index.js';
import type { PublicState } from './api.js';

type Box = [number, number, number, number];

export class BoardView {
  private box: Box | undefined;
  private full: Box | undefined;
  private drag: { x: number; y: number; box: Box; moved: boolean } | undefined;

  constructor(
    private readonly host: HTMLElement,
    private readonly renderer: Renderer,
    private readonly onSpot: (spot: Spot) => void,
    /** A figure target chosen, by its index in the list given to draw(). */
    private readonly onTarget: (index: number) => void,
  ) {
    host.addEventListener('wheel', (e) => {
      e.preventDefault();
      this.zoom(e.deltaY > 0 ? 1.15 : 1 / 1.15);
    }, { passive: false });
    host.addEventListener('pointerdown', (e) => {
      if (this.box) this.drag = { x: e.clientX, y: e.clientY, box: [...this.box], moved: false };
    });
    host.addEventListener('pointermove', (e) => {
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
    host.addEventListener('pointerup', () => setTimeout(() => (this.drag = undefined)));
    host.addEventListener('click', (e) => {
      if (this.drag?.moved) return;
      const spot = (e.target as Element).closest('rect.legal');
      if (spot) this.onSpot({ x: Number(spot.getAttribute('data-x')), y: Number(spot.getAttribute('data-y')) });
      const target = (e.target as Element).closest('circle.target');
      if (target) this.onTarget(Number(target.getAttribute('data-target')));
    });
    // The targets are focusable buttons in the picture: Tab reaches them, Enter or Space takes one.
    host.addEventListener('keydown', (e) => {
      const target = (e.target as Element).closest('circle.target');
      if (!target || (e.key !== 'Enter' && e.key !== ' ')) return;
      e.preventDefault();
      this.onTarget(Number(target.getAttribute('data-target')));
    });
  }

  /** `targets`: figure targets with their labels (for screen readers), highlighted and clickable. */
  draw(state: PublicState, legal: readonly Spot[], targets: readonly (Target & { label: string })[] = []): void {
    this.host.innerHTML = this.renderer.board(state, { tilePx: 64, legal, targets });
    for (const circle of this.host.querySelectorAll('circle.target')) {
      const label = targets[Number(circle.getAttribute('data-target'))]?.label ?? '';
      circle.setAttribute('tabindex', '0');
      circle.setAttribute('role', 'button');
      circle.setAttribute('aria-label', label);
      circle.appendChild(document.createElementNS('http://www.w3.org/2000/svg', 'title')).textContent = label;
    }
    const svg = this.svg()!;
    svg.removeAttribute('width');
    svg.removeAttribute('height');
    svg.setAttribute('aria-label', describe(state));
    const full = svg.getAttribute('viewBox')!.split(' ').map(Number) as Box;
    this.full = full;
    const old = this.box;
    const inside = old && full[0] >= old[0] && full[1] >= old[1] && full[0] + full[2] <= old[0] + old[2] && full[1] + full[3] <= old[1] + old[3];
    this.setBox(inside ? old : full);
  }

  /** Marks the chosen figure target (an index of draw()'s list), or none. */
  markTarget(index: number | undefined): void {
    for (const c of this.host.querySelectorAll('circle.target')) c.classList.toggle('chosen', c.getAttribute('data-target') === String(index));
  }

  /**
   * Marks a hint's place: a highlighted position (no feature, no corner) or a figure target;
   * none when `place` is undefined. The picture is redrawn on every state, so the caller marks again.
   */
  markHint(place: { x: number; y: number; feature?: number; corner?: string } | undefined): void {
    const at = (e: Element) => place !== undefined && e.getAttribute('data-x') === String(place.x) && e.getAttribute('data-y') === String(place.y);
    const spot = place !== undefined && place.feature === undefined && place.corner === undefined;
    for (const r of this.host.querySelectorAll('rect.legal')) r.classList.toggle('hinted', spot && at(r));
    for (const c of this.host.querySelectorAll('circle.target')) {
      const same = place?.corner !== undefined ? c.getAttribute('data-corner') === place.corner : c.getAttribute('data-feature') === String(place?.feature);
      c.classList.toggle('hinted', !spot && at(c) && same);
    }
  }

  /** Marks the chosen position among the highlighted ones. */
  mark(spot: Spot): void {
    for (const r of this.host.querySelectorAll('rect.legal')) {
      const on = r.getAttribute('data-x') === String(spot.x) && r.getAttribute('data-y') === String(spot.y);
      r.classList.toggle('chosen', on);
    }
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

  private setBox(b: Box): void {
    this.box = b;
    this.svg()?.setAttribute('viewBox', b.map((v) => v.toFixed(1)).join(' '));
  }

  private svg(): SVGSVGElement | null {
    return this.host.querySelector('svg');
  }
}

/** The board in words, for the picture's label and the text list beside it. */
export function describe(state: PublicState): string {
  return `Board of ${state.tiles.length} tiles and ${state.figures.length} figures`;
}

export function boardLines(state: PublicState, name: (seat: number) => string): string[] {
  const lines = state.tiles.map((t) => `${t.tile} at (${t.x}, ${t.y}), turned ${t.rotation}°`);
  for (const f of state.figures) {
    const where = f.corner ? `${f.corner} corner` : `feature ${f.feature}`;
    lines.push(`${name(f.owner)}'s ${f.kind} at (${f.x}, ${f.y}), ${where}`);
  }
  return lines;
}
