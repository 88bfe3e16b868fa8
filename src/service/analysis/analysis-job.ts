/**
 * What the bot pool's workers are asked for a post-game analysis (`analyses.ts`), in steps
 * small enough that a bot turn or a hint never waits long behind one: the chances at a range
 * of positions, then the turning points with the moves the bot preferred there.
 */
import type { Move } from '../../engine/index.js';
import type { TurningPoint } from '../../bots/analysis.js';
import type { StoredSetup } from '../../storage/game-store.js';

export type AnalysisJob =
  | { kind: 'chances'; setup: StoredSetup; moves: Move[]; from: number; to: number; playouts: number; budgetMs: number }
  | { kind: 'turning'; setup: StoredSetup; moves: Move[]; chances: number[][]; count: number; iterations: number };

export type AnalysisAnswer =
  | { kind: 'chances'; chances: number[][]; ms: number }
  | { kind: 'turning'; actors: number[]; points: (TurningPoint & { preferred: Move })[]; ms: number };
