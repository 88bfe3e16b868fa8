/**
 * A game's analysis as the store keeps it and the route answers it (`docs/analysis.md`), and
 * the one stored before standard errors and losses, read into today's shape.
 */
import type { Move } from '../../engine/index.js';
import type { DecisionReading, Mistake, Slide } from '../../bots/turning-points.js';

/** The stored analysis (`docs/analysis.md`): the HTTP answer's shape, less its status. */
export interface Analysis {
  gameId: string;
  /** Each seat's chance at the start, before the first decision, and its standard error. */
  start: number[];
  startSe: number[];
  decisions: (DecisionReading & { version: number; move: Move })[];
  turningPoints: (Mistake & { version: number; move: Move })[];
  slides: (Slide & { fromVersion: number; toVersion: number })[];
  /** Look-aheads per candidate move, over the game's positions: the median and the most. */
  playouts: { median: number; max: number };
  /** Worker time spent, in ms (CPU time of a busy thread, measured as its wall time). */
  workerMs: number;
  computedAt: string;
}

/** An analysis stored before standard errors and losses (docs/analysis.md, "Analyses stored before"). */
export interface LegacyAnalysis {
  gameId: string;
  start: number[];
  decisions: { decision: number; version: number; seat: number; move: Move; chances: number[] }[];
  workerMs: number;
  computedAt: string;
}

/**
 * A stored analysis in today's shape. One stored before (its chances a mean of playouts' wins,
 * its turning points the largest changes, not mistakes) keeps its chances, with no standard
 * error, loss or luck known and no turning point; `playouts` 0 tells it apart.
 */
export function current(stored: Analysis | LegacyAnalysis): Analysis {
  if ('startSe' in stored) return stored;
  const zeros = stored.start.map(() => 0);
  return {
    gameId: stored.gameId,
    start: stored.start,
    startSe: zeros,
    decisions: stored.decisions.map((d) => ({ ...d, se: zeros, loss: 0, lossSe: 0, luck: zeros })),
    turningPoints: [],
    slides: [],
    playouts: { median: 0, max: 0 },
    workerMs: stored.workerMs,
    computedAt: stored.computedAt,
  };
}
