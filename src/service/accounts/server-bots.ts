/**
 * The server's own bots as accounts (`docs/accounts.md`): random, greedy and each mcts level
 * (`src/bots/levels.ts`), so that ratings have fixed points to be measured against. They exist on
 * every server, made when the app starts (again on each start and on each node: making one that
 * exists changes nothing); nobody holds a key to them. A seat of such an account is a bot seat
 * the server's bot driver plays, carrying the account for its rating; anyone may seat them, and
 * they accept every challenge the engine takes while their table of games has room.
 */
import { MCTS_LEVELS } from '../../bots/levels.js';
import type { BotSpec } from '../../game-log.js';
import type { AccountStore } from '../../storage/accounts.js';
import { hashToken } from '../lifecycle/seat-tokens.js';
import { nameKey, newAccountKey, newKeyId } from './account-keys.js';

export interface ServerBot {
  /** A fixed id (an account made by `POST /accounts` has a random one of 16 characters). */
  id: string;
  name: string;
  spec: BotSpec;
}

export const SERVER_BOTS: readonly ServerBot[] = [
  { id: 'server-random', name: 'RandomBot', spec: { bot: 'random' } },
  { id: 'server-greedy', name: 'GreedyBot', spec: { bot: 'greedy' } },
  ...MCTS_LEVELS.map((level) => ({
    id: `server-mcts-${level}`,
    name: `MctsBot${level}`,
    spec: { bot: 'mcts' as const, level },
  })),
];

const BY_ID = new Map(SERVER_BOTS.map((b) => [b.id, b.spec]));

/** The bot that plays the account's seats, when the account is one of the server's bots. */
export const serverBotOf = (accountId: string): BotSpec | undefined => BY_ID.get(accountId);

/**
 * Makes the server's bot accounts that do not exist yet; answers the names it could not make
 * because another account took them first (those bots are then missing from this server).
 */
export async function ensureServerBots(store: AccountStore, at: string): Promise<string[]> {
  const taken: string[] = [];
  for (const bot of SERVER_BOTS) {
    const key = nameKey(bot.name);
    const holder = async () => (await store.byNames([key]))[0];
    const before = await holder();
    if (before) {
      if (before.id !== bot.id) taken.push(bot.name);
      continue;
    }
    // A key nobody is told: the account acts only through the server's bot driver.
    const digest = hashToken(newAccountKey());
    let refusal: unknown;
    const made = await store
      .create({
        id: bot.id,
        name: bot.name,
        nameKey: key,
        kind: 'bot',
        createdAt: at,
        key: { id: newKeyId(), digest, createdAt: at },
      })
      .catch((error: unknown) => {
        refusal = error;
        return false;
      });
    if (made) continue;
    // Another node may have made it at the same moment; if nobody did, the store refused (read-only, full).
    const after = await holder();
    if (after === undefined) throw refusal;
    if (after.id !== bot.id) taken.push(bot.name);
  }
  return taken;
}
