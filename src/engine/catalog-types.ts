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

/**
 * Features of kinds the core does not know, which an expansion's tiles show (a river): each
 * expansion folder adds its own here from its vocabulary.ts (`name: { kind: 'name'; … }`), and
 * their schemas as `Expansion.tileFlags.features`. The core keeps a segment for each, so that a
 * tile's feature indices stay the catalog's, but it joins nothing, holds no figure and is never
 * scored; for edge matching its edges count as field edges (two field halves flank each), and
 * the expansion's placement rule (expansion.ts) says what may face them.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ExpansionFeatures {}

/** The core's feature kinds, by kind. */
interface CoreFeatures {
  city: { kind: 'city'; edges: Edge[]; pennants: number } & CityFlags;
  road: { kind: 'road'; edges: Edge[]; tunnel?: boolean; continuous?: boolean } & RoadFlags;
  field: { kind: 'field'; halfEdges: HalfEdge[]; adjacentCities: number[] };
  monastery: { kind: 'monastery' };
  abbey: { kind: 'abbey' };
}

/** Every feature kind, the core's and the expansions': a union of one member per kind. */
type Features = CoreFeatures & ExpansionFeatures;
export type FeatureDef = Features[keyof Features];

export interface TileDef {
  id: string;
  count: number;
  startTile?: boolean;
  features: FeatureDef[];
  wagonLinks: number[][];
}
