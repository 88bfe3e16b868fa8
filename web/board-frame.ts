/**
 * Where the view goes at the start of a turn (issue 40: late in a game most legal spots lay
 * outside the view, and "the whole board" drew figures at 8 px). The view frames the positions
 * to play at a tile size where figures are told apart: it zooms out only down to that size, and
 * past it pans to the window that holds the most positions (the hint's spot among them).
 * Pure: a box in the picture's units (100 per tile) from the screen's size and the positions.
 */
import type { Spot } from '../src/render/index.js';

export type Box = [number, number, number, number];
export const UNIT = 100;
/** The smallest readable tile, in CSS pixels: a figure is then about 15 px tall. */
export const MIN_TILE_PX = 64;
/** The tile size of a first view that has none to keep: figures clearly told apart. */
const FIRST_TILE_PX = 96;
/** Half a tile around the framed positions, so none touches the edge. */
const MARGIN = UNIT / 2;

/** CSS pixels per tile of a box shown in a host of this size (the SVG keeps its aspect: meet). */
export const tilePx = (box: Box, width: number, height: number): number =>
  Math.min(width / box[2], height / box[3]) * UNIT;

export const inside = (b: Box, p: Spot): boolean =>
  p.x * UNIT >= b[0] && p.y * UNIT >= b[1] && (p.x + 1) * UNIT <= b[0] + b[2] && (p.y + 1) * UNIT <= b[1] + b[3];

/**
 * The box that shows `spots` (non-empty) on a `width`×`height` host, keeping the tile size of
 * `current` where it is readable and shows them all; `must` (the hint's spot) is always inside.
 */
export function frame(spots: readonly Spot[], width: number, height: number, current?: Box, must?: Spot): Box {
  const xs = spots.map((p) => p.x);
  const ys = spots.map((p) => p.y);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs) + 1, Math.min(...ys), Math.max(...ys) + 1];
  const fit = Math.min(width / ((x1 - x0) * UNIT + 2 * MARGIN), height / ((y1 - y0) * UNIT + 2 * MARGIN)) * UNIT;
  const now = current ? tilePx(current, width, height) : FIRST_TILE_PX;
  if (fit >= MIN_TILE_PX) {
    const px = Math.min(Math.max(now, MIN_TILE_PX), fit);
    return centred(((x0 + x1) / 2) * UNIT, ((y0 + y1) / 2) * UNIT, width, height, px);
  }
  // They cannot all show at a readable size: the window (centred on one of them) that holds the most.
  let best: Box | undefined;
  let most = -1;
  for (const c of spots) {
    const box = centred((c.x + 0.5) * UNIT, (c.y + 0.5) * UNIT, width, height, MIN_TILE_PX);
    if (must && !inside(box, must)) continue;
    const n = spots.filter((p) => inside(box, p)).length;
    if (n > most) [best, most] = [box, n];
  }
  return best ?? centred(((must?.x ?? x0) + 0.5) * UNIT, ((must?.y ?? y0) + 0.5) * UNIT, width, height, MIN_TILE_PX);
}

/** The same box moved (not resized) so that `p` is inside it: the view pans to a spot it missed. */
export function reveal(box: Box, p: Spot): Box {
  if (inside(box, p)) return box;
  const shift = (lo: number, size: number, at: number) =>
    at * UNIT < lo ? at * UNIT - MARGIN / 2 : (at + 1) * UNIT > lo + size ? (at + 1) * UNIT + MARGIN / 2 - size : lo;
  return [shift(box[0], box[2], p.x), shift(box[1], box[3], p.y), box[2], box[3]];
}

const centred = (cx: number, cy: number, width: number, height: number, px: number): Box => {
  const w = (width / px) * UNIT;
  const h = (height / px) * UNIT;
  return [cx - w / 2, cy - h / 2, w, h];
};
