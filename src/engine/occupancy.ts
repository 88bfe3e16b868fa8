/**
 * Who stands on which feature, keyed by union-find root. Built from the figure list (a few
 * dozen figures at most) and cached on the state until a tile or figure changes it
 * (State.occupancy); never mutated once built, so clones may share it.
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
