/**
 * The bot ladder (`docs/ladder.md`) on SQLite and PostgreSQL, over HTTP, from real games played
 * by bot accounts with their keys: joining and leaving, duplicate pairs (one pile, the seats
 * swapped), each bot within its games at once across rounds on two nodes, a pair counted once
 * when two nodes settle it at once, and the ladder's page.
 */
import t from 'tap';
import { LadderResponse, LadderEntryResponse } from '../../src/http/schemas/ladder.js';
import { openStore } from '../../src/storage/open-store.js';
import { forEachStore } from '../helpers/stores.js';
import { conforms } from '../http/helpers/schema.js';
import { keyed, newAccount, type TestAccount } from '../accounts/helpers.js';
import type { App } from '../http/helpers/app.js';
import type { LadderRound } from '../../src/service/ladder/ladder.js';
import { ladderBot, ladderNode, playGame, playMatches } from './helpers.js';

const ladderPage = async (app: App) => (await app.inject({ url: '/ladder' })).json();
interface PageBot {
  name: string;
  record: { pairs: number; won: number; split: number; lost: number; points: number };
}
const botOf = (page: { bots: PageBot[] }, bot: TestAccount): PageBot => page.bots.find((b) => b.name === bot.name)!;

/** The tiles a game drew, in order: its pile as played. */
async function tilesDrawn(app: App, id: string): Promise<string[]> {
  type Event = { type: string; tile?: string };
  const res = await app.inject({ url: `/games/${id}/events` });
  const { created, events } = res.json<{ created: Event[]; events: { events: Event[] }[] }>();
  return [...created, ...events.flatMap((e) => e.events)].filter((e) => e.type === 'tileDrawn').map((e) => e.tile!);
}

/** Each bot's games not over now, from its own listing. */
async function gamesAtOnce(app: App, bots: readonly TestAccount[]): Promise<number[]> {
  return Promise.all(
    bots.map(async (bot) => {
      const res = await app.inject({ url: '/accounts/me/games?status=active', headers: keyed(bot) });
      return res.json<{ games: unknown[] }>().games.length;
    }),
  );
}

