/**
 * One seat played by a bot that waits on the game's event stream: one connection per seat, no
 * polling. The bot keeps the game's public history (moves and the tiles they revealed) and
 * rebuilds the game locally with the engine library (`carcassonne-api/bots`' PublicGame), so it
 * can look ahead; `random`, `greedy` and `mcts` are the library's bots. The log holds lifecycle
 * acts beside the moves (a join, a resignation, a timed-out turn): PublicGame takes both as they
 * come, with the client's types, which are the engine's.
 */
import { chooseMove, PublicGame, type BotKind } from 'carcassonne-api/bots';
import { ApiProblem, type CarcassonneClient, type StreamMessage } from '../clients/typescript/src/index.js';

export interface SeatOptions {
  client: CarcassonneClient;
  gameId: string;
  token: string;
  seat: number;
  bot: BotKind;
  /** mcts: milliseconds to think per move. */
  ms?: number;
  /** Called with each message of the stream after the bot has seen it. */
  onMessage?: (message: StreamMessage) => void;
}

/** The history up to the state message's version: the log is read once when joining late. */
async function join(
  client: CarcassonneClient,
  gameId: string,
  message: Extract<StreamMessage, { event: 'state' }>,
): Promise<PublicGame> {
  const { version, state, created } = message.data;
  if (version === 0) return new PublicGame({ state, created, log: [] });
  // Both reads may be past `version` (moves go on meanwhile); the log never changes, so cut it there.
  const [moves, events] = await Promise.all([client.moveLog(gameId), client.events(gameId)]);
  const log = moves.slice(0, version).map((m, i) => ({ move: m.move, events: events.events[i].events }));
  return new PublicGame({ state, created, log });
}

/** Plays the seat until the game ends; answers the number of moves it made. */
export async function playSeat({ client, gameId, token, seat, bot, ms, onMessage }: SeatOptions): Promise<number> {
  const me = client.seat(gameId, token, seat);
  let history: PublicGame | undefined;
  let played = 0;
  for await (const message of client.stream(gameId)) {
    // The analysis of the finished game: nothing to play.
    if (message.event === 'analysis') continue;
    if (message.event === 'state') history = await join(client, gameId, message);
    else if (history && message.id === history.version + 1) history.push(message.data.move, message.data.events);
    onMessage?.(message);
    if (!history || message.data.actor !== seat || message.data.version !== history.version) continue;
    // A seat handed to a bot, resigned, or whose turn timed out is the server's to play.
    if (history.serverPlays(seat)) continue;
    const { move } = chooseMove(bot, history.game(), seat, {
      seed: `${gameId}/${seat}/${history.version}`,
      ...(bot === 'mcts' ? { timeMs: ms } : {}),
    });
    try {
      await me.play(history.version, move);
      played++;
    } catch (error) {
      // Another connection of this seat moved first, or the turn ran out of time meanwhile (the
      // server's autopilot plays it): either way the stream brings what happened.
      if (!(error instanceof ApiProblem && (error.code === 'VERSION_CONFLICT' || error.code === 'NOT_YOUR_TURN')))
        throw error;
    }
  }
  return played;
}
