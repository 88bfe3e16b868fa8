/**
 * What the renderer reads: plain data as the API answers it (GET /tiles, GET /games/{id}),
 * so the same module draws in the service and in a web page. Only types are imported from
 * the engine; nothing of its code is bundled.
 */
import type { BoardFigure, CatalogView, Corner, FigureKind, PublicState, Rotation } from '../engine/index.js';

export type { Rotation } from '../engine/index.js';
export type { Good } from '../engine/expansions/traders-builders/vocabulary.js';

/** The tile catalog as GET /tiles answers it. */
export type RenderCatalog = Pick<CatalogView, 'tiles'>;
export type CatalogTile = CatalogView['tiles'][number];

/** The part of the public state the board picture needs. */
export type BoardView = Pick<PublicState, 'tiles' | 'figures'>;
export type Figure = BoardFigure;

/** A board position, for the legal placements of the drawn tile. */
export interface Spot {
  x: number;
  y: number;
}

/** Where a figure may go: a feature of a placed tile, or (a barn) a corner of it. */
export interface Target {
  x: number;
  y: number;
  feature?: number;
  corner?: Corner;
  /** The figures that may go there (a knight, a mayor and a wagon may share a city): each shape is drawn in the target. */
  figures?: readonly FigureKind[];
}

/** The drawn tile shown where it would go, before the player confirms it. */
export interface Ghost {
  tile: string;
  x: number;
  y: number;
  rotation: Rotation;
}

export interface BoardOptions {
  /** Pixels per tile side (the picture's width and height follow it). */
  tilePx?: number;
  /** Positions to highlight: where the drawn tile (or the abbey) may go. */
  legal?: readonly Spot[];
  /** Figure targets to highlight, drawn over the figures; each carries its index (`data-target`). */
  targets?: readonly Target[];
  /** A tile not placed yet, drawn see-through over its position (the placement's preview). */
  ghost?: Ghost;
}

export interface TileOptions {
  rotation?: Rotation;
  tilePx?: number;
}