forEachStore(t, (t, stores) => {
  t.test(
    'a bot account joins and leaves the ladder; a player account is refused; bad input changes nothing',
    async (t) => {
      const { app } = await ladderNode(t, await stores.location(t));
      const bot = await newAccount(app, 'bot');
      const player = await newAccount(app, 'player');
      const put = (who: TestAccount, payload: object) =>
        app.inject({ method: 'PUT', url: '/accounts/me/ladder', headers: keyed(who), payload });

      t.equal(
        (await app.inject({ url: '/accounts/me/ladder', headers: keyed(bot) })).json().code,
        'LADDER_ENTRY_NOT_FOUND',
      );
      const refused = await put(player, { maxGames: 4 });
      t.same([refused.statusCode, refused.json().code], [403, 'LADDER_BOTS_ONLY']);
      for (const payload of [{ maxGames: 1 }, { maxGames: 'x' }, {}, { maxGames: 4, extra: 1 }, { maxGames: 101 }])
        t.same(
          [(await put(bot, payload)).statusCode, (await put(bot, payload)).json().code],
          [400, 'BAD_REQUEST'],
          JSON.stringify(payload),
        );
      t.equal((await put({ ...bot, key: 'cak_nope' }, { maxGames: 4 })).statusCode, 401);
      t.notOk(botOf(await ladderPage(app), bot), 'nothing changed');

      const joined = await put(bot, { maxGames: 4 });
      t.equal(joined.statusCode, 200, joined.body);
      conforms(t, LadderEntryResponse, joined.json(), 'entry');
      t.match(joined.json(), { name: bot.name, maxGames: 4 });
      t.equal((await put(bot, { maxGames: 6 })).json().maxGames, 6, 'joining again changes the games at once');
      const page = await ladderPage(app);
      conforms(t, LadderResponse, page, 'ladder');
      t.match(botOf(page, bot), {
        name: bot.name,
        kind: 'bot',
        maxGames: 6,
        playing: 0,
        rating: { mu: 25, games: 0 },
        record: { pairs: 0 },
      });

      const left = await app.inject({ method: 'DELETE', url: '/accounts/me/ladder', headers: keyed(bot) });
      t.equal(left.statusCode, 204);
      t.notOk(botOf(await ladderPage(app), bot), 'off the ladder');
      const again = await app.inject({ method: 'DELETE', url: '/accounts/me/ladder', headers: keyed(bot) });
      t.same([again.statusCode, again.json().code], [404, 'LADDER_ENTRY_NOT_FOUND']);
    },
  );

  t.test('a duplicate pair has the same tile order with the seats swapped, and is one result', async (t) => {
    const location = await stores.location(t);
    const node = await ladderNode(t, location);
    const { app } = node;
    const joined = node.nudged();
    const ann = await ladderBot(t, app, 2);
    await joined;
    t.pass('a bot joining calls a round');
    const bob = await ladderBot(t, app, 2);

    const round = await node.round();
    const match = round.started.find((m) => [m.a, m.b].includes(ann.name));
    t.ok(match, 'the round started a match for the two bots');
    const [a, b] = [ann, bob].sort((x, y) => (x.name === match!.a ? -1 : y.name === match!.a ? 1 : 0));
    t.same([match!.a, match!.b], [a.name, b.name]);
    const [first, second] = await Promise.all(
      match!.gameIds.map(async (id) => (await app.inject({ url: `/games/${id}` })).json()),
    );
    t.same(
      first.seats.map((s: { account: { name: string } }) => s.account.name),
      [a.name, b.name],
    );
    t.same(
      second.seats.map((s: { account: { name: string } }) => s.account.name),
      [b.name, a.name],
      'the seats swapped',
    );
    t.match(first, { status: 'active', clock: { turnSeconds: 60, onTimeout: 'forfeit' } });
    t.equal(first.pile, second.pile);
    t.equal(first.drawnTile, second.drawnTile, 'the same first draw');
    t.type(first.drawnTile, 'string');

    // The seed never leaves the store; the tests read it there.
    const store = await openStore(location);
    t.teardown(() => store.close());
    const setups = await Promise.all(match!.gameIds.map(async (id) => (await store.findGame(id))!.setup));
    t.equal(setups[0].seed, setups[1].seed, 'one seed');
    t.notOk(JSON.stringify(first).includes(setups[0].seed), 'which the state never shows');

    const heard = node.nudged();
    await playGame(app, match!.gameIds[0], [a, b]);
    await heard;
    t.pass('the end of a ladder game on this node calls a round');
    t.same((await node.round()).settled, [], 'half a pair is no result');
    await playGame(app, match!.gameIds[1], [b, a]);
    const settled = await node.round();
    t.same(settled.settled, [match!.id]);

    const drawn = await Promise.all(match!.gameIds.map((id) => tilesDrawn(app, id)));
    t.ok(drawn[0].length > 60, `${drawn[0].length} tiles drawn`);
    t.same(drawn[0], drawn[1], 'the same tiles in the same order');

    const page = await ladderPage(app);
    conforms(t, LadderResponse, page, 'ladder');
    const result = page.results.find((r: { id: string }) => r.id === match!.id);
    const games = await Promise.all(
      match!.gameIds.map(async (id) => (await app.inject({ url: `/games/${id}` })).json()),
    );
    t.same(result.points, [games[0].scores, [games[1].scores[1], games[1].scores[0]]], "each game's points, a's first");
    const halves = (x: number, y: number) => (x > y ? 2 : x === y ? 1 : 0);
    t.equal(
      result.halves,
      halves(result.points[0][0], result.points[0][1]) + halves(result.points[1][0], result.points[1][1]),
    );
    const recordA = botOf(page, a).record;
    const recordB = botOf(page, b).record;
    t.equal(recordA.pairs, 1);
    t.equal(recordB.pairs, 1);
    t.equal(recordA.points + recordB.points, 2, 'two games shared');
    t.same([recordA.won, recordA.split, recordA.lost], [recordB.lost, recordB.split, recordB.won]);
    t.equal((await node.round()).settled.length, 0, 'a pair is counted once');
    t.equal(botOf(await ladderPage(app), a).record.pairs, 1);
  });

  t.test('a bot never exceeds its games at once, over rounds on two nodes', async (t) => {
    const location = await stores.location(t);
    const nodes = [await ladderNode(t, location), await ladderNode(t, location)];
    const app = nodes[0].app;
    const bots = [await ladderBot(t, app, 2), await ladderBot(t, app, 4), await ladderBot(t, app, 4)];
    const limits = [2, 4, 4];
    const byName = new Map(bots.map((b) => [b.name, b]));
    let finished = 0;
    const check = async (when: string) => {
      const rounds = await Promise.all(nodes.map((n) => n.round()));
      finished += rounds.flatMap((r) => r.settled).length;
      const now = await gamesAtOnce(app, bots);
      t.ok(
        now.every((n, i) => n <= limits[i]),
        `${when}: games at once ${now.join(', ')} within ${limits.join(', ')}`,
      );
      return { now, started: rounds.flatMap((r) => r.started).filter((m) => byName.has(m.a)) };
    };
    const first = await check('first rounds');
    // The 2-game bot plays one match, the other two one with it and one together: 8 games.
    t.same([first.now[0], first.now[1] + first.now[2]], [2, 6], 'the first rounds fill every table a match fits in');
    let playing = first.started;
    for (let step = 1; finished < 5; step++) {
      const seats = (m: (typeof playing)[number], game: 0 | 1) =>
        game === 0 ? [byName.get(m.a)!, byName.get(m.b)!] : [byName.get(m.b)!, byName.get(m.a)!];
      // Half of each match first: the 2-game bot then has one game free, less than a match needs.
      await Promise.all(playing.map((m) => playGame(nodes[step % 2].app, m.gameIds[0], seats(m, 0))));
      const half = await check(`step ${step}, first games over`);
      t.equal(half.now[0], 1, 'the 2-game bot, one game free, starts no match: a match is two games');
      await Promise.all(playing.map((m) => playGame(nodes[step % 2].app, m.gameIds[1], seats(m, 1))));
      playing = (await check(`step ${step}, pairs over`)).started;
    }
    const page = await ladderPage(app);
    const pairs = bots.map((b) => botOf(page, b).record.pairs);
    t.equal(
      pairs.reduce((x, y) => x + y, 0),
      finished * 2,
      'every pair finished counted for both its bots',
    );
  });

  t.test('two nodes deciding at once start one match and settle it once', async (t) => {
    const location = await stores.location(t);
    const nodes = [await ladderNode(t, location), await ladderNode(t, location)];
    const bots = [await ladderBot(t, nodes[0].app, 2), await ladderBot(t, nodes[1].app, 3)];
    const names = new Set(bots.map((b) => b.name));
    const mine = (r: LadderRound) => r.started.filter((m) => names.has(m.a));

    const rounds = await Promise.all(nodes.map((n) => n.round()));
    const started = rounds.flatMap(mine);
    t.equal(started.length, 1, 'one match, though both nodes decided');
    t.same(await gamesAtOnce(nodes[0].app, bots), [2, 2]);
    await playMatches(nodes[1].app, { started, settled: [] }, bots);

    const settling = await Promise.all(nodes.map((n) => n.round()));
    t.same(
      settling.flatMap((r) => r.settled),
      [started[0].id],
      'settled by one node only',
    );
    t.equal(settling.flatMap(mine).length, 1, 'and the next match started once');
    const page = await ladderPage(nodes[1].app);
    t.same(
      bots.map((b) => botOf(page, b).record.pairs),
      [1, 1],
    );
  });
});
