/**
 * The verification snippets of docs/webhooks.md, run as written (Node and Python) on deliveries
 * signed as the sender signs them: a good signature verifies; a changed body, another secret or
 * an old timestamp does not.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import t from 'tap';
import { signature } from '../../src/service/webhooks/webhook-signature.js';
import { execNode } from '../helpers/child-env.js';

const doc = readFileSync(new URL('../../docs/webhooks.md', import.meta.url), 'utf8');
const block = (lang: string) => [...doc.matchAll(/```(\w+)\n([\s\S]*?)```/g)].find((m) => m[1] === lang)![2];

const secret = 'whsec_test-secret';
const body = JSON.stringify({
  id: 'wh_1',
  type: 'seatMustAct',
  gameId: 'g',
  version: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
  data: { seat: 1, name: 'Bøb' },
});
const now = Math.floor(Date.now() / 1000);
const cases: [string, string, string, boolean][] = [
  ['a signed delivery', signature(secret, now, body), body, true],
  ['a changed body', signature(secret, now, body), body.replace('3', '4'), false],
  ['another secret', signature('whsec_other', now, body), body, false],
  ['an old timestamp', signature(secret, now - 3600, body), body, false],
  ['a malformed header', 'v1=abc', body, false],
];

const dir = mkdtempSync(join(tmpdir(), 'webhook-snippets-'));
t.teardown(() => rmSync(dir, { recursive: true, force: true }));

t.test('the Node snippet', async (t) => {
  writeFileSync(
    join(dir, 'verify.mjs'),
    `${block('js')}\nconst cases = JSON.parse(process.argv[2]);\nconsole.log(JSON.stringify(cases.map(([s, h, b]) => verify(s, h, b))));\n`,
  );
  const { stdout } = await execNode(
    process.execPath,
    [join(dir, 'verify.mjs'), JSON.stringify(cases.map(([, h, b]) => [secret, h, b]))],
    { cwd: dir },
  );
  t.same(
    JSON.parse(stdout),
    cases.map((c) => c[3]),
    cases.map((c) => c[0]).join(', '),
  );
});

t.test('the Python snippet', async (t) => {
  writeFileSync(
    join(dir, 'verify.py'),
    `${block('python')}\nimport json, sys\ncases = json.loads(sys.argv[1])\nprint(json.dumps([verify(s, h, b.encode()) for s, h, b in cases]))\n`,
  );
  const { stdout } = await promisify(execFile)('python3', [
    join(dir, 'verify.py'),
    JSON.stringify(cases.map(([, h, b]) => [secret, h, b])),
  ]);
  t.same(
    JSON.parse(stdout),
    cases.map((c) => c[3]),
    cases.map((c) => c[0]).join(', '),
  );
});
