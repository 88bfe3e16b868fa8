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
  budgetMs: number;
}

export interface AnalysisAnswer {
  kind: 'positions';
  positions: AnalysedPosition[];
  ms: number;
}
