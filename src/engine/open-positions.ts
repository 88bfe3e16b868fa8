/**
 * The empty positions next to a placed tile, each with its edge requirement packed in one
 * number: `req | mask << 8 | neighbours << 16`, where `req` holds the 2-bit edge code each
 * placed neighbour shows and `mask` marks those edges. A tile rotation fits when
 * `(signature & mask) === req` (fitOf, the only place the test is written, tabled once per
 * tile type in fittingRotations), so "fits anywhere" scans only the open positions.
 *
 * The positions are kept in the order they first opened (the order of the legal placeTile
 * moves) in two arrays of small integers, a filled position leaving a 0 behind (a live entry counts at
 * least one neighbour, so it is never 0) until a compaction squeezes the gaps out in order.
 * Listing the placements scans these arrays: the same scan over a Map's entries (forEach and
 * a callback) was a fifth of a random game's time (docs/performance.md).
 */
import { MAX_TILE_TYPES, onTilesAdded, type TileType } from './catalog.js';
import { KeyGrid } from './key-grid.js';
import { PASS, placeTileMoves } from './shared-moves.js';
import type { Move } from './types.js';
import { zeros } from './zeros.js';

/** The rotations of a tile (its four edge signatures) that fit an entry: bit r for rotation r. */
function fitOf(sigs: TileType['sigs'], entry: number): number {
  const req = entry & 0xff;
  const mask = (entry >> 8) & 0xff;
  return (
    ((sigs[0] & mask) === req ? 1 : 0) |
    ((sigs[1] & mask) === req ? 2 : 0) |
    ((sigs[2] & mask) === req ? 4 : 0) |
    ((sigs[3] & mask) === req ? 8 : 0)
  );
}

/**
 * fitOf for every tile type and every requirement, made once: a neighbour's edge code is never
 * 0, so `req` alone says which edges are constrained (its nonzero 2-bit fields) and the mask
 * follows from it. The fit test of a listing is then one typed-array read. A live entry has a
 * neighbour, so its `req` is never 0: that row stays 0, and a filled slot (entry 0) fits
 * nothing without a test of its own.
 */
const FITS = new Uint8Array(MAX_TILE_TYPES * 256);
onTilesAdded((added) => {
  for (const t of added) {
    for (let req = 1; req < 256; req++) {
      let mask = 0;
      for (let d = 0; d < 4; d++) if ((req >> (d * 2)) & 3) mask |= 3 << (d * 2);
      FITS[t.index * 256 + req] = fitOf(t.sigs, req | (mask << 8));
    }
  }
});

/** The rotations of a tile type that fit an entry: bit r for rotation r. */
export const fittingRotations = (type: TileType, entry: number): number => FITS[(type.index << 8) | (entry & 0xff)];

/**
 * The placements a listing found, before they are copied out at their exact length: pushing
 * into a new array grew it two or three times per listing, a third of a random game's
 * allocation (docs/performance.md). Reused by every listing; nothing else holds it.
 */
const found: Move[] = [];

/**
 * The moves array a game starts with, room for 64 open positions (PASS as a stand-in): grown
 * from empty at every new position, it was copied into a larger one five times per game.
 */
const FIRST_MOVES: Move[] = [];
for (let i = 0; i < 4 * 64; i++) FIRST_MOVES.push(PASS);

/** An open position with tiles on all four sides. */
const isHoleEntry = (entry: number): boolean => entry >> 16 === 4;

export class OpenPositions {
  /** Position key -> its slot in `keys` and `entries` + 1 (0: not open). */
  private slotAt = new KeyGrid();
  /** Open positions (slots in use that are not filled). */
  private live = 0;
  /** Slot -> position key, and its packed entry (0: filled since). */
  keys = zeros(64);
  entries = zeros(64);
  /**
   * Slot s's four placeTile moves (shared values, shared-moves.ts) at 4s … 4s + 3, side by side
   * in slot order: a listing reads them in sequence, where an array per slot (scattered over
   * the heap) cost it a cache miss per slot.
   */
  moves: Move[] = FIRST_MOVES.slice();
  /** Slots in use, filled ones included. */
  length = 0;
  /** How many entries are holes: the abbey asks at every turn, and there rarely is one. */
  holeCount = 0;

