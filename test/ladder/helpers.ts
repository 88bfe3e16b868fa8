/**
 * The ladder for the tests: an app whose ladder rounds the test runs (the timer seam), and bot
 * accounts that play their ladder games over HTTP with their keys, in one of two styles: `meeples`
 * chooses uniformly among the legal moves (undo apart), `passive` places each tile where it is
 * first listed and never places a figure, so it never scores and loses to `meeples`.
 */
import type { Test } from 'tap';
import { seededRandom } from '../../src/engine/rng.js';
import type { LadderRound } from '../../src/service/ladder/ladder.js';
import type { StoreLocation } from '../../src/storage/open-store.js';
import { testApp, type App, type TestAppOptions } from '../http/helpers/app.js';
import { keyed, newAccount, type TestAccount } from '../accounts/helpers.js';

export type Style = 'meeples' | 'passive';

export interface LadderNode {
  app: App;
  /** Runs one ladder round on this node. */
  round: () => Promise<LadderRound>;
  /** Resolves when this node ends a ladder game or a bot joins here (what starts a round on a server). */
  nudged: () => Promise<void>;
}

/** An app over `database` whose ladder rounds run only when the test calls `round`. */
export async function ladderNode(
  t: Test,
  database?: StoreLocation,
  options: Partial<TestAppOptions> = {},
): Promise<LadderNode> {
  let round: LadderNode['round'] | undefined;
  let heard: (() => void)[] = [];
  const app = await testApp(t, {
    ...options,
    database,
    // The bots play fast: their requests are not what is tested.
    accountRateLimit: { perSecond: 0, burst: 0 },
    rateLimit: { perSecond: 0, burst: 0 },
    ladderTimer: (run, nudged) => {
      round = run;
      return nudged(() => {
        for (const resolve of heard) resolve();
        heard = [];
      });
    },
  });
  return {
    app,
    round: () => round!(),
    nudged: () => new Promise((resolve) => heard.push(resolve)),
  };
}

/** A bot account on the ladder with `maxGames` games at once; off it when `t` ends. */
export async function ladderBot(t: Test, app: App, maxGames: number): Promise<TestAccount> {
  const bot = await newAccount(app, 'bot');
  const res = await app.inject({
    method: 'PUT',
    url: '/accounts/me/ladder',
    headers: keyed(bot),
    payload: { maxGames },
  });
  if (res.statusCode !== 200) throw new Error(`join: ${res.statusCode} ${res.body}`);
  t.teardown(() => app.inject({ method: 'DELETE', url: '/accounts/me/ladder', headers: keyed(bot) }));
  return bot;
}

interface Legal {
  version: number;
  actor: number | null;
  moves: { type: string }[];
}

function choose(moves: Legal['moves'], style: Style, random: () => number) {
  if (style === 'passive') return moves.find((m) => m.type === 'pass') ?? moves[0];
  const choices = moves.filter((m) => m.type !== 'undo');
  return choices[Math.floor(random() * choices.length)];
}

/**
 * Plays game `gameId` to its end: each turn by the account seated there (`seats`, in seat
 * order), in its style; a seat without an account here (null: one of the server's bots) is the
 * server's to play, and the game is waited on (a long-poll) meanwhile.
 */
export async function playGame(
  app: App,
  gameId: string,
  seats: readonly (TestAccount | null)[],
  styles: ReadonlyMap<string, Style> = new Map(),
): Promise<void> {
  const random = seededRandom(gameId);
  for (;;) {
    const legal = (await app.inject({ url: `/games/${gameId}/legal-moves` })).json<Legal>();
    if (legal.actor === null) return;
    const who = seats[legal.actor];
    if (!who) {
      await app.inject({ url: `/games/${gameId}/legal-moves?after=${legal.version}&wait=30` });
      continue;
    }
    const move = choose(legal.moves, styles.get(who.name) ?? 'meeples', random);
    const res = await app.inject({
      method: 'POST',
      url: `/games/${gameId}/moves`,
      headers: { ...keyed(who), prefer: 'return=minimal' },
      payload: { expectedVersion: legal.version, move },
    });
    if (res.statusCode !== 201) throw new Error(`move in ${gameId}: ${res.statusCode} ${res.body}`);
  }
}

/**
 * Plays both games of each match a round started: the first with a in seat 0, the second with b;
 * `serverBots` are the names of the server's bots, whose seats the server plays.
 */
export function playMatches(
  app: App,
  round: LadderRound,
  bots: readonly TestAccount[],
  styles?: ReadonlyMap<string, Style>,
  serverBots: readonly string[] = [],
): Promise<void[]> {
  const byName = new Map<string, TestAccount | null>(bots.map((b) => [b.name, b]));
  for (const name of serverBots) byName.set(name, null);
  return Promise.all(
    // Only the matches of these bots (on PostgreSQL, a test file's tests share one ladder).
    round.started
      .filter((m) => byName.has(m.a) && byName.has(m.b))
      .flatMap(({ a, b, gameIds }) => [
        playGame(app, gameIds[0], [byName.get(a)!, byName.get(b)!], styles),
        playGame(app, gameIds[1], [byName.get(b)!, byName.get(a)!], styles),
      ]),
  );
}
