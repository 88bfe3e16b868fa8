/**
 * The board as a picture: a pure, deterministic SVG renderer over plain data (the tile
 * catalog of GET /tiles and the public state of GET /games/{id}). No I/O and no Node-only
 * module, so the service and a web page use the same code.
 *
 *   const renderer = createRenderer(catalog);
 *   renderer.board(state, { tilePx: 64, legal: [{ x, y }] })  -> SVG text
 *   renderer.tile('base/D', { rotation: 90 })                  -> SVG text, or undefined
 */
import { renderBoard, renderTile, TILE_PX } from './board.js';
import { TileArtBook } from './tile-art.js';
import type { BoardOptions, BoardView, RenderCatalog, TileOptions } from './types.js';

export type { BoardOptions, BoardView, Ghost, RenderCatalog, Spot, Target, TileOptions } from './types.js';
export { figureIcon, SEAT_COLOURS, seatColour } from './symbols.js';
export { TILE_PX };

export interface Renderer {
  board(view: BoardView, options?: BoardOptions): string;
  /** One tile; undefined for an id the catalog does not have. */
  tile(id: string, options?: TileOptions): string | undefined;
  /** Where a figure on a feature of a tile stands, in tile units (0..1), after rotation. */
  anchor(id: string, rotation: TileOptions['rotation'], feature: number): readonly [number, number] | undefined;
}

export function createRenderer(catalog: RenderCatalog): Renderer {
  const book = new TileArtBook(catalog);
  return {
    board: (view, options) => renderBoard(book, view, options),
    tile: (id, options) => renderTile(book, id, options),
    anchor: (id, rotation, feature) => book.art(id, rotation ?? 0)?.anchors[feature],
  };
}
