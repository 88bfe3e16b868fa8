/**
 * A lookahead bot (`npm run bot -- --bot greedy`, examples/bot.ts) through a lobby game whose log
 * holds acts beside the moves: it starts on a waiting game, the open seat is joined (an act), that
 * player lets a turn run out (`turnTimedOut`, its autopilot plays it) and then resigns (its
 * autopilot plays the rest). The bot rebuilds the game from the stream, acts included, and plays
 * its seat to the end. Before PublicGame took acts, it stopped at the join: "the history does
 * not replay: move 1: ILLEGAL_MOVE unknown move type".
 */
import t from 'tap';
import { execNode } from '../helpers/child-env.js';
import { client, startServer } from '../helpers/server-process.js';
import { tempDatabase } from '../helpers/temp-database.js';

const root = new URL('../..', import.meta.url).pathname;

t.test('a greedy bot plays through a join, a timed-out turn and a resignation to the end', async (t) => {
  const server = await startServer(t, tempDatabase(t));
  const http = client(server.url);
  // Seconds enough that the bot's own greedy turns never run out on a busy machine.
  const created = await http.post('/games', { players: [{ name: 'Ann' }, { open: true }], clock: { turnSeconds: 3 } });
  t.equal(created.status, 201);
  const game = created.body;
  const bot = execNode(
    'npm',
    [
      'run',
      '--silent',
      'bot',
      '--',
      '--url',
      server.url,
      '--game',
      game.id,
      '--seat',
      game.seats[0].token,
      '--bot',
      'greedy',
    ],
    { cwd: root, maxBuffer: 16 << 20 },
  );
  // Whether the bot's stream sees the join or reads it from the log, PublicGame takes the act.
  const joined = await http.post(`/games/${game.id}/seats/1/join`, { name: 'Bob' });
  t.equal(joined.status, 201);
  // Bob's first turn: nobody plays it until it times out (an event the long-poll waits for).
  let version = joined.body.version;
  let timedOut = false;
  while (!timedOut) {
    const page = (await http.get(`/games/${game.id}/events?after=${version}&wait=30`)).body;
    for (const batch of page.events)
      if (batch.events.some((e: { type: string }) => e.type === 'turnTimedOut')) timedOut = true;
    version = page.version;
  }
  const resigned = await http.post(
    `/games/${game.id}/seats/1/resign`,
    {},
    { authorization: `Bearer ${joined.body.token}` },
  );
  t.equal(resigned.status, 200, JSON.stringify(resigned.body));
  const { stdout } = await bot;
  t.match(stdout, /played \d+ moves; final scores: Ann \d+, Bob \d+/);
  const state = (await http.get(`/games/${game.id}`)).body;
  t.equal(state.status, 'finished', 'played to the end');
  const log = (await http.get(`/games/${game.id}/moves?limit=1000`)).body.moves as { move: { type: string } }[];
  const acts = log
    .map((e) => e.move.type)
    .filter((type) => ['seatJoined', 'turnTimedOut', 'seatResigned'].includes(type));
  t.same([...new Set(acts)], ['seatJoined', 'turnTimedOut', 'seatResigned'], 'the log holds the three acts');
  t.ok(Number(/played (\d+) moves/.exec(stdout)![1]) > 10, 'the bot played its seat');
});
