/**
 * Who stands on which feature, keyed by union-find root. Built once from the figure list and
 * then kept up to date by the state that owns it: a union moves the absorbed root's entries
 * to the new root, a placed figure is added. A removed figure (rare: only after scoring)
 * makes the state build it afresh. Owned by one state: a copy builds its own.
 * Whether a figure is a follower comes from its figure rule (a strength), never its name.
 */
import type { Config } from './config.js';
import type { Figure } from './figures.js';
import { FIGURE_INDEX } from './supply.js';
import type { FigureKind, RuleViolation } from './types.js';

export class Occupancy {
  /** root -> bit mask of seats with a follower there (on a field: a farmer). */
  private readonly followers = new Map<number, number>();
  /** root -> bit mask (by FIGURE_INDEX) of the figure kinds standing there. */
  private readonly kinds = new Map<number, number>();
  private readonly cfg: Config;

  constructor(cfg: Config, figures: readonly Figure[], find: (seg: number) => number) {
    this.cfg = cfg;
    for (const f of figures) this.add(find(f.seg), f.kind, f.owner);
  }

  add(root: number, kind: FigureKind, owner: number): void {
    this.kinds.set(root, (this.kinds.get(root) ?? 0) | (1 << FIGURE_INDEX[kind]));
    if (this.cfg.followers[kind]) this.followers.set(root, (this.followers.get(root) ?? 0) | (1 << owner));
  }

  /** Root `from` was joined under root `to`. */
  merge(to: number, from: number): void {
    const kinds = this.kinds.get(from);
    if (kinds === undefined) return;
    this.kinds.delete(from);
    this.kinds.set(to, (this.kinds.get(to) ?? 0) | kinds);
    const mask = this.followers.get(from);
    if (mask !== undefined) {
      this.followers.delete(from);
      this.followers.set(to, (this.followers.get(to) ?? 0) | mask);
    }
  }

  /** Does any figure stand on the feature? */
  holdsAny(root: number): boolean {
    return this.kinds.has(root);
  }

  holds(root: number, kind: FigureKind): boolean {
    return ((this.kinds.get(root) ?? 0) & (1 << FIGURE_INDEX[kind])) !== 0;
  }

  hasFollower(root: number): boolean {
    return this.followers.has(root);
  }

  hasFollowerOf(root: number, seat: number): boolean {
    return ((this.followers.get(root) ?? 0) & (1 << seat)) !== 0;
  }

  /** Why no follower may join the feature: a figure there excludes them (the rule's refusal). */
  exclusion(root: number): RuleViolation | null {
    const mask = this.kinds.get(root);
    if (mask === undefined) return null;
    for (const [kind, refusal] of this.cfg.excluders) if (mask & (1 << FIGURE_INDEX[kind])) return refusal;
    return null;
  }
}
