/**
 * Example bots over the typed client and the bots library (`npm run bot -- --help` tells the
 * options). Each seat waits on the game's event stream (examples/stream-bot.ts) and rebuilds the
 * game locally from it, so `greedy` and `mcts` can look ahead. With `--account` or `--key` it runs
 * as an account bot (examples/account-bot.ts). Mistakes (a bad option, a server
 * that does not answer, an unknown game) are told in one line with what to do, never a stack.
 */
import { ApiProblem, CarcassonneClient, type LogEvent, type StreamMessage } from '../clients/typescript/src/index.js';
import { parseBotArgs, parseBots, UsageError, USAGE } from './args.js';
import { playSeat } from './stream-bot.js';
import { runAccountBot, type AccountBotOptions } from './account-bot.js';

/** A scoring event that gave points, in words with the players' names; nothing for the others. */
function scoring(event: LogEvent, names: string[], version: number): string | undefined {
  if (event.type !== 'featureScored' && event.type !== 'goodsScored') return undefined;
  const gained = event.points.filter((p) => p.points > 0);
  if (gained.length === 0) return undefined;
  const who = gained.map((p) => `${names[p.seat]} +${p.points}`).join(', ');
  if (event.type === 'goodsScored') return `v${version} ${event.good}: ${who}`;
  return `v${version} ${event.final ? 'final ' : ''}${event.kind} (${event.tiles.length} tile${event.tiles.length === 1 ? '' : 's'}, ${event.reason}): ${who}`;
}

/** The seat to play: from a seat link (`--seat URL`), or from `--game`, `--seat TOKEN` and `--index`. */
function seatGiven(values: ReturnType<typeof parseBotArgs>): {
  url: string;
  gameId: string;
  seat: number;
  token: string;
} {
  const usage = 'give --new N, or --seat LINK, or --game ID --seat TOKEN [--index SEAT], or --account NAME';
  if (!values.seat) throw new UsageError(usage);
  if (/^https?:\/\//.test(values.seat)) {
    // The token is in the fragment, as the lobby gives it: never in a query string or a log.
    const link = new URL(values.seat);
    const fragment = new URLSearchParams(link.hash.slice(1));
    const [gameId, seat, token] = [fragment.get('id'), fragment.get('n'), fragment.get('seat')];
    if (!gameId || !seat || !token)
      throw new UsageError(
        `--seat: a seat link has #id=GAME&n=SEAT&seat=TOKEN, not ${link.hash || 'no fragment'} (quote the link)`,
      );
    return { url: link.origin, gameId, seat: Number(seat), token };
  }
  if (!values.game) throw new UsageError(usage);
  return { url: values.url, gameId: values.game, seat: Number(values.index), token: values.seat };
}

const finalScores = (players: { name: string; score: number }[]) =>
  players.map((p) => `${p.name} ${p.score}`).join(', ');

async function main(argv: string[]): Promise<void> {
  const values = parseBotArgs(argv);
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const bots = parseBots(values.bot);
  const botOf = (seat: number) => bots[seat % bots.length];
  const ms = Number(values.ms);
  if (!(ms > 0)) throw new UsageError(`--ms: a number of milliseconds, not "${values.ms}"`);
  const client = new CarcassonneClient({ baseUrl: values.url });
  const key = values.key ?? process.env.CARCASSONNE_KEY;
  if (values.account !== undefined || key !== undefined) {
    const count = (option: string, text: string | undefined) => {
      const n = Number(text);
      if (!Number.isInteger(n) || n < 1) throw new UsageError(`--${option}: a whole number from 1, not "${text}"`);
      return n;
    };
    // Ctrl-C or a SIGTERM stops it as --games does: off the ladder, its games in hand finished.
    const stopped = new AbortController();
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => stopped.abort());
    await runAccountBot({
      url: values.url,
      key,
      name: values.account,
      bot: bots[0],
      ms,
      expansions: values.expansions === 'none' ? [] : (values.expansions.split(',') as AccountBotOptions['expansions']),
      maxGames: count('max-games', values['max-games']),
      games: values.games === undefined ? undefined : count('games', values.games),
      ladder: values.ladder === undefined ? undefined : count('ladder', values.ladder),
      signal: stopped.signal,
      log: (line) => console.log(line),
    });
  } else if (values.new !== undefined) {
    const players = Number(values.new);
    if (!Number.isInteger(players) || players < 2 || players > 6)
      throw new UsageError(`--new: 2 to 6 players, not "${values.new}"`);
    const names = Array.from({ length: players }, (_, seat) => `${botOf(seat)}-${seat}`);
    const game = await client.createGame({
      players: names.map((name) => ({ name })),
      expansions: ['traders-builders', 'abbey-mayor'],
    });
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
        playSeat({
          client: new CarcassonneClient({ baseUrl: values.url }),
          gameId: game.id,
          token: s.token!,
          seat: s.seat,
          bot: botOf(s.seat),
          ms,
          onMessage: s.seat === 0 ? print : undefined,
        }),
      ),
    );
    const final = await client.state(game.id);
    console.log(`${moves.reduce((a, b) => a + b, 0)} moves; final scores: ${finalScores(final.players)}`);
  } else {
    const given = seatGiven(values);
    const seatClient = given.url === values.url ? client : new CarcassonneClient({ baseUrl: given.url });
    const played = await playSeat({
      client: seatClient,
      gameId: given.gameId,
      token: given.token,
      seat: given.seat,
      bot: botOf(given.seat),
      ms,
    });
    const final = await seatClient.state(given.gameId);
    console.log(`played ${played} moves; final scores: ${finalScores(final.players)}`);
  }
}

/** What went wrong, in one line, with what to do about it. */
const isUsage = (error: unknown) =>
  error instanceof UsageError || (error as { code?: unknown }).code?.toString().startsWith('ERR_PARSE_ARGS') === true;

function explain(error: unknown, url: string): string {
  if (isUsage(error)) {
    return `${(error as Error).message} (npm run bot -- --help tells the options)`;
  }
  if (error instanceof ApiProblem) {
    const { status, code, detail } = error.problem;
    if (code === 'GAME_NOT_FOUND') return `${url} has no such game (${detail}): check --game or the seat link`;
    if (code.startsWith('ACCOUNT_KEY')) return `the server refused the account's key (${code}): check --key`;
    if (code === 'ACCOUNT_NAME_TAKEN') return `${detail}: choose another --account, or give its key with --key`;
    if (status === 401 || status === 403)
      return `the server refused the seat's token (${code}): check --seat and --index`;
    return `the server answered ${status} ${code}: ${detail}`;
  }
  if (error instanceof TypeError && error.message === 'fetch failed') {
    const cause = (error.cause as { code?: string; message?: string } | undefined) ?? {};
    return `cannot reach the server at ${url} (${cause.code ?? cause.message ?? 'no answer'}): start it with \`npm start\`, or give its address with --url`;
  }
  return error instanceof Error ? error.message : String(error);
}

const argv = process.argv.slice(2);
try {
  await main(argv);
} catch (error) {
  let url = 'the server';
  try {
    const values = parseBotArgs(argv);
    url = values.seat && /^https?:\/\//.test(values.seat) ? new URL(values.seat).origin : values.url;
  } catch {
    // The options themselves were the mistake: explain() says so.
  }
  console.error(`bot: ${explain(error, url)}`);
  process.exitCode = isUsage(error) ? 2 : 1;
}
