/**
 * The server's own bots on the ladder (`LADDER_SERVER_BOTS`, docs/ladder.md), on SQLite and
 * PostgreSQL: enlisted when the app starts, they play duplicate pairs against the other bots (the
 * server's bot driver plays their seats, which are bot seats carrying their accounts), never
 * against each other unless `LADDER_SERVER_BOTS_MEET` lets them (a run that rates them); their
 * results count on the ladder and in their ratings.
 */
import t from 'tap';
import { forEachStore } from '../helpers/stores.js';
import { ladderBot, ladderNode, playMatches } from './helpers.js';

const SERVER = ['RandomBot', 'GreedyBot'];
const MEETING = ['MctsBot1', 'MctsBot2'];

forEachStore(t, (t, stores) => {
  t.test("the server's bots play the ladder against the other bots, never against each other", async (t) => {
    const node = await ladderNode(t, await stores.location(t), { ladderServerBots: { names: SERVER, maxGames: 2 } });
    const { app } = node;
    await app.ready();
    const page = async () => (await app.inject({ url: '/ladder' })).json();
    t.same(
      (await page()).bots
        .map((b: { name: string }) => b.name)
        .filter((n: string) => SERVER.includes(n))
        .sort(),
      [...SERVER].sort(),
      'enlisted at start',
    );
    t.same((await node.round()).started, [], 'alone on the ladder, they do not meet each other');

    const ann = await ladderBot(t, app, 4);
    const first = await node.round();
    t.same(
      first.started.map((m) => [m.a, m.b].sort()),
      [
        [ann.name, 'GreedyBot'],
        [ann.name, 'RandomBot'],
      ].map((p) => p.sort()),
      'one match against each server bot',
    );
    const [game] = first.started[0].gameIds;
    const seats = (await app.inject({ url: `/games/${game}` })).json().seats;
    const server = seats.find((s: { account: { name: string } }) => SERVER.includes(s.account.name));
    t.match(server, { kind: 'bot', account: { kind: 'bot' } }, "a server bot's seat is a bot seat with its account");

    await playMatches(app, first, [ann], new Map(), SERVER);
    const settled = await node.round();
    t.equal(settled.settled.length, 2, 'both pairs counted');
    const after = await page();
    for (const name of SERVER) {
      const bot = after.bots.find((b: { name: string }) => b.name === name);
      t.equal(bot.record.pairs, 1, `${name} has a pair`);
      t.equal(bot.rating.games, 2, `${name}'s rating counts its two games`);
    }
    // Ann leaves; the server's bots are left alone and start nothing.
    await app.inject({ method: 'DELETE', url: '/accounts/me/ladder', headers: { authorization: `Bearer ${ann.key}` } });
    const idle = await node.round();
    t.same(
      idle.started.filter((m) => SERVER.includes(m.a) && SERVER.includes(m.b)),
      [],
    );
  });

  t.test(
    "LADDER_SERVER_BOTS_MEET: the server's bots play duplicate pairs against each other, which rate them",
    async (t) => {
      // Two others than the test above's: on PostgreSQL its last round left them a match that
      // nobody plays. The search is cut short: its strength is not what is tested.
      const node = await ladderNode(t, await stores.location(t), {
        ladderServerBots: { names: MEETING, maxGames: 2, meet: true },
        bots: { moveIterations: 8 },
      });
      const { app } = node;
      await app.ready();
      // On PostgreSQL the file's tests share one ladder: the counts are read before and after.
      const records = async () =>
        new Map(
          (await app.inject({ url: '/ladder' }))
            .json()
            .bots.map((b: { name: string; record: { pairs: number }; rating: { games: number } }) => [
              b.name,
              [b.record.pairs, b.rating.games],
            ]),
        );
      const before = await records();
      const first = await node.round();
      const theirs = first.started.filter((m) => MEETING.includes(m.a) && MEETING.includes(m.b));
      t.same(
        theirs.map((m) => [m.a, m.b].sort()),
        [[...MEETING].sort()],
        'alone on the ladder, they meet each other',
      );
      // The server's bot driver plays both games: the test waits for their ends.
      await playMatches(app, { ...first, started: theirs }, [], new Map(), MEETING);
      t.ok((await node.round()).settled.includes(theirs[0].id), 'the pair counted');
      const after = await records();
      for (const name of MEETING) {
        const [pairs, games] = before.get(name) as [number, number];
        t.same(after.get(name), [pairs + 1, games + 2], `${name}: a pair more on the ladder, two rated games more`);
      }
    },
  );
});
