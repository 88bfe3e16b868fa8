/**
 * A small number per board position (0 where nothing was set), in one typed array over the
 * rectangle of positions set so far, grown when a position outside it is set. The board
 * (tile by position) and the open positions (slot by position) are looked up several times per
 * placement: a read here is a bounds test and an array read where a `Map` hashed, and a copy
 * for play() is one memcpy of a few kilobytes (docs/performance.md, issue 27's third pass).
 *
 * Works on the key's coordinates as geometry.ts takes them apart (`xOf`, `yOf`).
 */
import { xOf, yOf } from './geometry.js';

/** Positions added around a growing edge, so that a game sprawling one way grows rarely. */
const MARGIN = 8;
/** The first rectangle reaches this far from the start tile (a 25 × 25 square, 1.25 kB). */
const FIRST_REACH = 12;

export class KeyGrid {
  /** The x and y of the rectangle's first cell; its width and height. */
  private col0 = -FIRST_REACH;
  private row0 = -FIRST_REACH;
  private width = 2 * FIRST_REACH + 1;
  private height = 2 * FIRST_REACH + 1;
  /** Column-major: cell (c, r) of the rectangle is at c * height + r. */
  private cells = new Int16Array(this.width * this.height);

  copy(): KeyGrid {
    const c = Object.create(KeyGrid.prototype) as KeyGrid;
    c.col0 = this.col0;
    c.row0 = this.row0;
    c.width = this.width;
    c.height = this.height;
    c.cells = this.cells.slice();
    return c;
  }

  get(key: number): number {
    const c = xOf(key) - this.col0;
    const r = yOf(key) - this.row0;
    // One unsigned compare per axis tests both ends of the rectangle.
    return c >>> 0 < this.width && r >>> 0 < this.height ? this.cells[c * this.height + r] : 0;
  }

  /** Sets a value (at most 32767); setting 0 outside the rectangle changes nothing. */
  set(key: number, value: number): void {
    const x = xOf(key);
    const y = yOf(key);
    let c = x - this.col0;
    let r = y - this.row0;
    if (c >>> 0 >= this.width || r >>> 0 >= this.height) {
      if (value === 0) return;
      this.grow(x, y);
      c = x - this.col0;
      r = y - this.row0;
    }
    this.cells[c * this.height + r] = value;
  }

  /** Widens the rectangle to the position (x, y), with a margin beyond it. */
  private grow(x: number, y: number): void {
    const col0 = Math.min(this.col0, x - MARGIN);
    const row0 = Math.min(this.row0, y - MARGIN);
    const width = Math.max(this.col0 + this.width, x + MARGIN + 1) - col0;
    const height = Math.max(this.row0 + this.height, y + MARGIN + 1) - row0;
    const cells = new Int16Array(width * height);
    // Column by column, element by element: a subarray per column cost more than the copy.
    for (let c = 0; c < this.width; c++) {
      const from = c * this.height;
      const to = (c + this.col0 - col0) * height + (this.row0 - row0);
      for (let r = 0; r < this.height; r++) cells[to + r] = this.cells[from + r];
    }
    this.col0 = col0;
    this.row0 = row0;
    this.width = width;
    this.height = height;
    this.cells = cells;
  }
}
