/**
 * What the bot pool's workers are asked for a post-game analysis (`analyses.ts`), in steps
 * small enough that a bot turn or a hint never waits long behind one: the estimates at a range
 * of positions (`bots/analysis.ts`). Reading them (mistakes, luck, slides) is cheap and done
 * on the service's thread once every step is in.
 */
import type { Move } from '../../engine/index.js';
import type { AnalysedPosition } from '../../bots/analysis.js';
import type { EstimateOptions } from '../../bots/estimate.js';
import type { StoredSetup } from '../../storage/game-store.js';

export interface AnalysisJob {
  kind: 'positions';
  setup: StoredSetup;
  moves: Move[];
  from: number;
  to: number;
  estimate: EstimateOptions;
  /** The safety net's share for these positions (`analysePositions`). */
  budgetMs: number;
  /** The step stops after this much time (after its first position at least): fewer positions come back. */
  stepMs: number;
}

export interface AnalysisAnswer {
  kind: 'positions';
  /** Positions `from` onwards: all up to `to`, or fewer when the step ran out of its time. */
  positions: AnalysedPosition[];
  ms: number;
}
