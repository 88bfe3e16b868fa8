/**
 * Who stands on which feature, keyed by union-find root. Built once from the figure list and
 * then kept up to date by the state that owns it: a union moves the absorbed root's entries
 * to the new root, a placed figure is added, a removed one has its root counted again from
 * the figures left there. Owned by one state: a copy of the state gets a copy.
 * Whether a figure is a follower comes from its figure rule (a strength), never its name.
 * Two bit masks per segment in typed arrays (only roots' are ever set): cheaper to read than
 * maps on the legal-move and scoring paths, and built in one allocation.
 */
import type { Config } from './config.js';
import type { Figure } from './figures.js';
import { FIGURE_INDEX } from './supply.js';
import type { FigureKind, RuleViolation } from './types.js';

export class Occupancy {
  /** root -> bit mask of seats with a follower there (on a field: a farmer); MAX_PLAYERS <= 8. */
  private readonly followers: Uint8Array;
  /** root -> bit mask (by FIGURE_INDEX) of the figure kinds standing there. */
  private readonly kinds: Uint16Array<ArrayBuffer>;
  private readonly cfg: Config;

  /** Both tables on one buffer: one allocation off the heap instead of two (features.ts). */
  private constructor(cfg: Config, buffer = new ArrayBuffer(3 * cfg.capacity)) {
    this.cfg = cfg;
    this.kinds = new Uint16Array(buffer, 0, cfg.capacity);
    this.followers = new Uint8Array(buffer, 2 * cfg.capacity, cfg.capacity);
  }

  /** The occupancy of these figures; `find` gives a segment's root. */
  static of(cfg: Config, figures: readonly Figure[], find: (seg: number) => number): Occupancy {
    const occupancy = new Occupancy(cfg);
    for (const f of figures) occupancy.add(find(f.seg), f.kind, f.owner);
    return occupancy;
  }

  /**
   * For a copy of the game: a copy's features have the same roots (features.ts copies the
   * union-find as it is), so the same entries hold, and one memcpy is cheaper than building
   * them again.
   */
  copy(): Occupancy {
    return new Occupancy(this.cfg, this.kinds.buffer.slice(0));
  }

  add(root: number, kind: FigureKind, owner: number): void {
    this.kinds[root] |= 1 << FIGURE_INDEX[kind];
    if (this.cfg.followers[kind]) this.followers[root] |= 1 << owner;
  }

  /** Forgets every figure on a root (before the ones left there are added again). */
  clear(root: number): void {
    this.kinds[root] = 0;
    this.followers[root] = 0;
  }

  /** Root `from` was joined under root `to`. */
  merge(to: number, from: number): void {
    const kinds = this.kinds[from];
    if (kinds === 0) return;
    this.kinds[from] = 0;
    this.kinds[to] |= kinds;
    this.followers[to] |= this.followers[from];
    this.followers[from] = 0;
  }

  /** Does any figure stand on the feature? */
  holdsAny(root: number): boolean {
    return this.kinds[root] !== 0;
  }

  holds(root: number, kind: FigureKind): boolean {
    return (this.kinds[root] & (1 << FIGURE_INDEX[kind])) !== 0;
  }

  hasFollower(root: number): boolean {
    return this.followers[root] !== 0;
  }

  hasFollowerOf(root: number, seat: number): boolean {
    return (this.followers[root] & (1 << seat)) !== 0;
  }

  /** Why no follower may join the feature: a figure there excludes them (the rule's refusal). */
  exclusion(root: number): RuleViolation | null {
    const mask = this.kinds[root];
    if (mask === 0) return null;
    for (const [kind, refusal] of this.cfg.excluders) if (mask & (1 << FIGURE_INDEX[kind])) return refusal;
    return null;
  }
}
