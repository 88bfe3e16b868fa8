/**
 * The server's own bots on the ladder (`LADDER_SERVER_BOTS`, docs/ladder.md): nobody holds a key
 * to them, so the server puts those named on the ladder when it starts, each with
 * `SERVER_BOT_LADDER_GAMES` games at once, and takes the others off. The ladder's ratings are then
 * anchored by bots whose strength does not change.
 */
import { SERVER_BOTS } from '../accounts/server-bots.js';
import type { Accounts } from '../accounts/accounts.js';
import { ServiceError } from '../service-error.js';
import type { Ladder } from './ladder.js';

/** Two matches at once: a server bot is never the ladder's bottleneck, nor its whole load. */
export const SERVER_BOT_LADDER_GAMES = 4;

/** The names `LADDER_SERVER_BOTS` may list. */
export const SERVER_BOT_NAMES: readonly string[] = SERVER_BOTS.map((b) => b.name);

/** Puts the server's bots named on the ladder, and takes the others off (every node does the same). */
export async function serverBotsOnLadder(ladder: Ladder, accounts: Accounts, names: readonly string[]): Promise<void> {
  for (const bot of SERVER_BOTS) {
    const account = await accounts.byName(bot.name).catch(() => undefined);
    // Another account holds the name on this server: that bot has no account here.
    if (account?.id !== bot.id) continue;
    if (names.includes(bot.name)) await ladder.join(account, SERVER_BOT_LADDER_GAMES);
    else
      await ladder.leave(account).catch((error: unknown) => {
        if (!(error instanceof ServiceError && error.code === 'LADDER_ENTRY_NOT_FOUND')) throw error;
      });
  }
}
