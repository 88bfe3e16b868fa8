/**
 * Who stands on which feature, keyed by union-find root. Built once from the figure list and
 * then kept up to date by the state that owns it: a union moves the absorbed root's entries
 * to the new root, a placed figure is added. A removed figure (rare: only after scoring)
 * makes the state build it afresh. Owned by one state: a clone builds its own.
 */
import type { State } from './state.js';
import type { FigureKind } from './types.js';

/** Followers count for majority; builder, pig and barn never do. */
export const isFollower = (k: FigureKind): boolean => k === 'meeple' || k === 'mayor' || k === 'wagon';

export class Occupancy {
  /** root -> bit mask of seats with a follower there (on a field: a farmer). */
  readonly followers = new Map<number, number>();
  /** roots holding any figure at all */
  readonly any = new Set<number>();
  /** field roots holding a barn */
  readonly barns = new Set<number>();

  constructor(g: State) {
    for (const f of g.figures) this.add(g.find(f.seg), f.kind, f.owner);
  }

  add(root: number, kind: FigureKind, owner: number): void {
    this.any.add(root);
    if (kind === 'barn') this.barns.add(root);
    else if (isFollower(kind)) this.followers.set(root, (this.followers.get(root) ?? 0) | (1 << owner));
  }

  /** Root `from` was joined under root `to`. */
  merge(to: number, from: number): void {
    if (!this.any.delete(from)) return;
    this.any.add(to);
    if (this.barns.delete(from)) this.barns.add(to);
    const mask = this.followers.get(from);
    if (mask !== undefined) {
      this.followers.delete(from);
      this.followers.set(to, (this.followers.get(to) ?? 0) | mask);
    }
  }

  hasFollower(root: number): boolean {
    return this.followers.has(root);
  }

  hasFollowerOf(root: number, seat: number): boolean {
    return ((this.followers.get(root) ?? 0) & (1 << seat)) !== 0;
  }
}
