/**
 * A whole game between bots, one per seat, for tests and the benchmark: every move goes
 * through the engine's play, so a bot's illegal move is refused there, never slipped in.
 */
import {
  createGame,
  legalMoves,
  playInPlace,
  type Game,
  type GameEvent,
  type GameSetup,
  type Move,
} from '../engine/index.js';
import type { Bot, BotOptions } from './types.js';

export interface Seat {
  bot: Bot;
  /** Options for every move; the seed is extended per move so choices differ along the game. */
  options: BotOptions;
}

export interface MatchResult {
  game: Game;
  moves: Move[];
  scores: number[];
  /** Per seat: the moves it chose and the milliseconds it spent choosing. */
  thinking: { moves: number; ms: number; iterations: number }[];
}

/** Plays the game to its end; `onMove` sees each chosen move before it is played. */
export function playMatch(
  setup: GameSetup,
  seats: readonly Seat[],
  onMove?: (game: Game, seat: number, move: Move) => void,
): MatchResult {
  const created = createGame(setup);
  if (!created.ok) throw new Error(created.error.reason);
  const game = created.value.game;
  const moves: Move[] = [];
  const thinking = seats.map(() => ({ moves: 0, ms: 0, iterations: 0 }));
  let ended: GameEvent | undefined;
  for (;;) {
    const actor = legalMoves(game).actor;
    if (actor === null) break;
    const seat = seats[actor];
    const start = performance.now();
    const choice = seat.bot.chooseMove(game, actor, { ...seat.options, seed: `${seat.options.seed}/${moves.length}` });
    thinking[actor].ms += performance.now() - start;
    thinking[actor].moves += 1;
    thinking[actor].iterations += choice.iterations ?? 0;
    onMove?.(game, actor, choice.move);
    const r = playInPlace(game, choice.move);
    if (!r.ok)
      throw new Error(`${seat.bot.kind} bot played an illegal move ${JSON.stringify(choice.move)}: ${r.error.reason}`);
    moves.push(choice.move);
    ended = r.value.find((e) => e.type === 'gameEnded') ?? ended;
  }
  if (ended?.type !== 'gameEnded') throw new Error('the game finished without a gameEnded event');
  return { game, moves, scores: ended.scores, thinking };
}
