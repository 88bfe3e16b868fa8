/**
 * The features as a union-find over segments (one segment = one feature of one placed tile).
 * Every per-feature fact (open ends, pennants, member segments) lives on the root, so joining
 * two features touches only their roots and a placement only the segments it connects.
 * Typed arrays make a copy a handful of memcpys.
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
  /** On a root: its member segments; arrays are replaced, never mutated, so copies share them. */
  members: number[][];

  constructor(capacity: number) {
    this.parent = new Int32Array(capacity);
    this.tileOf = new Int16Array(capacity);
    this.kind = new Uint8Array(capacity);
    this.openEnds = new Int16Array(capacity);
    this.pennants = new Uint8Array(capacity);
    this.members = new Array<number[]>(capacity);
  }

  copy(): Features {
    // Members arrays are shared: they are replaced, never mutated.
    const fields: Pick<Features, 'count' | 'parent' | 'tileOf' | 'kind' | 'openEnds' | 'pennants' | 'members'> = {
      count: this.count,
      parent: this.parent.slice(),
      tileOf: this.tileOf.slice(),
      kind: this.kind.slice(),
      openEnds: this.openEnds.slice(),
      pennants: this.pennants.slice(),
      members: this.members.slice(),
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
      this.members[s] = [s];
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

  membersOf(root: number): readonly number[] {
    return this.members[root];
  }

  /** Joins two distinct roots, the smaller under the larger; returns the surviving root. */
  link(ra: number, rb: number): number {
    let to = ra, from = rb;
    if (this.membersOf(ra).length < this.membersOf(rb).length) { to = rb; from = ra; }
    this.parent[from] = to;
    this.openEnds[to] += this.openEnds[from];
    this.pennants[to] += this.pennants[from];
    this.members[to] = this.membersOf(to).concat(this.membersOf(from));
    return to;
  }
}
