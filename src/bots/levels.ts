/**
 * The mcts bot's levels: each is an iteration budget, so a level plays the same moves however
 * loaded the machine is (a time budget measured the load: docs/bots.md). Each level has three
 * times the iterations of the one below: doubling left neighbours too close to tell apart at
 * the bottom, where a search of a few dozen iterations mostly plays the greedy prior. Level 4 is
 * "mcts at 100 ms": what 100 ms of an idle core buys (about 3,600 iterations a second on the
 * development machine, `npm run bench:bots -- --rate`), and the default. Level 1, at 13
 * iterations, is weaker than the greedy bot by design: a beginner's level. docs/bots.md gives
 * each level's measured strength; the server's bot accounts and their ratings build on these.
 */
export const MCTS_LEVELS = [1, 2, 3, 4, 5] as const;
export type MctsLevel = (typeof MCTS_LEVELS)[number];

/** The level that plays what 100 ms of an idle core buys: the default, and the one measured against greedy. */
export const DEFAULT_MCTS_LEVEL: MctsLevel = 4;

const LEVEL_ITERATIONS: Record<MctsLevel, number> = { 1: 13, 2: 40, 3: 120, 4: 360, 5: 1080 };

/** The iterations a move of mcts at `level`: 13, 40, 120, 360 and 1,080 for levels 1 to 5. */
export function levelIterations(level: number): number {
  const iterations = LEVEL_ITERATIONS[level as MctsLevel];
  if (iterations === undefined) throw new Error(`mcts has levels ${MCTS_LEVELS.join(', ')}, not ${level}`);
  return iterations;
}
