/**
 * Example bots over the typed client (`npm run bot -- --url URL ...`):
 *   --game ID --seat TOKEN --index N   play seat N of a game with its token (a random bot)
 *   --new N                            create an N-player game with both expansions and play
 *                                      every seat in its own connection; prints the final scores
 * Each seat waits for its turn with one long-poll per move of the others, and plays a random
 * legal move; the scoring events are followed on the game's event stream.
 */
import { parseArgs } from 'node:util';
import { CarcassonneClient, type GameEvent, type Seat } from '../clients/typescript/src/index.js';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:3000' },
    game: { type: 'string' },
    seat: { type: 'string' },
    index: { type: 'string', default: '0' },
    new: { type: 'string' },
  },
});

async function playSeat(seat: Seat, index: number): Promise<number> {
  let played = 0;
  for (;;) {
    const legal = await seat.waitForTurn(index);
    if (legal === null) return played;
    const move = legal.moves[Math.floor(Math.random() * legal.moves.length)]!;
    try {
      await seat.play(legal.version, move);
      played++;
    } catch (error) {
      // Someone else moved first (409): look again.
      if ((error as { code?: string }).code !== 'VERSION_CONFLICT') throw error;
    }
  }
}

async function followScores(client: CarcassonneClient, gameId: string): Promise<GameEvent[]> {
  const scoring: GameEvent[] = [];
  for await (const message of client.stream(gameId)) {
    if (message.event !== 'move') continue;
    for (const event of message.data.events) if (event.type === 'featureScored' || event.type === 'goodsScored' || event.type === 'gameEnded') scoring.push(event);
  }
  return scoring;
}

const client = new CarcassonneClient({ baseUrl: values.url! });
if (values.new !== undefined) {
  const players = Number(values.new);
  const game = await client.createGame({
    players: Array.from({ length: players }, (_, i) => ({ name: `bot-${i}` })),
    expansions: ['traders-builders', 'abbey-mayor'],
  });
  console.log(`game ${game.id}: ${players} bots`);
  const scores = followScores(client, game.id);
  const moves = await Promise.all(game.seats.map((s) => playSeat(new CarcassonneClient({ baseUrl: values.url! }).seat(game.id, s.token!), s.seat)));
  const scoring = await scores;
  console.log(`${moves.reduce((a, b) => a + b, 0)} moves; ${scoring.filter((e) => e.type === 'featureScored').length} features scored`);
  console.log('final scores:', (await client.state(game.id)).scores.join(' / '));
} else {
  if (!values.game || !values.seat) throw new Error('give --game ID --seat TOKEN [--index SEAT], or --new N');
  const played = await playSeat(client.seat(values.game, values.seat), Number(values.index));
  console.log(`played ${played} moves; final scores: ${(await client.state(values.game)).scores.join(' / ')}`);
}
