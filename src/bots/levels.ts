/**
 * The mcts bot's levels: each is an iteration budget, so a level plays the same moves however
 * loaded the machine is (a time budget measured the load: docs/bots.md). Each level doubles the
 * one below; level 3 is what 100 ms bought on the idle 2-core development machine, the budget
 * `npm run bench:bots` measures against greedy. docs/bots.md gives each level's measured
 * strength; the server's bot accounts and their ratings build on these numbers.
 */
export const MCTS_LEVELS = [1, 2, 3, 4, 5] as const;
export type MctsLevel = (typeof MCTS_LEVELS)[number];
export const DEFAULT_MCTS_LEVEL: MctsLevel = 3;

/** Iterations a move at level 3: 100 ms of the idle development machine (~2,500 a second, docs/bots.md). */
const LEVEL_3_ITERATIONS = 250;

/** The iterations a move of mcts at `level`: 63, 125, 250, 500 and 1,000 for levels 1 to 5. */
export function levelIterations(level: number): number {
  return Math.round(LEVEL_3_ITERATIONS * 2 ** (level - DEFAULT_MCTS_LEVEL));
}