  copy(): OpenPositions {
    const c = Object.create(OpenPositions.prototype) as OpenPositions;
    c.slotAt = this.slotAt.copy();
    c.live = this.live;
    c.keys = this.keys.slice(0, this.length);
    c.entries = this.entries.slice(0, this.length);
    c.moves = this.moves.slice(0, 4 * this.length);
    c.length = this.length;
    c.holeCount = this.holeCount;
    return c;
  }

  has(key: number): boolean {
    return this.slotAt.get(key) !== 0;
  }

  private entry(key: number): number {
    const s = this.slotAt.get(key);
    return s === 0 ? 0 : this.entries[s - 1];
  }

  /** A tile went down at `key`. */
  delete(key: number): void {
    const s = this.slotAt.get(key) - 1;
    if (s < 0) return;
    if (isHoleEntry(this.entries[s])) this.holeCount -= 1;
    this.entries[s] = 0;
    this.slotAt.set(key, 0);
    this.live -= 1;
    // Filled slots are squeezed out once they are a third of the scan: a listing then
    // reads half again as many slots as there are positions at most.
    const filled = this.length - this.live;
    if (filled >= 8 && filled * 3 > this.length) this.compact();
  }

  /** The empty position `key` gets a neighbour showing edge code `code` on its side `d`. */
  addEdge(key: number, d: number, code: number): void {
    let s = this.slotAt.get(key) - 1;
    if (s < 0) s = this.open(key);
    const v = this.entries[s];
    const req = (v & 0xff) | (code << (d * 2));
    const mask = ((v >> 8) & 0xff) | (3 << (d * 2));
    const entry = req | (mask << 8) | (((v >> 16) + 1) << 16);
    if (isHoleEntry(entry)) this.holeCount += 1;
    this.entries[s] = entry;
  }

  /** A fresh slot at the end for a newly open position. */
  private open(key: number): number {
    // Past the arrays' end this appends: a plain array grows by itself.
    const s = this.length++;
    this.keys[s] = key;
    this.entries[s] = 0;
    const row = placeTileMoves(key);
    const at = 4 * s;
    this.moves[at] = row[0];
    this.moves[at + 1] = row[1];
    this.moves[at + 2] = row[2];
    this.moves[at + 3] = row[3];
    this.slotAt.set(key, s + 1);
    this.live += 1;
    return s;
  }

  /** Squeezes out the filled slots, keeping the order. */
  private compact(): void {
    let n = 0;
    for (let s = 0; s < this.length; s++) {
      const v = this.entries[s];
      if (v === 0) continue;
      const key = this.keys[s];
      this.keys[n] = key;
      this.entries[n] = v;
      for (let r = 0; r < 4; r++) this.moves[4 * n + r] = this.moves[4 * s + r];
      this.slotAt.set(key, n + 1);
      n++;
    }
    // `moves` keeps its stale tail: cut to length, it lost its room, to be copied into a new
    // array as positions open again.
    this.length = n;
  }

  fits(type: TileType, key: number, r: number): boolean {
    return ((fittingRotations(type, this.entry(key)) >> r) & 1) === 1;
  }

  /** Can the tile type go anywhere in some rotation? */
  fitsAnywhere(type: TileType): boolean {
    for (let s = 0; s < this.length; s++) if (fittingRotations(type, this.entries[s]) !== 0) return true;
    return false;
  }

  /** Every placement of a tile type: by open position in the order they opened, then by rotation. */
  placements(type: TileType): Move[] {
    const { length, entries, moves } = this;
    // Room for every rotation of every slot, so that the loop below always writes in bounds.
    while (found.length < 4 * length) found.push(moves[0]);
    let n = 0;
    for (let s = 0; s < length; s++) {
      // Without a branch: each of the four moves is written, and kept (n advances) when its
      // rotation fits. Whether a position fits is a coin toss to the processor, and the
      // branches of the tests were most of a listing's time (docs/performance.md).
      const fit = fittingRotations(type, entries[s]);
      const at = 4 * s;
      found[n] = moves[at];
      n += fit & 1;
      found[n] = moves[at + 1];
      n += (fit >> 1) & 1;
      found[n] = moves[at + 2];
      n += (fit >> 2) & 1;
      found[n] = moves[at + 3];
      n += fit >> 3;
    }
    return found.slice(0, n);
  }

  holes(): number[] {
    const out: number[] = [];
    if (this.holeCount === 0) return out;
    for (let s = 0; s < this.length; s++) if (isHoleEntry(this.entries[s])) out.push(this.keys[s]);
    return out;
  }

  isHole(key: number): boolean {
    return isHoleEntry(this.entry(key));
  }
}
