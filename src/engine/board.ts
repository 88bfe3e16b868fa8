/**
 * The placed tiles: in placement order (a tile's index is its place in that list) and by
 * packed position key (geometry.ts) in a grid of placement index + 1 (key-grid.ts). Tiles are
 * only ever added.
 */
import type { TileType } from './catalog.js';
import { AROUND } from './geometry.js';
import { KeyGrid } from './key-grid.js';

export interface PlacedTile {
  readonly type: TileType;
  readonly key: number;
  readonly x: number;
  readonly y: number;
  /** Rotation in quarter turns clockwise. */
  readonly r: number;
  /** The type at this rotation, for the flat tables of turns.ts. */
  readonly turn: number;
  /** Segment id of feature 0; feature i is segment base + i. */
  readonly base: number;
  /** Index in Board.tiles. */
  readonly index: number;
}

export class Board {
  tiles: PlacedTile[] = [];
  /** Position key -> placement index + 1 (0: no tile). */
  private indexAt = new KeyGrid();
  /**
   * Per position, how many monasteries or abbeys stand on it or around it: the scoring step
   * asks after every tile, and the answer is one read.
   */
  private cloistersNear = new KeyGrid();

  copy(): Board {
    // Not `new Board()`: its two fresh grids (an allocation off the heap each) would be dropped at once.
    const c = Object.create(Board.prototype) as Board;
    c.tiles = this.tiles.slice();
    c.indexAt = this.indexAt.copy();
    c.cloistersNear = this.cloistersNear.copy();
    return c;
  }

  add(t: PlacedTile): void {
    this.tiles.push(t);
    this.indexAt.set(t.key, t.index + 1);
    if (t.type.cloister >= 0) {
      this.cloistersNear.set(t.key, this.cloistersNear.get(t.key) + 1);
      for (const a of AROUND) this.cloistersNear.set(t.key + a, this.cloistersNear.get(t.key + a) + 1);
    }
  }

  /** Does a cloister stand at `key` or around it? (Most placements have none near.) */
  cloisterNear(key: number): boolean {
    return this.cloistersNear.get(key) !== 0;
  }

  get(key: number): PlacedTile | undefined {
    const i = this.indexAt.get(key);
    return i === 0 ? undefined : this.tiles[i - 1];
  }

  has(key: number): boolean {
    return this.indexAt.get(key) !== 0;
  }

  /** The tile at a key that must hold one (an engine fault otherwise). */
  at(key: number): PlacedTile {
    const t = this.get(key);
    if (t === undefined) throw new Error(`engine fault: no tile at key ${key}`);
    return t;
  }

  /** The tile with a placement index. */
  tile(index: number): PlacedTile {
    const t = this.tiles[index];
    if (t === undefined) throw new Error(`engine fault: no tile ${index}`);
    return t;
  }

  /** Tiles in the 8 positions around a key. */
  neighbourCount(key: number): number {
    let n = 0;
    for (const a of AROUND) if (this.indexAt.get(key + a) !== 0) n++;
    return n;
  }
}
