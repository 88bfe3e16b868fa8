/**
 * Figure targets big enough for a finger (issue 40: touch targets were 25-40 px, a target's
 * circle about 15). Each target gets a hit circle of at least TOUCH_PX across, whatever the
 * zoom, under the drawn targets; where two hit circles overlap, a press goes to the target whose
 * centre is nearest, so every target keeps the side of the overlap nearer to it.
 */

const SVG = 'http://www.w3.org/2000/svg';
/** The least touch target, in CSS pixels (WCAG 2.5.5, and the platforms' own guides). */
export const TOUCH_PX = 44;

const centre = (e: Element): [number, number] => [
  Number(e.getAttribute('x')) + Number(e.getAttribute('width')) / 2,
  Number(e.getAttribute('y')) + Number(e.getAttribute('height')) / 2,
];

/** Adds a hit circle under each drawn target of `svg`; sized by `sizeHits`. */
export function addHits(svg: SVGSVGElement): void {
  const drawn = svg.querySelector('g.targets');
  if (!drawn) return;
  const layer = document.createElementNS(SVG, 'g');
  layer.setAttribute('class', 'target-hits');
  layer.setAttribute('aria-hidden', 'true');
  for (const target of drawn.querySelectorAll('rect.target')) {
    const [cx, cy] = centre(target);
    const hit = layer.appendChild(document.createElementNS(SVG, 'circle'));
    hit.setAttribute('class', 'target-hit');
    hit.setAttribute('data-target', target.getAttribute('data-target') ?? '');
    hit.setAttribute('cx', String(cx));
    hit.setAttribute('cy', String(cy));
  }
  svg.insertBefore(layer, drawn);
}

/** Sets the hit circles' radius for the picture's scale now: `unitsPerPx` user units to a CSS pixel. */
export function sizeHits(svg: SVGSVGElement, unitsPerPx: number): void {
  for (const hit of svg.querySelectorAll('circle.target-hit')) {
    const target = svg.querySelector(`rect.target[data-target="${hit.getAttribute('data-target')}"]`);
    const own = target ? Number(target.getAttribute('width')) / 2 : 0;
    hit.setAttribute('r', (Math.max(own, (TOUCH_PX / 2) * unitsPerPx) + 0.5).toFixed(1));
  }
}

/**
 * The target a press at (clientX, clientY) takes: the drawn target under it, else the nearest
 * target whose hit circle holds the point; undefined for none.
 */
export function targetAt(svg: SVGSVGElement, e: { target: EventTarget | null; clientX: number; clientY: number }) {
  const on = (e.target as Element | null)?.closest?.('rect.target');
  if (on) return Number(on.getAttribute('data-target'));
  if (!(e.target as Element | null)?.closest?.('circle.target-hit')) return undefined;
  const m = svg.getScreenCTM()?.inverse();
  if (!m) return undefined;
  const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m);
  let best: number | undefined;
  let nearest = Infinity;
  for (const hit of svg.querySelectorAll('circle.target-hit')) {
    const d = Math.hypot(p.x - Number(hit.getAttribute('cx')), p.y - Number(hit.getAttribute('cy')));
    if (d <= Number(hit.getAttribute('r')) && d < nearest)
      [best, nearest] = [Number(hit.getAttribute('data-target')), d];
  }
  return best;
}
