/**
 * What placing a tile reads of it and of its neighbours, in flat tables by "turn": a tile type
 * at a rotation, numbered type.index * 4 + r. The same facts as TileType.rot[r] holds, for the
 * hot path: putTile reads them for the new tile and up to four neighbours at every placement,
 * and from a neighbour's PlacedTile through its type, the rotation list, the rotation and its
 * Int8Array was a chain of five dependent loads (docs/performance.md).
 */
import { MAX_TILE_TYPES, onTilesAdded, type TileType } from './catalog.js';

export const turnOf = (type: TileType, r: number): number => type.index * 4 + r;

/** [turn * 4 + d]: the road or city feature on side d, or -1 (filled as tiles are added). */
export const EDGE_FEATURE = new Int8Array(MAX_TILE_TYPES * 16);
/** [turn * 8 + h]: the field feature on half-side h (2d left, 2d + 1 right), or -1. */
export const HALF_FIELD = new Int8Array(MAX_TILE_TYPES * 32);

onTilesAdded((added) => {
  for (const t of added) {
    for (let r = 0; r < 4; r++) {
      const turn = turnOf(t, r);
      EDGE_FEATURE.set(t.rot[r].edgeFeature, turn * 4);
      HALF_FIELD.set(t.rot[r].half, turn * 8);
    }
  }
});
