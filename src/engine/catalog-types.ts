/** The raw tile facts as written in the spec's tiles.json (rotation 0). */
import type { Direction, Good } from './types.js';

export type Edge = Direction;
export type HalfEdge = `${Direction}${'L' | 'R'}`;

export type FeatureDef =
  | { kind: 'city'; edges: Edge[]; pennants: number; goods?: Good; cathedral?: true }
  | { kind: 'road'; edges: Edge[]; tunnel?: boolean; continuous?: boolean; inn?: true }
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
