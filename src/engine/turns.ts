/**
 * What placing a tile reads of it and of its neighbours, in flat tables by "turn": a tile type
 * at a rotation, numbered type.index * 4 + r. The same facts as TileType.rot[r] holds, for the
 * hot path: putTile reads them for the new tile and up to four neighbours at every placement,
 * and from a neighbour's PlacedTile through its type, the rotation list, the rotation and its
 * Int8Array was a chain of five dependent loads (docs/performance.md).
 */
import { TILE_TYPES, onTilesAdded, type TileType } from './catalog.js';

export const turnOf = (type: TileType, r: number): number => type.index * 4 + r;

/** [turn * 4 + d]: the road or city feature on side d, or -1 (grown when tiles are added). */
export let EDGE_FEATURE = new Int8Array(0);
/** [turn * 8 + h]: the field feature on half-side h (2d left, 2d + 1 right), or -1. */
export let HALF_FIELD = new Int8Array(0);

onTilesAdded((added) => {
  const edge = new Int8Array(TILE_TYPES.length * 16);
  const half = new Int8Array(TILE_TYPES.length * 32);
  edge.set(EDGE_FEATURE);
  half.set(HALF_FIELD);
  [EDGE_FEATURE, HALF_FIELD] = [edge, half];
  for (const t of added) {
    for (let r = 0; r < 4; r++) {
      const turn = turnOf(t, r);
      EDGE_FEATURE.set(t.rot[r].edgeFeature, turn * 4);
      HALF_FIELD.set(t.rot[r].half, turn * 8);
    }
  }
});
