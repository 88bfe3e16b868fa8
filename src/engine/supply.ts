/**
 * The figures each seat still holds, per figure kind: one flat typed array (seat-major), so a
 * copy is one memcpy.
 */
import { FIGURE_KINDS, type FigureKind } from './types.js';

export const FIGURE_INDEX = Object.fromEntries(FIGURE_KINDS.map((k, i) => [k, i])) as Record<FigureKind, number>;
const KINDS = FIGURE_KINDS.length;

export class Supply {
  private counts: Int16Array;

  /** Every seat starts with `start[FIGURE_INDEX[kind]]` figures of each kind. */
  constructor(players: number, start: readonly number[]) {
    this.counts = new Int16Array(players * KINDS);
    for (let seat = 0; seat < players; seat++) this.counts.set(start, seat * KINDS);
  }

  copy(): Supply {
    const c = Object.create(Supply.prototype) as Supply;
    c.counts = this.counts.slice();
    return c;
  }

  count(seat: number, kind: FigureKind): number {
    return this.counts[seat * KINDS + FIGURE_INDEX[kind]];
  }

  /** count() by FIGURE_INDEX, for a caller that looked the index up once. */
  countAt(seat: number, kindIndex: number): number {
    return this.counts[seat * KINDS + kindIndex];
  }

  take(seat: number, kind: FigureKind): void {
    this.counts[seat * KINDS + FIGURE_INDEX[kind]] -= 1;
  }

  give(seat: number, kind: FigureKind): void {
    this.counts[seat * KINDS + FIGURE_INDEX[kind]] += 1;
  }
}
