/**
 * The figures each seat still holds, per figure kind: one flat typed array (seat-major), so a
 * copy is one memcpy.
 */
import type { FigureKind } from './types.js';

/**
 * Each figure kind's index, the same in every game of the process: a kind gets the next one
 * when a registry first names it (registry.ts), so the indexes of kinds already named never move.
 */
export const FIGURE_INDEX = Object.create(null) as Record<FigureKind, number>;

export function registerFigureKinds(kinds: readonly FigureKind[]): void {
  for (const kind of kinds) FIGURE_INDEX[kind] ??= Object.keys(FIGURE_INDEX).length;
}

/** How many figure kinds a supply of these kinds holds (up to the highest index). */
export const supplySize = (kinds: readonly FigureKind[]): number => Math.max(...kinds.map((k) => FIGURE_INDEX[k])) + 1;

export class Supply {
  private counts: Int16Array;
  /** Kinds per seat: the length of the start supply. */
  private kinds: number;

  /** Every seat starts with `start[FIGURE_INDEX[kind]]` figures of each kind. */
  constructor(players: number, start: readonly number[]) {
    this.kinds = start.length;
    this.counts = new Int16Array(players * this.kinds);
    for (let seat = 0; seat < players; seat++) this.counts.set(start, seat * this.kinds);
  }

  copy(): Supply {
    const c = Object.create(Supply.prototype) as Supply;
    c.counts = this.counts.slice();
    c.kinds = this.kinds;
    return c;
  }

  count(seat: number, kind: FigureKind): number {
    return this.counts[seat * this.kinds + FIGURE_INDEX[kind]];
  }

  /** count() by FIGURE_INDEX, for a caller that looked the index up once. */
  countAt(seat: number, kindIndex: number): number {
    return this.counts[seat * this.kinds + kindIndex];
  }

  take(seat: number, kind: FigureKind): void {
    this.counts[seat * this.kinds + FIGURE_INDEX[kind]] -= 1;
  }

  give(seat: number, kind: FigureKind): void {
    this.counts[seat * this.kinds + FIGURE_INDEX[kind]] += 1;
  }
}
