/** The raw tile facts as written in the spec's tiles.json (rotation 0). */
import type { Direction } from './types.js';

export type Edge = Direction;
export type HalfEdge = `${Direction}${'L' | 'R'}`;

/**
 * What an expansion marks on a city or a road segment of its tiles (goods, an inn, a
 * cathedral): each expansion folder adds its optional members here from its vocabulary.ts
 * (a module augmentation), and their schemas as `Expansion.tileFlags`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface CityFlags {}
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface RoadFlags {}

export type FeatureDef =
  | ({ kind: 'city'; edges: Edge[]; pennants: number } & CityFlags)
  | ({ kind: 'road'; edges: Edge[]; tunnel?: boolean; continuous?: boolean } & RoadFlags)
  | { kind: 'field'; halfEdges: HalfEdge[]; adjacentCities: number[] }
  | { kind: 'monastery' }
  | { kind: 'abbey' };

export interface TileDef {
  id: string;
  count: number;
  startTile?: boolean;
  features: FeatureDef[];
  wagonLinks: number[][];
}
