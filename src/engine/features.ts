/**
 * The features as a union-find over segments (one segment = one feature of one placed tile).
 * Every per-feature fact (open ends, pennants, size, member list) lives on the root, so joining
 * two features touches only their roots and a placement only the segments it connects.
 * Typed arrays of the narrowest width each fact needs: a copy is a handful of memcpys, and a game
 * cached by the service holds them off the collector's heap at half the size (zeros.ts).
 *
 * The members of a feature are a linked list threaded through `next`, starting at the root
 * (a root is always its list's first segment) and ending at `tail[root]`: a union appends one
 * list to the other in O(1), where concatenated arrays made a big field's every union copy
 * the whole field.
 */
import type { TileType } from './catalog.js';

export class Features {
  /** Segments in use; segment ids are handed out in placement order. */
  count = 0;
  parent: Int32Array;
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

  constructor(capacity: number) {
    this.parent = new Int32Array(capacity);
    this.tileOf = new Int16Array(capacity);
    this.kind = new Uint8Array(capacity);
    this.openEnds = new Int16Array(capacity);
    this.pennants = new Uint8Array(capacity);
    this.size = new Int32Array(capacity);
    this.next = new Int32Array(capacity);
    this.tail = new Int32Array(capacity);
  }

  copy(): Features {
    const fields: Pick<
      Features,
      'count' | 'parent' | 'tileOf' | 'kind' | 'openEnds' | 'pennants' | 'size' | 'next' | 'tail'
    > = {
      count: this.count,
      parent: this.parent.slice(),
      tileOf: this.tileOf.slice(),
      kind: this.kind.slice(),
      openEnds: this.openEnds.slice(),
      pennants: this.pennants.slice(),
      size: this.size.slice(),
      next: this.next.slice(),
      tail: this.tail.slice(),
    };
    return Object.assign(Object.create(Features.prototype) as Features, fields);
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
