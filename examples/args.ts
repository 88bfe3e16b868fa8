/**
 * The example bot's command line. Game ids and seat tokens are base64url, so one may begin with
 * `-`; `util.parseArgs` would take `--game -nmZ0…` for a missing value followed by an option.
 * Every option but --help takes a value, so a value-taking option followed by anything is joined
 * as `--option=value` before parsing; --ladder's value may be left out (its default then).
 */
import { parseArgs } from 'node:util';
import { BOT_KINDS, type BotKind } from 'carcassonne-api/bots';

const OPTIONS = {
  url: { type: 'string', default: 'http://127.0.0.1:3000' },
  game: { type: 'string' },
  seat: { type: 'string' },
  index: { type: 'string', default: '0' },
  new: { type: 'string' },
  bot: { type: 'string', default: 'random' },
  ms: { type: 'string', default: '100' },
  account: { type: 'string' },
  key: { type: 'string' },
  expansions: { type: 'string', default: 'traders-builders,abbey-mayor,inns-cathedrals' },
  'max-games': { type: 'string', default: '4' },
  games: { type: 'string' },
  ladder: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export const USAGE = `Usage: npm run bot -- [options]

Plays seats of a Carcassonne game through the API, each in its own connection on the game's
event stream, and prints the scoring that gave points and the final scores.

  --new N                            create an N-player game (2 to 6) with both expansions
                                     and play every seat
  --seat LINK                        play the seat of a seat link from the web lobby
                                     (quote it: 'http://HOST/play/game.html#id=GAME&n=SEAT&seat=TOKEN')
  --game ID --seat TOKEN --index N   the same given apart (N: the seat's number, default 0)
  --account NAME                     run as a bot account: register NAME, set its accept
                                     policy, accept the challenges that fit, play every game
                                     it is in at once (from the account's event stream)
  --key KEY                          the same as an account that exists (or CARCASSONNE_KEY)
  --expansions A,B|none              the account's expansions (default all three)
  --max-games N                      the account's games at once (default 4)
  --games N                          the account bot stops after N games ended
  --ladder [N]                       the account bot joins the rated bot ladder, with at most
                                     N ladder games at once (default 2: one duplicate match);
                                     it leaves the ladder when it stops
  --url URL                          the server (default http://127.0.0.1:3000)
  --bot ${`${BOT_KINDS.join('|')}[,...]`.padEnd(28)} the bot (default random); a list is dealt to the seats
  --ms N                             mcts: milliseconds to think per move (default 100)
  -h, --help                         this text

Example: npm run bot -- --url http://127.0.0.1:3000 --new 3 --bot greedy,mcts,random
         npm run bot -- --account MyGreedy --bot greedy
         npm run bot -- --account LadderBot --bot greedy --ladder 4`;

/** A mistake on the command line: said in one line, with the way to the usage text. */
export class UsageError extends Error {}

/** --ladder's games at once when no number follows it: one duplicate match at a time. */
export const DEFAULT_LADDER_GAMES = '2';

export type BotArgs = ReturnType<typeof parseBotArgs>;

export function parseBotArgs(argv: string[]) {
  const args: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const name = arg.startsWith('--') ? arg.slice(2) : undefined;
    if (name === 'ladder' && (i + 1 >= argv.length || argv[i + 1].startsWith('--'))) {
      args.push(`--ladder=${DEFAULT_LADDER_GAMES}`);
    } else if (name !== undefined && name !== 'help' && Object.hasOwn(OPTIONS, name) && i + 1 < argv.length) {
      args.push(`${arg}=${argv[i + 1]}`);
      i += 1;
    } else {
      args.push(arg);
    }
  }
  return parseArgs({ args, options: OPTIONS }).values;
}

/** The bots named by --bot, one per seat in turn. */
export function parseBots(list: string): BotKind[] {
  return list.split(',').map((b) => {
    const kind = BOT_KINDS.find((k) => k === b);
    if (kind === undefined) throw new UsageError(`--bot: one of ${BOT_KINDS.join(', ')}, not "${b}"`);
    return kind;
  });
}
