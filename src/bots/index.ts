/**
 * The bots' public surface: the strength ladder (random, greedy, mcts) behind one interface.
 *
 *   chooseMove(kind, game, seat, options) -> { move, winRate?, iterations?, value? }
 *   BOTS[kind].chooseMove(...)            -> the same, per bot
 *   playMatch(setup, seats)               -> a whole game between bots (tests, benchmark)
 *   new PublicGame(history).game()        -> a server's game rebuilt from its public log (remote bots)
 *   isAct(entry)                          -> a log entry (or event) is a lifecycle act, not an engine move
 *
 * A bot sees what the seat's player sees, never the pile order (see mcts.ts and the engine's
 * determinize); it is deterministic given options.seed (and an iteration budget for mcts).
 */
import type { Game } from '../engine/index.js';
import { greedyBot } from './greedy.js';
import { mctsBot } from './mcts.js';
import { randomBot } from './random.js';
import type { Bot, BotChoice, BotKind, BotOptions } from './types.js';

export * from './types.js';
export { playMatch, type MatchResult, type Seat } from './match.js';
export { PublicGame, type PublicHistory } from './public-game.js';
export {
  isAct,
  ACT_TYPES,
  PublicActSchema,
  type ActType,
  type LogEntry,
  type LogEvent,
  type PublicAct,
} from './acts.js';
export { DEFAULT_ITERATIONS, MCTS_DEFAULTS, type MctsTuning } from './mcts.js';
export { MCTS_LEVELS, DEFAULT_MCTS_LEVEL, levelIterations, type MctsLevel } from './levels.js';

export const BOTS: Readonly<Record<BotKind, Bot>> = { random: randomBot, greedy: greedyBot, mcts: mctsBot };

export function chooseMove(kind: BotKind, game: Game, seat: number, options: BotOptions): BotChoice {
  return BOTS[kind].chooseMove(game, seat, options);
}
