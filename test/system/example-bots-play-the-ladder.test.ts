/**
 * Issue 43's "done when": two external bot processes, the TypeScript example bot and the Python
 * one (each through its client), register their bot accounts, join the ladder (`--ladder`), and
 * play rated duplicate matches against each other and the server's bots (RandomBot and MctsBot1,
 * on the ladder by `ladderServerBots`, one match at a time); nobody creates a game. The ladder's rounds run through its
 * timer seam: the test runs one at each nudge (a ladder game ended, a bot joined), so it waits for
 * events, never for a time. Once the pairs TS–Python, TS–server bot and Python–server bot are
 * finished, no round runs and the games in flight end; `GET /ladder` then shows both bots with
 * their ratings (the accounts' own, counting every ladder game they played) and the finished
 * pairs. Stopped by SIGTERM, each bot leaves the ladder and exits. On both stores.
 */
import type { AddressInfo } from 'node:net';
import t from 'tap';
import { CarcassonneClient, type Schemas } from '../../clients/typescript/src/index.js';
import type { LadderRound } from '../../src/service/ladder/ladder.js';
import { nodeChild } from '../helpers/child-env.js';
import { exampleBundle } from '../helpers/example-bundle.js';
import { forEachStore } from '../helpers/stores.js';
import { ladderNode } from '../ladder/helpers.js';
import { patiently, PYTHON, root, start } from './helpers/bot-process.js';

// Beside busy cores the server's bots (workers at nice 19) and both bot processes play slowly: a
// loaded run took 3.5 min on SQLite and over 6 on PostgreSQL. The bounds are for a hang.
t.setTimeout(1_800_000);
const bundle = exampleBundle(t);
const SERVER_BOTS = ['RandomBot', 'MctsBot1'];
const KEY_LINE = (name: string) =>
  new RegExp(`^registered bot account ${name}; its key \\(shown once, keep it\\): (cak_\\S+)$`);

type Pair = Schemas['Ladder']['results'][number];
const involves = (names: readonly string[], pair: { a: string; b: string }) =>
  names.includes(pair.a) || names.includes(pair.b);

