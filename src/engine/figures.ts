/**
 * The figures on the board, with the occupancy index built from them on demand (see
 * occupancy.ts). A figure stands on a feature segment; one placed on a corner
 * also records the corner and stands on the field segment there.
 */
import type { Occupancy } from './occupancy.js';
import type { FigureKind } from './types.js';

export interface Figure {
  readonly owner: number;
  readonly kind: FigureKind;
  /** Segment the figure stands on (a corner figure: the field segment at its corner). */
  readonly seg: number;
  readonly key: number;
  readonly feature: number;
  /** Corner index for a figure on a corner, otherwise -1. */
  readonly corner: number;
}

export class Figures {
  list: Figure[] = [];
  /** Built on first use, kept up to date by add, rootsJoined and remove. */
  occ: Occupancy | null = null;

  copy(): Figures {
    const c = new Figures();
    c.list = this.list.slice();
    c.occ = this.occ && this.occ.copy();
    return c;
  }

  /**
   * The first figure of this kind (of this owner, when given) on the board. A scan, without a
   * closure: a board holds a dozen figures or so, and it runs after every tile.
   */
  find(kind: FigureKind, owner?: number): Figure | undefined {
    for (const f of this.list) if (f.kind === kind && (owner === undefined || f.owner === owner)) return f;
    return undefined;
  }

  add(f: Figure, root: number): void {
    this.list.push(f);
    this.occ?.add(root, f.kind, f.owner);
  }

  /** Takes a figure standing on `root` off the board; `find` gives a segment's root. */
  remove(f: Figure, root: number, find: (seg: number) => number): void {
    const i = this.list.indexOf(f);
    if (i >= 0) this.list.splice(i, 1);
    const occ = this.occ;
    if (occ === null) return;
    occ.clear(root);
    for (const o of this.list) if (find(o.seg) === root) occ.add(root, o.kind, o.owner);
  }

  rootsJoined(to: number, from: number): void {
    this.occ?.merge(to, from);
  }
}
