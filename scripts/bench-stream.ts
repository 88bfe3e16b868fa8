/**
 * The stream under play (part of `npm run bench:http`): games played by bot connections that
 * each wait on `GET /games/{id}/stream` and post their seat's next move when a message says it
 * is their turn (moves planned up front, so the bots cost no thinking). Reports moves/s and the
 * delay from a move's commit to its delivery on every seat's stream, p50 and p99. The commit
 * time is the move's `at` (the server's clock, stamped for the transaction that appends it, in
 * whole milliseconds), so a delay is exact to about 1 ms: same machine, same clock.
 */
import { actorOf, type GameSetup, type Move } from '../src/engine/index.js';
import { CarcassonneClient } from '../clients/typescript/src/index.js';
import { playRandom } from '../test/helpers/random-play.js';

const now = () => performance.timeOrigin + performance.now();

interface StreamRun {
  games: number;
  players: number;
  moves: number;
  seconds: number;
  /** Commit-to-delivery delays, one per move and reading seat, in ms, sorted. */
  delays: number[];
}

/** One game played to the end by `players` stream connections. */
async function playGame(url: string, index: number, players: number, delays: number[]): Promise<number> {
  const setup: GameSetup = {
    players: Array.from({ length: players }, (_, p) => ({ name: `S${p}` })),
    expansions: ['traders-builders', 'abbey-mayor'],
    seed: `stream-${index}`,
  };
  const seats: number[] = [];
  const { moves } = playRandom(setup, `stream-choices-${index}`, (g) => seats.push(actorOf(g)!));
  const client = new CarcassonneClient({ baseUrl: url });
  const game = await client.createGame(setup);
  // No seat moves before every seat's stream is open, so each one sees every move.
  let connected = 0;
  let allConnected!: () => void;
  const ready = new Promise<void>((resolve) => (allConnected = resolve));
  const seat = async (n: number) => {
    const reader = new CarcassonneClient({ baseUrl: url });
    for await (const message of reader.stream(game.id)) {
      if (message.event === 'analysis') continue;
      if (message.event === 'state' && ++connected === players) allConnected();
      await ready;
      if (message.event === 'move') delays.push(now() - Date.parse(message.data.at));
      const { version, actor } = message.data;
      if (actor !== n) continue;
      const move: Move = moves[version];
      if (seats[version] !== n)
        throw new Error(`game ${game.id}: planned seat ${seats[version]} at version ${version}, stream says ${n}`);
      await reader.play(game.id, game.seats[n].token!, version, move);
    }
  };
  await Promise.all(game.seats.map((s) => seat(s.seat)));
  return moves.length;
}

async function run(url: string, games: number, players: number): Promise<StreamRun> {
  const delays: number[] = [];
  const started = now();
  const played = await Promise.all(Array.from({ length: games }, (_, i) => playGame(url, i, players, delays)));
  const seconds = (now() - started) / 1000;
  return { games, players, moves: played.reduce((a, b) => a + b, 0), seconds, delays: delays.sort((a, b) => a - b) };
}

const pick = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** One game alone (latency-bound: each move waits for the previous one's delivery), then many at once. */
export async function benchStream(url: string): Promise<void> {
  const players = Number(process.env.BENCH_STREAM_PLAYERS ?? 3);
  const many = Number(process.env.BENCH_STREAM_GAMES ?? 20);
  const rows = [];
  for (const games of [1, many]) {
    const r = await run(url, games, players);
    rows.push({
      games: r.games,
      connections: r.games * r.players,
      moves: r.moves,
      'moves/s': Math.round(r.moves / r.seconds),
      'delivery p50 ms': pick(r.delays, 0.5).toFixed(1),
      'delivery p99 ms': pick(r.delays, 0.99).toFixed(1),
      deliveries: r.delays.length,
    });
  }
  console.log(
    `\nthe stream: games with both expansions played by ${players} connections each, every seat waiting on GET /stream`,
  );
  console.table(rows);
}
