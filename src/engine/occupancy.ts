/**
 * Who stands on which feature, computed once per query from the figure list (a few dozen
 * figures at most), keyed by union-find root.
 */
import type { State } from './state.js';
import { isFollower } from './state.js';

export class Occupancy {
  /** root -> bit mask of seats with a follower there (on a field: a farmer). */
  readonly followers = new Map<number, number>();
  /** roots holding any figure at all */
  readonly any = new Set<number>();
  /** field roots holding a barn */
  readonly barns = new Set<number>();

  constructor(g: State) {
    for (const f of g.figures) {
      const r = g.find(f.seg);
      this.any.add(r);
      if (f.kind === 'barn') this.barns.add(r);
      else if (isFollower(f.kind)) this.followers.set(r, (this.followers.get(r) ?? 0) | (1 << f.owner));
    }
  }

  hasFollower(root: number): boolean {
    return this.followers.has(root);
  }

  hasFollowerOf(root: number, seat: number): boolean {
    return ((this.followers.get(root) ?? 0) & (1 << seat)) !== 0;
  }
}
