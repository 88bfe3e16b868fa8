/**
 * The Python client (clients/python, standard library only) as an outside user gets it: one
 * fresh venv per file (`python3 -m venv`, Debian's python3-venv), `pip install --no-index
 * --no-build-isolation ./clients/python` offline into it, its unit tests, its example bot run
 * from outside the checkout (so it imports the installed package) to a finished game against a
 * server, and `mypy --strict` clean on the package, the example, and the installed package
 * (its py.typed) as a user's code sees it.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { execNode } from '../helpers/child-env.js';
import { tempDatabase } from '../helpers/temp-database.js';
import { client, startServer } from '../helpers/server-process.js';
import { startReceiver } from '../helpers/webhook-receiver.js';

const root = new URL('../..', import.meta.url).pathname;
const dir = join(root, 'clients', 'python');

/** The first interpreter (3.11 or later) that can `import` every module of `modules`, by its real path. */
function python(modules: string[]): string | undefined {
  for (const candidate of ['python3', '/usr/bin/python3']) {
    try {
      const check = `import sys, ${modules.join(', ')}; print(sys.version_info >= (3, 11)); print(sys.executable)`;
      const [ok, executable] = execFileSync(candidate, ['-c', check], { encoding: 'utf8', stdio: 'pipe' })
        .trim()
        .split('\n');
      if (ok === 'True' && executable) return executable;
    } catch {
      // not this one
    }
  }
  return undefined;
}
// A venv needs venv and ensurepip (Debian: python3-venv); mypy is Debian's python3-mypy.
const VENV_PYTHON = python(['venv', 'ensurepip']);
const MYPY_PYTHON = python(['mypy']);
// CI installs both (.ci/run) and must run everything; elsewhere a missing one may be skipped.
const skipVenv = VENV_PYTHON || process.env.CI ? false : 'no python3 with venv (python3-venv) on this machine';
const skipMypy = MYPY_PYTHON || process.env.CI ? false : 'no python3 with mypy (python3-mypy) on this machine';

const work = mkdtempSync(join(tmpdir(), 'python-client-'));
t.teardown(() => rmSync(work, { recursive: true, force: true }));
const venv = join(work, 'venv');
const venvPython = join(venv, 'bin', 'python');
// pip as on a clean machine: no configuration file, no index or links from this one's environment.
const pipEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('PIP_')));
let installed: Promise<void> | undefined;
const install = () =>
  (installed ??= (async () => {
    await execNode(VENV_PYTHON!, ['-m', 'venv', venv], { cwd: work });
    await execNode(venvPython, ['-m', 'pip', 'install', '--no-index', '--no-build-isolation', dir], {
      cwd: work,
      env: { ...pipEnv, PIP_CONFIG_FILE: '/dev/null' },
    });
  })());

t.test('pip installs the client offline into a fresh venv, as a typed package', { skip: skipVenv }, async (t) => {
  await install();
  const { stdout } = await execNode(
    venvPython,
    [
      '-c',
      'import carcassonne_client as c, importlib.metadata as m; print(c.__file__); print(c.__version__, m.version("carcassonne-client"))',
    ],
    { cwd: work },
  );
  const [file, versions] = stdout.trim().split('\n');
  t.ok(file.startsWith(venv), 'imported from the venv, not the checkout');
  const [version, metadata] = versions.split(' ');
  t.match(version, /^\d+\.\d+\.\d+$/);
  t.equal(metadata, version, "the package's version is its module's");
});

t.test("the Python client's unit tests pass", { skip: skipVenv }, async (t) => {
  await install();
  const { stderr } = await execNode(venvPython, ['-m', 'unittest', 'discover', '-s', dir, '-p', 'test_*.py'], {
    cwd: dir,
  });
  t.match(stderr, /^Ran \d+ tests in .*\n\nOK$/m, 'unittest says OK, nothing skipped', { stderr });
});

