/**
 * The example bots (`npm run bot`, examples/bot.ts) against a real server process, to the end of
 * the game: every seat in its own connection waiting on the stream, the greedy bot looking ahead
 * with the engine library; and seats joined mid-game with their tokens.
 */
import { createServer, type AddressInfo } from 'node:net';
import t from 'tap';
import { execNode } from '../helpers/child-env.js';
import { exampleBundle } from '../helpers/example-bundle.js';
import { parseBotArgs } from '../../examples/args.js';
import { client, serverOnFirstUse } from '../helpers/server-process.js';
import { tempDatabase } from '../helpers/temp-database.js';

const root = new URL('../..', import.meta.url).pathname;

/**
 * The server the tests play on: one for the file, stopped when it ends. Each test makes games of
 * its own and reads back only those; a server process of their own would prove nothing more and
 * cost a start each (~2 s of CPU, with its coverage).
 */
const server = serverOnFirstUse(t, tempDatabase(t));

/** `npm run bot -- ...args`, as the README runs it; answers its stdout. */
async function bot(...args: string[]): Promise<string> {
  const { stdout } = await execNode('npm', ['run', '--silent', 'bot', '--', ...args], {
    cwd: root,
    maxBuffer: 16 << 20,
  });
  return stdout;
}

/** examples/bot.ts bundled once for the file (`bot` above already proves `npm run bot` itself, in the whole game it plays). */
const bundle = exampleBundle(t);

/** The script `npm run bot` runs (examples/bot.ts) with `args`, as one plain Node process (`bundle`). */
async function botScript(...args: string[]): Promise<{ stdout: string; stderr: string }> {
  return execNode(process.execPath, [await bundle(), ...args], { cwd: root, maxBuffer: 16 << 20 });
}

t.test('a game id or seat token beginning with "-" is taken as the value it is, not as an option', async (t) => {
  // Ids and tokens are base64url: about one in 32 begins with "-" (a CI run met "-nmZ0Gly2osvqz5E").
  const values = parseBotArgs([
    '--url',
    'http://h:1',
    '--game',
    '-nmZ0Gly2osvqz5E',
    '--seat',
    '--tok-en',
    '--index',
    '1',
    '--bot',
    'greedy',
  ]);
  t.same(
    { url: values.url, game: values.game, seat: values.seat, index: values.index, bot: values.bot },
    { url: 'http://h:1', game: '-nmZ0Gly2osvqz5E', seat: '--tok-en', index: '1', bot: 'greedy' },
  );
  t.same(parseBotArgs(['--game=-x', '--new', '3']).game, '-x', 'the joined form too');
  t.equal(parseBotArgs([]).url, 'http://127.0.0.1:3000', 'defaults kept');
  t.throws(
    () => parseBotArgs(['--colour', 'red']),
    { code: 'ERR_PARSE_ARGS_UNKNOWN_OPTION' },
    'an unknown option is still refused',
  );
});

t.test('--ladder takes its number of games at once, or 2 when none follows it', async (t) => {
  t.equal(parseBotArgs(['--account', 'A', '--ladder', '6']).ladder, '6');
  t.equal(parseBotArgs(['--account', 'A', '--ladder']).ladder, '2', 'last on the line');
  t.equal(parseBotArgs(['--ladder', '--account', 'A']).account, 'A', 'before another option');
  t.equal(parseBotArgs(['--ladder', '--account', 'A']).ladder, '2');
  t.equal(parseBotArgs(['--account', 'A']).ladder, undefined, 'not on the ladder without it');
});

t.test('npm run bot -- --new 3 --bot greedy plays a 3-player game with both expansions to the end', async (t) => {
  const { url } = await server();
  const out = await bot('--url', url, '--new', '3', '--bot', 'greedy');
  const id = /^game (\S+): greedy-0, greedy-1, greedy-2$/m.exec(out)?.[1];
  t.ok(id, 'names the game and its bots');
  const state = (await client(url).get(`/games/${id}`)).body;
  t.equal(state.status, 'finished');
  t.same(state.expansions, ['traders-builders', 'abbey-mayor']);
  const scores = state.players.map((p: { name: string; score: number }) => `${p.name} ${p.score}`).join(', ');
  t.match(out, `final scores: ${scores}`, "the final scores are the server's");
  t.match(
    out,
    /^v\d+ (final )?(city|road|monastery|field|abbey) \(\d+ tiles?, [a-z-]+\): \S+ \+\d+/m,
    'scoring events in words',
  );
  const lines = out.trim().split('\n');
  t.ok(
    lines.slice(1, -1).every((line) => /^v\d+ .*: (\S+ \+[1-9]\d*(, )?)+$/.test(line)),
    'nothing but the scoring that gave points',
    { lines },
  );
  t.notMatch(out, 'nobody');
  const moves = (await client(url).get(`/games/${id}/moves?limit=1000`)).body.moves;
  t.match(out, `${moves.length} moves;`, 'every move of the log was played by the bots');
});

