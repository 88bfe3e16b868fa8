/**
 * The features as a union-find over segments (one segment = one feature of one placed tile).
 * Every per-feature fact (open ends, pennants, size, member list) lives on the root, so joining
 * two features touches only their roots and a placement only the segments it connects.
 * Typed arrays of the narrowest width each fact needs, on one buffer: a copy is one memcpy, and a
 * game cached by the service holds them off the collector's heap at half the size (zeros.ts).
 *
 * The members of a feature are a linked list threaded through `next`, starting at the root
 * (a root is always its list's first segment) and ending at `tail[root]`: a union appends one
 * list to the other in O(1), where concatenated arrays made a big field's every union copy
 * the whole field.
 */
import type { TileType } from './catalog.js';

/** Bytes per segment over the eight tables below: four of 4 bytes, two of 2, two of 1. */
const BYTES_PER_SEGMENT = 22;

export class Features {
  /** Segments in use; segment ids are handed out in placement order. */
  count = 0;
  parent: Int32Array<ArrayBuffer>;
  /** Placement index of each segment's tile. */
  tileOf: Int16Array;
  kind: Uint8Array;
  /** On a root: road or city edges not yet met by a neighbour. */
  openEnds: Int16Array;
  /** On a root: pennants of a city. */
  pennants: Uint8Array;
  /** On a root: its number of segments. */
  size: Int32Array;
  /** The next member of the same feature, or -1 after the last. */
  next: Int32Array;
  /** On a root: the last segment of its member list. */
  tail: Int32Array;

  /**
   * All eight tables are views on one buffer (the widest first, so that each view is aligned):
   * a typed array of its own is an allocation off the heap each, which made eight of them a
   * measurable share of creating and copying a game (docs/performance.md).
   */
  constructor(capacity: number, buffer = new ArrayBuffer(capacity * BYTES_PER_SEGMENT)) {
    this.parent = new Int32Array(buffer, 0, capacity);
    this.size = new Int32Array(buffer, 4 * capacity, capacity);
    this.next = new Int32Array(buffer, 8 * capacity, capacity);
    this.tail = new Int32Array(buffer, 12 * capacity, capacity);
    this.tileOf = new Int16Array(buffer, 16 * capacity, capacity);
    this.openEnds = new Int16Array(buffer, 18 * capacity, capacity);
    this.kind = new Uint8Array(buffer, 20 * capacity, capacity);
    this.pennants = new Uint8Array(buffer, 21 * capacity, capacity);
  }

  copy(): Features {
    const c = new Features(this.parent.length, this.parent.buffer.slice(0));
    c.count = this.count;
    return c;
  }

  /** One fresh segment per feature of a tile; returns the first segment id. */
  addTile(type: TileType, tileIndex: number): number {
    const base = this.count;
    for (let i = 0; i < type.kinds.length; i++) {
      const s = base + i;
      this.parent[s] = s;
      this.tileOf[s] = tileIndex;
      this.kind[s] = type.kinds[i];
      this.openEnds[s] = type.openEdges[i];
      this.pennants[s] = type.pennants[i];
      this.size[s] = 1;
      this.next[s] = -1;
      this.tail[s] = s;
    }
    this.count += type.kinds.length;
    return base;
  }

  find(s: number): number {
    const p = this.parent;
    let x = s;
    // Path halving: each visited segment points at its grandparent on the way up.
    while (p[x] !== x) {
      const g = p[p[x]];
      p[x] = g;
      x = g;
    }
    return x;
  }

  /** The member segments of a feature, in the order they joined it. */
  membersOf(root: number): number[] {
    const out: number[] = [];
    for (let s = root; s >= 0; s = this.next[s]) out.push(s);
    return out;
  }

  /** Joins two distinct roots, the smaller under the larger; returns the surviving root. */
  link(ra: number, rb: number): number {
    let to = ra,
      from = rb;
    if (this.size[ra] < this.size[rb]) {
      to = rb;
      from = ra;
    }
    this.parent[from] = to;
    this.openEnds[to] += this.openEnds[from];
    this.pennants[to] += this.pennants[from];
    this.size[to] += this.size[from];
    this.next[this.tail[to]] = from;
    this.tail[to] = this.tail[from];
    return to;
  }
}
