/**
 * What the page draws over the server's board picture to make others' turns followable (issue
 * 40: two bots moved within a second and only the last tile was framed): the tiles placed since
 * this seat's last turn, numbered in order; each scoring's points over its feature for a moment;
 * and tiles lit while a log line or a figure target is pointed at. The picture is redrawn on
 * every state, so the marks are drawn again after each redraw; a popup keeps its age across them.
 */
import type { LogEvent } from './api.js';
import { seatColour } from '../src/render/index.js';

const UNIT = 100;
const SVG = 'http://www.w3.org/2000/svg';
/** How long a scoring's points stay on the board (the CSS animation of `.popup` lasts as long). */
export const POPUP_MS = 2_500;

type Spot = { x: number; y: number };
export interface Numbered extends Spot {
  n: number;
  seat: number;
}

const isPlacement = (e: LogEvent): e is Extract<LogEvent, { type: 'tilePlaced' | 'abbeyPlaced' }> =>
  e.type === 'tilePlaced' || e.type === 'abbeyPlaced';

/**
 * The tiles placed since `seat`'s last placement, numbered 1… in the order they were placed. A
 * spectator (no seat) sees the last round: back to the last-placing seat's previous tile.
 */
export function sinceLastTurn(history: readonly (readonly LogEvent[])[], seat: number | undefined): Numbered[] {
  const found: { x: number; y: number; seat: number }[] = [];
  let stop = seat;
  for (let v = history.length - 1; v >= 0; v--) {
    const placed = (history[v] ?? []).filter(isPlacement).reverse();
    for (const e of placed) {
      stop ??= e.seat;
      if (e.seat === stop && (seat !== undefined || found.length > 0)) return numbered(found);
      found.push({ x: e.x, y: e.y, seat: e.seat });
    }
  }
  return numbered(found);
}

const numbered = (found: { x: number; y: number; seat: number }[]): Numbered[] =>
  found.reverse().map((p, i) => ({ ...p, n: i + 1 }));

/** Every board position an event names: its tile, its figure, its wagon's goal, a scored feature's tiles. */
export function spotsOf(e: LogEvent): Spot[] {
  const o = e as Partial<{ x: number; y: number; tiles: Spot[]; figure: Spot; to: Spot }>;
  if (Array.isArray(o.tiles)) return o.tiles;
  if (o.figure) return [o.figure];
  if (o.to) return [o.to];
  return typeof o.x === 'number' && typeof o.y === 'number' ? [{ x: o.x, y: o.y }] : [];
}

interface Popup {
  at: Spot;
  text: string;
  seat: number;
  since: number;
}
const popups: Popup[] = [];

/** A scoring told live: its points, per seat, over the middle of its feature. */
export function scored(e: LogEvent, now = Date.now()): void {
  if (e.type !== 'featureScored' && e.type !== 'goodsScored') return;
  const tiles = spotsOf(e);
  const at =
    tiles.length > 0
      ? { x: tiles.reduce((s, p) => s + p.x, 0) / tiles.length, y: tiles.reduce((s, p) => s + p.y, 0) / tiles.length }
      : undefined;
  if (!at) return;
  const points = (e as { points?: { seat: number; points: number }[] }).points ?? [];
  points.forEach((p, i) =>
    popups.push({ at: { x: at.x, y: at.y + i * 0.3 }, text: `+${p.points}`, seat: p.seat, since: now }),
  );
}

/** Draws the numbers and the popups still showing onto the board's picture, replacing those it drew before. */
export function drawMarks(host: HTMLElement, recent: readonly Numbered[], now = Date.now()): void {
  const svg = host.querySelector('svg');
  if (!svg) return;
  // The picture may be the one drawn before (board-view.ts leaves a picture unchanged in place): its marks go.
  svg.querySelector('g.marks')?.remove();
  const layer = svg.appendChild(document.createElementNS(SVG, 'g'));
  layer.setAttribute('class', 'marks');
  for (const r of recent) {
    const g = layer.appendChild(document.createElementNS(SVG, 'g'));
    g.setAttribute('class', 'recent');
    g.setAttribute('data-x', String(r.x));
    g.setAttribute('data-y', String(r.y));
    g.setAttribute('transform', `translate(${r.x * UNIT + 14} ${r.y * UNIT + 14})`);
    const c = g.appendChild(document.createElementNS(SVG, 'circle'));
    c.setAttribute('r', '11');
    c.setAttribute('fill', seatColour(r.seat));
    const t = g.appendChild(document.createElementNS(SVG, 'text'));
    t.setAttribute('dy', '0.35em');
    t.textContent = String(r.n);
  }
  for (let i = popups.length - 1; i >= 0; i--) if (now - popups[i].since >= POPUP_MS) popups.splice(i, 1);
  for (const p of popups) {
    const t = layer.appendChild(document.createElementNS(SVG, 'text'));
    t.setAttribute('class', 'popup');
    t.setAttribute('data-seat', String(p.seat));
    t.setAttribute('x', String((p.at.x + 0.5) * UNIT));
    t.setAttribute('y', String((p.at.y + 0.5) * UNIT));
    t.setAttribute('fill', seatColour(p.seat));
    // A redraw mid-animation resumes it where it was, not from the start.
    t.style.animationDelay = `-${now - p.since}ms`;
    t.textContent = p.text;
  }
  drawLights(svg, 'lit');
  drawLights(svg, 'claim');
}

/** The tiles lit now, by why: kept, so a redraw lights them again. */
const lit: Record<'lit' | 'claim', readonly Spot[]> = { lit: [], claim: [] };

/** Lights the tiles at `spots` with `cls` (replacing what that class lit before). */
export function light(host: HTMLElement, spots: readonly Spot[], cls: 'lit' | 'claim'): void {
  lit[cls] = spots;
  const svg = host.querySelector('svg');
  if (svg) drawLights(svg, cls);
}

function drawLights(svg: SVGSVGElement, cls: 'lit' | 'claim'): void {
  svg.querySelector(`g.lights.${cls}`)?.remove();
  if (lit[cls].length === 0) return;
  const g = svg.appendChild(document.createElementNS(SVG, 'g'));
  g.setAttribute('class', `lights ${cls}`);
  for (const p of lit[cls]) {
    const r = g.appendChild(document.createElementNS(SVG, 'rect'));
    for (const [k, v] of [
      ['data-x', p.x],
      ['data-y', p.y],
      ['x', p.x * UNIT + 3],
      ['y', p.y * UNIT + 3],
      ['width', UNIT - 6],
      ['height', UNIT - 6],
    ] as const)
      r.setAttribute(k, String(v));
  }
}