forEachStore(t, (t, stores) => {
  t.test(
    "the TypeScript and the Python example bots join the ladder and play rated duplicate matches against each other and the server's bots",
    { timeout: 900_000 },
    async (t) => {
      const node = await ladderNode(t, await stores.location(t), {
        ladderServerBots: { names: SERVER_BOTS, maxGames: 2 },
      });
      await node.app.listen({ port: 0, host: '127.0.0.1' });
      const url = `http://127.0.0.1:${(node.app.server.address() as AddressInfo).port}`;
      const api = new CarcassonneClient({ baseUrl: url });
      // Unique per store: on PostgreSQL a file's tests share one database.
      const [tsName, pyName] = [`TsLadder-${stores.kind}`, `PyLadder-${stores.kind}`];

      const tsCommand = nodeChild(process.execPath, [
        await bundle(),
        ...['--url', url, '--account', tsName, '--bot', 'greedy', '--ladder', '4'],
      ]);
      const ts = start(t, tsCommand.command, tsCommand.args, tsCommand.env as Record<string, string>);
      const py = start(
        t,
        PYTHON,
        ['example_bot.py', '--url', url, '--account', pyName, '--ladder', '4', '--seed', 'ci'],
        {},
        `${root}clients/python`,
      );
      const tsKey = (await ts.line(KEY_LINE(tsName)))[1];
      const pyKey = (await py.line(KEY_LINE(pyName)))[1];
      await ts.line(new RegExp(`^${tsName} joined the ladder \\(at most 4 ladder games at once\\)$`));
      await py.line(new RegExp(`^${pyName} joined the ladder \\(at most 4 ladder games at once\\)$`));
      const externals = [tsName, pyName];
      // Two matches at once each, the server's bots one (they never meet each other): a bot left
      // without a partner in a round is idle at the next, and the least-met pair goes first.

      // A round at each nudge until the three kinds of pair are finished. The nudge is asked for
      // before the round, so that a game ending during the round is not missed.
      const started: LadderRound['started'] = [];
      const finished = new Map<string, Pair>();
      const kinds = () => {
        const pairs = [...finished.values()];
        const between = (x: (n: string) => boolean, y: (n: string) => boolean) =>
          pairs.some((p) => (x(p.a) && y(p.b)) || (x(p.b) && y(p.a)));
        const isServer = (n: string) => SERVER_BOTS.includes(n);
        return [
          between(
            (n) => n === tsName,
            (n) => n === pyName,
          ),
          between((n) => n === tsName, isServer),
          between((n) => n === pyName, isServer),
        ];
      };
      while (!kinds().every(Boolean)) {
        const nudged = node.nudged();
        started.push(...(await node.round()).started);
        for (const pair of (await api.getLadder()).results) finished.set(pair.gameIds.join(), pair);
        if (!kinds().every(Boolean)) await nudged;
      }

      // No round now: the games in flight end, and nothing moves after.
      const ours = started.filter((m) => involves([...externals, ...SERVER_BOTS], m));
      const gameIds = ours.flatMap((m) => m.gameIds);
      const over = async () =>
        (await Promise.all(gameIds.map((id) => api.state(id)))).every(
          (g) => g.status === 'finished' || g.status === 'aborted',
        );
      for (;;) {
        const nudged = node.nudged();
        if (await over()) break;
        await nudged;
      }

      const ladder = await api.getLadder();
      for (const [name, key] of [
        [tsName, tsKey],
        [pyName, pyKey],
      ] as const) {
        const bot = ladder.bots.find((b) => b.name === name);
        t.ok(bot, `${name} is on the ladder`);
        const matches = ours.filter((m) => m.a === name || m.b === name);
        const account = await patiently(() => api.getMyAccount(key));
        t.match(bot, { kind: 'bot', maxGames: 4 });
        t.same(
          bot!.rating,
          {
            mu: account.rating.mu,
            sigma: account.rating.sigma,
            games: 2 * matches.length,
            interval: [account.rating.mu - 2 * account.rating.sigma, account.rating.mu + 2 * account.rating.sigma],
          },
          `${name}: the ladder shows its account's rating, from all its ${2 * matches.length} ladder games`,
        );
        if (name === tsName)
          for (const id of matches.flatMap((m) => m.gameIds))
            t.ok(
              ts.lines.some((l) => l.startsWith(`game ${id} started: `) && l.endsWith(', rated')),
              `${id} is rated`,
            );
        t.ok(bot!.record.pairs >= 2, `${name}: finished pairs in its record (${JSON.stringify(bot!.record)})`);
        // My games has no pages: at most 100, the newest (a fast machine plays more pairs than that).
        const mine = (await patiently(() => api.listMyGames(key, { limit: 100 }))).games.map((g) => g.id).sort();
        const ladderGames = matches.flatMap((m) => m.gameIds).sort();
        if (ladderGames.length <= 100) t.same(mine, ladderGames, `${name} sat in its ladder games and no other`);
        else
          t.ok(
            mine.length === 100 && mine.every((id) => ladderGames.includes(id)),
            `${name}: its newest 100 games are ladder games`,
          );
      }
      for (const name of SERVER_BOTS)
        t.match(
          ladder.bots.find((b) => b.name === name),
          { kind: 'bot', maxGames: 2, rating: { games: Number } },
          `${name} is on the ladder, rated`,
        );

      // Each finished pair: two rated games, the seats swapped, its points the games' scores.
      const shown = ladder.results.filter((p) => involves(externals, p));
      t.ok(shown.length >= 3, 'the ladder shows the external bots’ finished pairs');
      for (const pair of shown) {
        const games = await Promise.all(pair.gameIds.map((id) => api.state(id)));
        t.same(
          games.map((g) => [g.status, g.seats.map((s) => s.account?.name)]),
          [
            ['finished', [pair.a, pair.b]],
            ['finished', [pair.b, pair.a]],
          ],
          `${pair.a} against ${pair.b}: one game each way round`,
        );
        t.same(
          pair.points,
          [
            [games[0].players[0].score, games[0].players[1].score],
            [games[1].players[1].score, games[1].players[0].score],
          ],
          'its points are the games’ final scores, from a’s side',
        );
      }

      // Stopped, each bot leaves the ladder and exits by itself.
      ts.terminate();
      py.terminate();
      const [tsEnd, pyEnd] = await Promise.all([ts.exited, py.exited]);
      t.equal(tsEnd.code, 0, `the TypeScript bot exited cleanly ${tsEnd.stderr}`);
      t.equal(pyEnd.code, 0, `the Python bot exited cleanly ${pyEnd.stderr}`);
      t.ok(ts.lines.includes(`${tsName} left the ladder`) && py.lines.includes(`${pyName} left the ladder`));
      t.same(
        (await api.getLadder()).bots.filter((b) => externals.includes(b.name)),
        [],
        'both are off the ladder',
      );
    },
  );
});