t.test('the installed example bot plays a new game to the end against a server bot', { skip: skipVenv }, async (t) => {
  await install();
  const example = join(work, 'example_bot.py');
  copyFileSync(join(dir, 'example_bot.py'), example);
  const server = await startServer(t, tempDatabase(t));
  const { stdout } = await execNode(
    venvPython,
    [example, '--url', server.url, '--new', '3', '--bot', 'greedy', '--seed', 'ci'],
    {
      cwd: work,
    },
  );
  const id = /^game (\S+): python-0, python-1, .+$/m.exec(stdout)?.[1];
  t.ok(id, 'names the game');
  const state = (await client(server.url).get(`/games/${id}`)).body;
  t.equal(state.status, 'finished');
  t.same(state.expansions, ['traders-builders', 'abbey-mayor']);
  t.match(state.seats[2], { kind: 'bot', bot: 'greedy' }, "the last seat is the server's bot");
  const scores = state.players.map((p: { name: string; score: number }) => `${p.name} ${p.score}`).join(', ');
  t.match(
    stdout,
    `${state.version} moves; final scores: ${scores}`,
    "every entry streamed, and the server's final scores",
  );
  t.match(stdout, /^v\d+ [a-z]+: python-\d \+[1-9]/m, 'the scoring that gave points');
  t.notMatch(stdout, / \+0\b/, 'none that gave nothing');

  const help = await execNode(venvPython, [example, '--help'], { cwd: work });
  t.match(help.stdout, /--url URL.*--new N/s, '--help tells the options');
  const unreachable = await execNode(venvPython, [example, '--url', 'http://127.0.0.1:9', '--new', '2'], {
    cwd: work,
  }).catch((e: { code: number; stderr: string }) => e);
  t.match(
    unreachable,
    { code: 1, stderr: /^example_bot: cannot reach the server at http:\/\/127\.0\.0\.1:9 .*--url\n$/ },
    'one line, no traceback',
  );
});

t.test(
  "the installed client's verify() accepts the deliveries a server signed, and refuses them altered, late or with another secret",
  { skip: skipVenv },
  async (t) => {
    await install();
    const receiver = await startReceiver(t);
    const server = await startServer(t, tempDatabase(t), {
      WEBHOOK_ALLOW_HOSTS: new URL(receiver.url).host,
      WEBHOOK_POLL_MS: '50',
    });
    const api = client(server.url);
    const created = await api.post('/games', {
      players: [{ name: 'Ann' }, { open: true }],
      webhook: { url: receiver.url },
    });
    t.equal(created.status, 201);
    const { id, webhook } = created.body as { id: string; webhook: { secret: string } };
    t.equal((await api.post(`/games/${id}/seats/1/join`, { name: 'Bøb' })).status, 201);
    await receiver.until((r) => r.filter((d) => d.gameId === id).length >= 2, 300_000);
    const deliveries = receiver.received.filter((d) => d.gameId === id);
    t.ok(
      deliveries.some((d) => d.body.includes('B\\u00f8b') || d.body.includes('Bøb')),
      'a name beyond ASCII among them',
    );
    // Each case: secret, header, body (as the bytes received), the time to verify at; the answer expected.
    const cases: [string, string, string, number, boolean, string][] = deliveries.flatMap((d) => {
      const sent = Number(/t=(\d+)/.exec(d.signature)![1]);
      const what = `${d.type} v${d.version}`;
      return [
        [webhook.secret, d.signature, d.body, sent, true, `${what} verifies`],
        [webhook.secret, d.signature, d.body.replace('"version"', '"version" '), sent, false, `${what} altered`],
        [`${webhook.secret}x`, d.signature, d.body, sent, false, `${what} with another secret`],
        [webhook.secret, d.signature, d.body, sent + 301, false, `${what} too late: a replay`],
      ];
    });
    cases.push([webhook.secret, 'v1=zz', '{}', 0, false, 'a malformed header']);
    const script = [
      'import json, sys',
      'from carcassonne_client import verify',
      'cases = json.loads(sys.argv[1])',
      'print(json.dumps([verify(s, h, b.encode("utf-8"), now=at) for s, h, b, at in cases]))',
    ].join('\n');
    const { stdout } = await execNode(
      venvPython,
      ['-c', script, JSON.stringify(cases.map(([s, h, b, at]) => [s, h, b, at]))],
      { cwd: work },
    );
    const answers = JSON.parse(stdout) as boolean[];
    cases.forEach((c, i) => t.equal(answers[i], c[4], c[5]));
  },
);

t.test(
  'mypy --strict is clean on the package, the example and the installed package',
  { skip: skipMypy },
  async (t) => {
    const cache = join(work, 'mypy-cache');
    const source = await execNode(
      MYPY_PYTHON!,
      ['-m', 'mypy', '--strict', '--cache-dir', cache, 'carcassonne_client', 'example_bot.py'],
      { cwd: dir },
    );
    t.match(source.stdout, /^Success: no issues found in \d+ source files$/m, 'the checkout');
    if (skipVenv === false) {
      await install();
      const user = join(work, 'user');
      rmSync(user, { recursive: true, force: true });
      execFileSync('mkdir', [user]);
      copyFileSync(join(dir, 'example_bot.py'), join(user, 'example_bot.py'));
      const outside = await execNode(
        MYPY_PYTHON!,
        ['-m', 'mypy', '--strict', '--cache-dir', cache, '--python-executable', venvPython, 'example_bot.py'],
        { cwd: user },
      );
      t.match(
        outside.stdout,
        /^Success: no issues found in 1 source file$/m,
        "a user's code against the installed, typed package",
      );
    }
  },
);
