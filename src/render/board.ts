/**
 * The board as one SVG document: the tiles' fragments moved into place, the legal positions,
 * the last placed tile's frame, then the figures on top (barns on their tile corner). The
 * output depends only on the inputs, in their order: the same state gives the same bytes.
 */
import type { Corner, FigureKind } from '../engine/index.js';
import { FARMERS } from './expansion-art.js';
import { at, figureShape, seatColour, STYLE } from './symbols.js';
import { num, UNIT } from './svg.js';
import type { TileArtBook } from './tile-art.js';
import type { BoardOptions, BoardView, Rotation, Target, TileOptions } from './types.js';

export const TILE_PX = { min: 16, max: 256, default: 64 } as const;
const MARGIN = 0.3;
/** A figure target's height (a circle's diameter), and how far apart the shapes in one stand. */
const TARGET_SIZE = 24;
const TARGET_STEP = 16;

const clampPx = (px: number | undefined) =>
  Math.min(TILE_PX.max, Math.max(TILE_PX.min, Math.round(px ?? TILE_PX.default)));

function open(viewBox: [number, number, number, number], tilePx: number, title: string): string {
  const [x, y, w, h] = viewBox;
  const px = (v: number) => num((v / UNIT) * tilePx);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="${px(w)}" height="${px(h)}" viewBox="${num(x)} ${num(y)} ${num(w)} ${num(h)}" role="img">` +
    `<title>${title}</title><style>${STYLE}</style>`
  );
}

/** Where a barn stands: the tile's corner point. */
const CORNER_OFFSET: Readonly<Record<Corner, readonly [number, number]>> = {
  NE: [1, 0],
  SE: [1, 1],
  SW: [0, 1],
  NW: [0, 0],
};

export function renderTile(book: TileArtBook, id: string, options: TileOptions = {}): string | undefined {
  const rotation: Rotation = options.rotation ?? 0;
  const art = book.art(id, rotation);
  if (!art) return undefined;
  return `${open([0, 0, UNIT, UNIT], clampPx(options.tilePx), `Tile ${id}, rotation ${rotation}`)}<g class="tile" data-tile="${id}" data-rotation="${rotation}">${art.fragment}</g></svg>`;
}

export function renderBoard(book: TileArtBook, view: BoardView, options: BoardOptions = {}): string {
  const legal = options.legal ?? [];
  const ghost = options.ghost;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const p of [...view.tiles, ...legal, ...(ghost ? [ghost] : [])]) {
    minX = Math.min(minX, p.x);
    minY = Math.min(minY, p.y);
    maxX = Math.max(maxX, p.x);
    maxY = Math.max(maxY, p.y);
  }
  if (minX === Infinity) minX = minY = maxX = maxY = 0;
  const viewBox: [number, number, number, number] = [
    (minX - MARGIN) * UNIT,
    (minY - MARGIN) * UNIT,
    (maxX - minX + 1 + 2 * MARGIN) * UNIT,
    (maxY - minY + 1 + 2 * MARGIN) * UNIT,
  ];
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const title = `Board: ${plural(view.tiles.length, 'tile')}, ${plural(view.figures.length, 'figure')}`;
  let s = open(viewBox, clampPx(options.tilePx), title);
  s += `<rect fill="#ece6d6" x="${num(viewBox[0])}" y="${num(viewBox[1])}" width="${num(viewBox[2])}" height="${num(viewBox[3])}"/>`;

  const anchorsAt = new Map<string, readonly (readonly [number, number])[]>();
  const tileAt = new Map<string, string>();
  s += '<g class="tiles">';
  for (const t of view.tiles) {
    const art = book.art(t.tile, t.rotation);
    s += `<g class="tile" data-tile="${t.tile}" data-x="${t.x}" data-y="${t.y}" data-rotation="${t.rotation}" ${at(t.x * UNIT, t.y * UNIT)}>`;
    s += art ? art.fragment : `<rect class="fd" width="${UNIT}" height="${UNIT}"/>`;
    s += '</g>';
    if (art) anchorsAt.set(`${t.x},${t.y}`, art.anchors);
    tileAt.set(`${t.x},${t.y}`, t.tile);
  }
  s += '</g>';

  if (legal.length > 0) {
    s += '<g class="legal-spots">';
    for (const p of legal)
      s += `<rect class="legal" data-x="${p.x}" data-y="${p.y}" x="${p.x * UNIT + 4}" y="${p.y * UNIT + 4}" width="${UNIT - 8}" height="${UNIT - 8}" rx="6"/>`;
    s += '</g>';
  }

  if (ghost) {
    const art = book.art(ghost.tile, ghost.rotation);
    s += `<g class="ghost" data-tile="${ghost.tile}" data-x="${ghost.x}" data-y="${ghost.y}" data-rotation="${ghost.rotation}" ${at(ghost.x * UNIT, ghost.y * UNIT)}>${art?.fragment ?? ''}</g>`;
    s += `<rect class="ghost-frame" x="${ghost.x * UNIT + 2.5}" y="${ghost.y * UNIT + 2.5}" width="${UNIT - 5}" height="${UNIT - 5}"/>`;
  }

  // The start tile alone was placed by no one: nothing to frame before the first move.
  const last = view.tiles.length > 1 ? view.tiles[view.tiles.length - 1] : undefined;
  if (last)
    s += `<rect class="last" data-x="${last.x}" data-y="${last.y}" x="${last.x * UNIT + 2.5}" y="${last.y * UNIT + 2.5}" width="${UNIT - 5}" height="${UNIT - 5}"/>`;

  s += '<g class="figures">';
  // Two figures on one spot (not reachable by the rules today) still both show, side by side.
  const crowd = new Map<string, number>();
  for (const f of view.figures) {
    const [px, py] = figurePoint(f, anchorsAt.get(`${f.x},${f.y}`));
    const spot = `${num(px)},${num(py)}`;
    const n = crowd.get(spot) ?? 0;
    crowd.set(spot, n + 1);
    const where = f.kind === 'barn' ? `data-corner="${f.corner}"` : `data-feature="${f.feature}"`;
    const turn = lying(book, tileAt, f) ? ' rotate(-90)' : '';
    s += `<g class="fig" data-kind="${f.kind}" data-seat="${f.owner}" data-x="${f.x}" data-y="${f.y}" ${where} fill="${seatColour(f.owner)}" transform="translate(${num(px + n * 14)} ${num(py)}) scale(.8)${turn}">${figureShape(f.kind)}</g>`;
  }
  s += '</g>';
  const targets = options.targets ?? [];
  if (targets.length > 0) {
    s += '<g class="targets">';
    targets.forEach((target, i) => {
      const [px, py] = figurePoint(target, anchorsAt.get(`${target.x},${target.y}`));
      const where = target.corner ? `data-corner="${target.corner}"` : `data-feature="${target.feature}"`;
      // A pill (a circle for one) around the shapes of every figure that may go there, in one
      // row: a tile's features mostly lie one above another, so its targets stay apart.
      const figures = target.figures ?? [];
      const [w, h] = [TARGET_SIZE + Math.max(0, figures.length - 1) * TARGET_STEP, TARGET_SIZE];
      const kinds = figures.length > 0 ? ` data-figures="${figures.join(' ')}"` : '';
      s += `<rect class="target" data-target="${i}" data-x="${target.x}" data-y="${target.y}" ${where}${kinds} x="${num(px - w / 2)}" y="${num(py - h / 2)}" width="${num(w)}" height="${num(h)}" rx="${TARGET_SIZE / 2}"/>`;
      figures.forEach((kind, n) => {
        const turn = lying(book, tileAt, { ...target, kind }) ? ' rotate(-90)' : '';
        const x = px + (n - (figures.length - 1) / 2) * TARGET_STEP;
        s += `<g class="target-fig" data-target="${i}" data-kind="${kind}" transform="translate(${num(x)} ${num(py)}) scale(.5)${turn}">${figureShape(kind)}</g>`;
      });
    });
    s += '</g>';
  }
  return `${s}</svg>`;
}

/** A meeple (or an expansion's farmer: the large meeple) on a field is a farmer, and lies down: told apart from a knight or a thief by its shape. */
function lying(book: TileArtBook, tileAt: ReadonlyMap<string, string>, f: Target & { kind: FigureKind }): boolean {
  if (!FARMERS.has(f.kind) || f.feature === undefined) return false;
  const tile = tileAt.get(`${f.x},${f.y}`);
  return tile !== undefined && book.featureKind(tile, f.feature) === 'field';
}

/** Where a figure stands, or may stand: a barn on its corner, others on their feature's anchor. */
function figurePoint(f: Target, anchors: readonly (readonly [number, number])[] | undefined): [number, number] {
  if (f.corner) {
    const [dx, dy] = CORNER_OFFSET[f.corner];
    return [(f.x + dx) * UNIT, (f.y + dy) * UNIT];
  }
  const a = (f.feature !== undefined && anchors?.[f.feature]) || [0.5, 0.5];
  return [(f.x + a[0]) * UNIT, (f.y + a[1]) * UNIT];
}
