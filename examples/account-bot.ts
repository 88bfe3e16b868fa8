/**
 * The example bot as an account bot, as lichess-bot runs on lichess (docs/accounts.md): it
 * registers a bot account (or uses the key it is given), sets its accept policy, then follows
 * the account's events (`followAccount`): a challenge still open (none when the policy answered
 * it) is accepted when it fits, declined otherwise; each game it sits in is played at once on
 * its own game stream (stream-bot.ts, the key acting for the seat), however many there are.
 * With `ladder` it joins the bot ladder once it follows its events (docs/ladder.md): the ladder's
 * games come like any other, and it leaves the ladder when it stops.
 */
import type { BotKind } from 'carcassonne-api/bots';
import { ApiProblem, CarcassonneClient, type AccountEvent, type Schemas } from '../clients/typescript/src/index.js';
import { playSeat } from './stream-bot.js';

type Expansion = NonNullable<Schemas['AcceptPolicy']['expansions']>[number];

export interface AccountBotOptions {
  url: string;
  /** The account's key; without it, `name` is registered as a new bot account. */
  key?: string;
  name?: string;
  bot: BotKind;
  ms: number;
  /** The expansions it plays (a challenge with another is declined). */
  expansions: Expansion[];
  /** Games at once; more are declined (`busy`). */
  maxGames: number;
  /** Ends once this many games ended (none: runs until stopped). */
  games?: number;
  /** Joins the bot ladder with this many ladder games at once, and leaves it when it stops. */
  ladder?: number;
  /** Stops it (as `games` does): SIGINT and SIGTERM, for the command line. */
  signal?: AbortSignal;
  log: (line: string) => void;
}

/** Why a challenge does not fit the bot, or undefined when it does. */
function misfit(options: Schemas['Challenge']['options'], expansions: Expansion[]): string | undefined {
  const other = (options.expansions ?? []).find((e) => !expansions.includes(e));
  return other === undefined ? undefined : `expansions: it does not play ${other}`;
}

/** Registers (or takes the key given), sets the policy, and plays every game it is in until `games` ended. */
export async function runAccountBot(options: AccountBotOptions): Promise<void> {
  const client = new CarcassonneClient({ baseUrl: options.url });
  let key = options.key;
  if (key === undefined) {
    const created = await client.createAccount({ name: options.name!, kind: 'bot' });
    key = created.key;
    // Shown only now: the way to run this bot again as the same account.
    options.log(`registered bot account ${created.name}; its key (shown once, keep it): ${key}`);
  }
  const me = await client.getMyAccount(key);
  await client.setAcceptPolicy(key, { expansions: options.expansions, maxGames: options.maxGames });

  const stop = new AbortController();
  options.signal?.addEventListener('abort', () => stop.abort(), { once: true });
  /** The ladder's join, made once the bot follows; its refusal (a player account's key) stops the bot. */
  let joined: Promise<void> | undefined;
  let refused: { error: unknown } | undefined;
  const joinLadder = (maxGames: number) =>
    client.joinLadder(key, maxGames).then(
      () => options.log(`${me.name} joined the ladder (at most ${maxGames} ladder games at once)`),
      (error: unknown) => {
        refused = { error };
        stop.abort();
      },
    );
  const playing = new Map<string, Promise<void>>();
  let ended = 0;
  const play = (gameId: string, seat: number) => {
    if (playing.has(gameId)) return;
    const game = playSeat({ client, gameId, token: key, seat, bot: options.bot, ms: options.ms }).then(
      (moves) => options.log(`game ${gameId}: played ${moves} moves`),
      (error: unknown) => options.log(`game ${gameId}: ${error instanceof Error ? error.message : String(error)}`),
    );
    playing.set(gameId, game);
  };
  const answer = async (event: AccountEvent) => {
    const id = event.challengeId as string;
    const why = misfit(event.options as Schemas['Challenge']['options'], options.expansions);
    try {
      if (why === undefined) await client.acceptChallenge(key, id);
      else await client.declineChallenge(key, id, why);
      options.log(
        `challenge ${id} from ${String(event.challenger)}: ${why === undefined ? 'accepted' : `declined (${why})`}`,
      );
    } catch (error) {
      // Canceled meanwhile, or answered on another connection: nothing to do.
      if (!(error instanceof ApiProblem && error.code === 'CHALLENGE_NOT_OPEN')) throw error;
    }
  };
  await client.followAccount(
    key,
    {
      challenge: answer,
      gameStarted: (e) => {
        options.log(`game ${e.gameId} started: seat ${e.seat}${e.rated ? ', rated' : ''}`);
        play(e.gameId!, e.seat!);
      },
      // A game already under way when the bot started: its turn is the first news of it.
      yourTurn: (e) => play(e.gameId!, e.seat!),
      gameFinished: (e) => {
        options.log(`game ${e.gameId} ${e.status}${e.scores ? `: scores ${e.scores.join(', ')}` : ''}`);
        if (options.games !== undefined && ++ended >= options.games) stop.abort();
      },
    },
    {
      signal: stop.signal,
      onFollowing: () => {
        options.log(`${me.name} follows its events (${options.bot}; at most ${options.maxGames} games at once)`);
        if (options.ladder !== undefined) joined ??= joinLadder(options.ladder);
      },
    },
  );
  await joined;
  if (refused) throw refused.error;
  if (joined) {
    // No new ladder match for a bot that is gone; the games being played are finished below.
    await client.leaveLadder(key);
    options.log(`${me.name} left the ladder`);
  }
  await Promise.all(playing.values());
}