t.test('--bot mcts plays through the bots library', async (t) => {
  const { url } = await server();
  const { stdout: out } = await botScript('--url', url, '--new', '2', '--bot', 'mcts,greedy', '--ms', '10');
  const id = /^game (\S+): mcts-0, greedy-1$/m.exec(out)?.[1];
  t.ok(id, 'names the game and its bots');
  t.equal((await client(url).get(`/games/${id}`)).body.status, 'finished');
  t.match(out, /final scores: mcts-0 \d+, greedy-1 \d+/);
});

/** `botScript(...args)`, expected to fail: its exit status and what it wrote. */
async function failing(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const run = botScript(...args);
  const error = (await run.then(
    () => new Error('it succeeded'),
    (e: unknown) => e,
  )) as { code: number; stdout: string; stderr: string };
  return error;
}

t.test('--help prints the usage and exits 0; mistakes are one line that says what to do', async (t) => {
  const { stdout: help } = await botScript('--help');
  t.match(help, /^Usage: npm run bot -- \[options\]/);
  for (const option of ['--new', '--seat', '--game', '--url', '--bot', '--ms', '--help']) t.match(help, option);
  const { url } = await server();
  // A port nobody listens on: taken from the system, then let go.
  const closed = createServer();
  await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
  const nobody = (closed.address() as AddressInfo).port;
  await new Promise((done) => closed.close(done));
  const cases: [string[], number, RegExp][] = [
    [['--colour', 'red'], 2, /^bot: Unknown option '--colour' \(npm run bot -- --help tells the options\)$/],
    [['--new', '2', '--bot', 'clever'], 2, /^bot: --bot: one of random, greedy, mcts, not "clever"/],
    [['--new', '9'], 2, /^bot: --new: 2 to 6 players/],
    [[], 2, /^bot: give --new N, or --seat LINK/],
    [
      ['--url', `http://127.0.0.1:${nobody}`, '--new', '2'],
      1,
      /^bot: cannot reach the server at http:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED\): start it with `npm start`, or give its address with --url$/,
    ],
    [
      ['--url', url, '--game', 'no-such-game', '--seat', 'x'],
      1,
      /^bot: http:\/\/127\.0\.0\.1:\d+ has no such game .*: check --game or the seat link$/,
    ],
  ];
  // Each case is a process of its own: run at once, checked in order.
  const runs = await Promise.all(cases.map(([args]) => failing(...args)));
  for (const [i, [args, code, message]] of cases.entries()) {
    const run = runs[i];
    t.equal(run.code, code, `${args.join(' ')}: exit ${code}`);
    t.match(run.stderr.trim(), message, args.join(' '));
    t.equal(run.stderr.trim().split('\n').length, 1, 'one line, no stack');
  }
});

t.test('bots given a seat token join a game already under way and finish it', async (t) => {
  const { url } = await server();
  const http = client(url);
  const game = (await http.post('/games', { players: [{ name: 'Ann' }, { name: 'Bob' }], seed: 'late' })).body;
  for (let i = 0; i < 5; i++) {
    const legal = (await http.get(`/games/${game.id}/legal-moves`)).body;
    const played = await http.post(
      `/games/${game.id}/moves`,
      { expectedVersion: legal.version, move: legal.moves[0] },
      { authorization: `Bearer ${game.seats[legal.actor].token}` },
    );
    t.equal(played.status, 201);
  }
  // Seat 0 from its parts, seat 1 from the link the web lobby gives (server, game, seat and token in one).
  const link = (n: number) => `${url}/play/game.html#id=${game.id}&n=${n}&seat=${game.seats[n].token}`;
  const seat = (n: number, kind: string) =>
    n === 0
      ? botScript('--url', url, '--game', game.id, '--seat', game.seats[n].token, '--index', String(n), '--bot', kind)
      : botScript('--seat', link(n), '--bot', kind);
  const [ann, bob] = (await Promise.all([seat(0, 'greedy'), seat(1, 'random')])).map((run) => run.stdout);
  const state = (await http.get(`/games/${game.id}`)).body;
  t.equal(state.status, 'finished');
  const scores = state.players.map((p: { name: string; score: number }) => `${p.name} ${p.score}`).join(', ');
  for (const out of [ann, bob]) t.match(out, `final scores: ${scores}`);
  const played = [ann, bob].map((out) => Number(/played (\d+) moves/.exec(out)?.[1]));
  t.equal(played[0] + played[1] + 5, state.version, 'the two bots played every move after the fifth');
});
