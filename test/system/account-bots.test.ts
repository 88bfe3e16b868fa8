/**
 * The example bots as account bots (issue 43 item 7), each an external process against a real
 * server process: the TypeScript one (examples/bot.ts --account, bundled) registers its account,
 * the Python one (clients/python/example_bot.py, Debian's python3) runs with a key it is given;
 * each sets its accept policy and follows its account's events. Each challenges the other (the
 * test acts for the challenger with its key, as its owner would), each accepts, and both games
 * are played at once by the two processes to the end: nobody creates a game by hand. A
 * challenge outside a bot's expansions is declined. The processes end by themselves after their
 * games (`--games 2`); a teardown kills them if a failure leaves them running.
 */
import t from 'tap';
import { CarcassonneClient } from '../../clients/typescript/src/index.js';
import { nodeChild } from '../helpers/child-env.js';
import { exampleBundle } from '../helpers/example-bundle.js';
import { startServer } from '../helpers/server-process.js';
import { tempDatabase } from '../helpers/temp-database.js';
import { patiently, PYTHON, root, start } from './helpers/bot-process.js';

const bundle = exampleBundle(t);

t.test(
  'the TypeScript and the Python example bots accept each other’s challenges and play both games at once',
  async (t) => {
    const server = await startServer(t, tempDatabase(t));
    const api = new CarcassonneClient({ baseUrl: server.url });
    // The Python bot's account, made by its owner; its key is given to the process.
    const py = await api.createAccount({ name: 'PyExample', kind: 'bot' });
    const node = nodeChild(process.execPath, [
      await bundle(),
      '--url',
      server.url,
      '--account',
      'TsExample',
      '--bot',
      'greedy',
      '--expansions',
      'traders-builders,abbey-mayor',
      '--games',
      '2',
    ]);
    const ts = start(t, node.command, node.args, node.env as Record<string, string>);
    const python = start(
      t,
      PYTHON,
      ['example_bot.py', '--url', server.url, '--games', '2', '--expansions', 'abbey-mayor', '--seed', 'ci'],
      { CARCASSONNE_KEY: py.key },
      `${root}clients/python`,
    );
    // The TypeScript bot registered its account: its key is in what it printed, once.
    const tsKey = (await ts.line(/^registered bot account TsExample; its key \(shown once, keep it\): (cak_\S+)$/))[1];
    await ts.line(/^TsExample follows its events/);
    await python.line(/^PyExample follows its events/);
    t.match((await patiently(() => api.getAcceptPolicy(tsKey))).policy, {
      expansions: ['traders-builders', 'abbey-mayor'],
    });

    // Outside the Python bot's expansions: declined by its policy at once.
    const refused = await patiently(() =>
      api.createChallenge(tsKey, { accounts: ['PyExample'], expansions: ['traders-builders'] }),
    );
    t.match(refused, { status: 'declined', reason: /PyExample declined: expansions/ });
    const first = await patiently(() =>
      api.createChallenge(py.key, { accounts: ['TsExample'], expansions: ['abbey-mayor'] }),
    );
    const second = await patiently(() => api.createChallenge(tsKey, { accounts: ['PyExample'] }));

    const [tsEnd, pyEnd] = await Promise.all([ts.exited, python.exited]);
    t.equal(tsEnd.code, 0, `the TypeScript bot ended by itself after its 2 games ${tsEnd.stderr}`);
    t.equal(pyEnd.code, 0, `the Python bot ended by itself after its 2 games ${pyEnd.stderr}`);
    for (const [challenge, key] of [
      [first, py.key],
      [second, tsKey],
    ] as const) {
      const now = await patiently(() => api.getChallenge(key, challenge.id));
      t.equal(now.status, 'started', `challenge ${challenge.id} accepted`);
      const game = await api.state(now.gameId!);
      t.equal(game.status, 'finished', `its game ${now.gameId} played to the end`);
      t.same(
        game.seats.map((s) => s.account?.name),
        challenge === first ? ['PyExample', 'TsExample'] : ['TsExample', 'PyExample'],
        'the challenger first, both accounts seated',
      );
      for (const bot of [ts, python])
        t.ok(
          bot.lines.includes(
            `game ${now.gameId} started: seat ${bot === ts ? (challenge === first ? 1 : 0) : challenge === first ? 0 : 1}`,
          ),
        );
      const scores = game.players.map((p) => p.score).join(', ');
      for (const bot of [ts, python])
        t.ok(bot.lines.includes(`game ${now.gameId} finished: scores ${scores}`), 'told the end with its scores');
    }
    const games = (await patiently(() => api.listMyGames(py.key, { status: 'finished' }))).games;
    t.equal(games.length, 2, 'the Python account sat in the two games, and no other');
  },
);
