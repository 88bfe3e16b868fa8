/**
 * Example bots over the typed client and the engine library (`npm run bot -- --url URL ...`):
 *   --seat LINK                        play the seat of a seat link from the web lobby
 *                                      (`http://host/play/game.html#id=GAME&n=SEAT&seat=TOKEN`:
 *                                      it carries the server, the game, the seat and its token)
 *   --game ID --seat TOKEN --index N   the same given apart
 *   --new N                            create an N-player game with both expansions and play
 *                                      every seat in its own connection, printing the scoring
 *                                      events and the final scores
 *   --bot random|greedy[,...]          the bot (default random); a list is dealt to the seats
 * Each seat waits on the game's event stream (examples/stream-bot.ts) and rebuilds the game
 * locally from it, so `greedy` can value each legal move by its immediate score.
 */
import { CarcassonneClient, type LogEvent, type StreamMessage } from '../clients/typescript/src/index.js';
import { parseBotArgs } from './args.js';
import { playSeat, type SeatOptions } from './stream-bot.js';

const values = parseBotArgs(process.argv.slice(2));

const bots = values.bot!.split(',').map((b) => {
  if (b !== 'random' && b !== 'greedy') throw new Error(`--bot: random or greedy, not ${b}`);
  return b satisfies SeatOptions['bot'];
});
const botOf = (seat: number) => bots[seat % bots.length]!;

/** A scoring event in words, with the players' names. */
function scoring(event: LogEvent, names: string[], version: number): string | undefined {
  const who = (points: { seat: number; points: number }[]) =>
    points.length === 0 ? 'nobody' : points.map((p) => `${names[p.seat]} +${p.points}`).join(', ');
  switch (event.type) {
    case 'featureScored':
      return `v${version} ${event.final ? 'final ' : ''}${event.kind} (${event.tiles.length} tile${event.tiles.length === 1 ? '' : 's'}, ${event.reason}): ${who(event.points)}`;
    case 'goodsScored':
      return `v${version} ${event.good}: ${who(event.points)}`;
    case 'gameEnded':
      return `v${version} game over: ${event.scores.map((s, seat) => `${names[seat]} ${s}`).join(', ')}`;
    default:
      return undefined;
  }
}

/** The seat to play: from a seat link (`--seat URL`), or from `--game`, `--seat TOKEN` and `--index`. */
function seatGiven(): { url: string; gameId: string; seat: number; token: string } {
  const usage = 'give --seat LINK, or --game ID --seat TOKEN [--index SEAT], or --new N';
  if (!values.seat) throw new Error(usage);
  if (/^https?:\/\//.test(values.seat)) {
    // The token is in the fragment, as the lobby gives it: never in a query string or a log.
    const link = new URL(values.seat);
    const fragment = new URLSearchParams(link.hash.slice(1));
    const [gameId, seat, token] = [fragment.get('id'), fragment.get('n'), fragment.get('seat')];
    if (!gameId || !seat || !token) throw new Error(`--seat: a seat link has #id=GAME&n=SEAT&seat=TOKEN, not ${link.hash || 'no fragment'}`);
    return { url: link.origin, gameId, seat: Number(seat), token };
  }
  if (!values.game) throw new Error(usage);
  return { url: values.url!, gameId: values.game, seat: Number(values.index), token: values.seat };
}

const client = new CarcassonneClient({ baseUrl: values.url! });
if (values.new !== undefined) {
  const players = Number(values.new);
  if (!Number.isInteger(players) || players < 2 || players > 6) throw new Error('--new: 2 to 6 players');
  const names = Array.from({ length: players }, (_, seat) => `${botOf(seat)}-${seat}`);
  const game = await client.createGame({ players: names.map((name) => ({ name })), expansions: ['traders-builders', 'abbey-mayor'] });
  console.log(`game ${game.id}: ${names.join(', ')}`);
  // Seat 0 prints the scoring as it streams by; every seat has its own client and connection.
  const print = (message: StreamMessage) => {
    if (message.event !== 'move') return;
    for (const event of message.data.events) {
      const line = scoring(event, names, message.data.version);
      if (line) console.log(line);
    }
  };
  const moves = await Promise.all(
    game.seats.map((s) =>
      playSeat({ client: new CarcassonneClient({ baseUrl: values.url! }), gameId: game.id, token: s.token!, seat: s.seat, bot: botOf(s.seat), onMessage: s.seat === 0 ? print : undefined }),
    ),
  );
  const final = await client.state(game.id);
  console.log(`${moves.reduce((a, b) => a + b, 0)} moves; final scores: ${final.players.map((p) => `${p.name} ${p.score}`).join(', ')}`);
} else {
  const given = seatGiven();
  const seat = given.seat;
  const seatClient = given.url === values.url ? client : new CarcassonneClient({ baseUrl: given.url });
  const played = await playSeat({ client: seatClient, gameId: given.gameId, token: given.token, seat, bot: botOf(seat) });
  const final = await seatClient.state(given.gameId);
  console.log(`played ${played} moves; final scores: ${final.players.map((p) => `${p.name} ${p.score}`).join(', ')}`);
}
