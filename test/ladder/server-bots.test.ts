/**
 * The server's own bots on the ladder (`LADDER_SERVER_BOTS`, docs/ladder.md), on SQLite and
 * PostgreSQL: enlisted when the app starts, they play duplicate pairs against the other bots (the
 * server's bot driver plays their seats, which are bot seats carrying their accounts), never
 * against each other; their results count on the ladder and in their ratings.
 */
import t from 'tap';
import { forEachStore } from '../helpers/stores.js';
import { ladderBot, ladderNode, playMatches } from './helpers.js';

const SERVER = ['RandomBot', 'GreedyBot'];

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
});
