/**
 * The empty positions next to a placed tile, each with its edge requirement packed in one
 * number: `req | mask << 8 | neighbours << 16`, where `req` holds the 2-bit edge code each
 * placed neighbour shows and `mask` marks those edges. A tile rotation fits when
 * `(signature & mask) === req` (fittingRotations, the only place the test is written), so
 * "fits anywhere" scans only the open positions.
 */
import type { TileType } from './catalog.js';

/** The rotations of a tile (its four edge signatures) that fit an entry: bit r for rotation r. */
export function fittingRotations(sigs: TileType['sigs'], entry: number): number {
  const req = entry & 0xff;
  const mask = (entry >> 8) & 0xff;
  return (
    ((sigs[0] & mask) === req ? 1 : 0) |
    ((sigs[1] & mask) === req ? 2 : 0) |
    ((sigs[2] & mask) === req ? 4 : 0) |
    ((sigs[3] & mask) === req ? 8 : 0)
  );
}

/** An open position with tiles on all four sides. */
const isHoleEntry = (entry: number): boolean => entry >> 16 === 4;

export class OpenPositions {
  /** key -> packed entry (see above). */
  entries = new Map<number, number>();
  /** How many entries are holes: the abbey asks at every turn, and there rarely is one. */
  holeCount = 0;

  copy(): OpenPositions {
    const c = new OpenPositions();
    c.entries = new Map(this.entries);
    c.holeCount = this.holeCount;
    return c;
  }

  has(key: number): boolean {
    return this.entries.has(key);
  }

  /** A tile went down at `key`. */
  delete(key: number): void {
    const v = this.entries.get(key);
    if (v !== undefined && isHoleEntry(v)) this.holeCount -= 1;
    this.entries.delete(key);
  }

  /** The empty position `key` gets a neighbour showing edge code `code` on its side `d`. */
  addEdge(key: number, d: number, code: number): void {
    const v = this.entries.get(key) ?? 0;
    const req = (v & 0xff) | (code << (d * 2));
    const mask = ((v >> 8) & 0xff) | (3 << (d * 2));
    const entry = req | (mask << 8) | (((v >> 16) + 1) << 16);
    if (isHoleEntry(entry)) this.holeCount += 1;
    this.entries.set(key, entry);
  }

  fits(type: TileType, key: number, r: number): boolean {
    const v = this.entries.get(key);
    return v !== undefined && ((fittingRotations(type.sigs, v) >> r) & 1) === 1;
  }

  /** Can the tile type go anywhere in some rotation? */
  fitsAnywhere(type: TileType): boolean {
    for (const v of this.entries.values()) if (fittingRotations(type.sigs, v) !== 0) return true;
    return false;
  }

  holes(): number[] {
    const out: number[] = [];
    if (this.holeCount === 0) return out;
    this.entries.forEach((v, k) => {
      if (isHoleEntry(v)) out.push(k);
    });
    return out;
  }

  isHole(key: number): boolean {
    const v = this.entries.get(key);
    return v !== undefined && isHoleEntry(v);
  }
}
