/**
 * The Python client (clients/python, standard library only): its unit tests (retries with one
 * Idempotency-Key, the stream's parser, the types in step with the OpenAPI document), and its
 * example bot creating a game against a real server and playing every seat to the end.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import t from 'tap';
import { execNode } from '../helpers/child-env.js';
import { tempDatabase } from '../helpers/temp-database.js';
import { client, startServer } from '../helpers/server-process.js';

const root = new URL('../..', import.meta.url).pathname;
const dir = join(root, 'clients', 'python');

/**
 * The interpreter `python3` runs, when it is 3.11 or later: asked once, and then started
 * directly. A version manager's `python3` (pyenv's shim here) is a shell script that finds the
 * interpreter again on every start, ~0.4 s of CPU each time.
 */
function python(): string | undefined {
  try {
    const [version, executable] = execFileSync(
      'python3',
      ['-c', 'import sys; print(sys.version_info >= (3, 11)); print(sys.executable)'],
      { encoding: 'utf8' },
    )
      .trim()
      .split('\n');
    return version === 'True' && executable ? executable : undefined;
  } catch {
    return undefined;
  }
}
const interpreter = python();
// CI installs python3 (.ci/run) and must run these; elsewhere they may be skipped.
const skip = interpreter || process.env.CI ? false : 'no python3 (3.11 or later) on this machine';
const PYTHON = interpreter ?? 'python3';

t.test("the Python client's unit tests pass", { skip }, async (t) => {
  const { stderr } = await execNode(PYTHON, ['-m', 'unittest', 'discover', '-s', dir, '-p', 'test_*.py'], {
    cwd: dir,
  });
  t.match(stderr, /^Ran \d+ tests in .*\n\nOK/m, 'unittest says OK', { stderr });
});

t.test('example_bot.py --new 2 plays every seat of a new game to the end', { skip }, async (t) => {
  const server = await startServer(t, tempDatabase(t));
  const { stdout } = await execNode(
    PYTHON,
    [join(dir, 'example_bot.py'), '--url', server.url, '--new', '2', '--seed', 'ci'],
    { cwd: root },
  );
  const id = /^game (\S+): python-0, python-1$/m.exec(stdout)?.[1];
  t.ok(id, 'names the game');
  const state = (await client(server.url).get(`/games/${id}`)).body;
  t.equal(state.status, 'finished');
  t.same(state.expansions, ['traders-builders', 'abbey-mayor']);
  const scores = state.players.map((p: { name: string; score: number }) => `${p.name} ${p.score}`).join(', ');
  t.match(
    stdout,
    `${state.version} moves; final scores: ${scores}`,
    "every move streamed, and the server's final scores",
  );
  t.match(stdout, /^v\d+ [a-z]+: python-\d \+[1-9]/m, 'the scoring that gave points');
  t.notMatch(stdout, / \+0\b/, 'none that gave nothing');

  const help = await execNode(PYTHON, [join(dir, 'example_bot.py'), '--help'], { cwd: root });
  t.match(help.stdout, /--url URL.*--new N/s, '--help tells the options');
  const unreachable = await execNode(
    PYTHON,
    [join(dir, 'example_bot.py'), '--url', 'http://127.0.0.1:9', '--new', '2'],
    { cwd: root },
  ).catch((e: { code: number; stderr: string }) => e);
  t.match(
    unreachable,
    { code: 1, stderr: /^example_bot: cannot reach the server at http:\/\/127\.0\.0\.1:9 .*--url\n$/ },
    'one line, no traceback',
  );
});
