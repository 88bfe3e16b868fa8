/**
 * The example bot's command line. Game ids and seat tokens are base64url, so one may begin with
 * `-`; `util.parseArgs` would take `--game -nmZ0…` for a missing value followed by an option.
 * Every option here takes a value, so a value-taking option followed by anything is joined as
 * `--option=value` before parsing.
 */
import { parseArgs } from 'node:util';

const OPTIONS = {
  url: { type: 'string', default: 'http://127.0.0.1:3000' },
  game: { type: 'string' },
  seat: { type: 'string' },
  index: { type: 'string', default: '0' },
  new: { type: 'string' },
  bot: { type: 'string', default: 'random' },
} as const;

export type BotArgs = ReturnType<typeof parseBotArgs>;

export function parseBotArgs(argv: string[]) {
  const args: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    const name = arg.startsWith('--') ? arg.slice(2) : undefined;
    if (name !== undefined && Object.hasOwn(OPTIONS, name) && i + 1 < argv.length) {
      args.push(`${arg}=${argv[i + 1]}`);
      i += 1;
    } else {
      args.push(arg);
    }
  }
  return parseArgs({ args, options: OPTIONS }).values;
}
