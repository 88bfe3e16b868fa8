/**
 * README "Write a bot in five minutes": its ten-line bot, copied from the README as a reader
 * would, runs with `npx tsx` from the checkout against a real server and finishes its game; its
 * `npm run bot` line is the one test/http/example-bots.test.ts runs. Only the server's address
 * is changed (the test server listens on a free port).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { execNode } from '../helpers/child-env.js';
import { startServer } from './helpers/server-process.js';

const root = new URL('../../', import.meta.url).pathname;
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const section = readme.slice(readme.indexOf('## Write a bot in five minutes'), readme.indexOf('\n## ', readme.indexOf('## Write a bot in five minutes') + 1));

t.test("the README's own bot plays a whole game", async (t) => {
  const code = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
  if (!code) throw new Error('no ts block in the section');
  t.ok(code.split('\n').filter((l) => l.trim()).length <= 12, 'about ten lines');
  t.match(section, 'npm run bot -- --url http://127.0.0.1:3000 --new 3 --bot greedy,greedy,random');

  const dir = mkdtempSync(join(tmpdir(), 'readme-bot-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const { url } = await startServer(t, join(dir, 'games.db'));
  // Saved in the checkout as the README says (its import is relative to it), under a name of its own.
  const file = join(root, `.readme-bot-${process.pid}.ts`);
  writeFileSync(file, code.replaceAll('http://127.0.0.1:3000', url));
  t.teardown(() => rmSync(file, { force: true }));
  const { stdout } = await execNode('npx', ['tsx', file], { cwd: root });
  const scores = /^final scores: \[ (\d+), (\d+) \]$/m.exec(stdout);
  t.ok(scores, `prints the final scores once the game is over (waitForTurn answers null): ${stdout.trim()}`);
});
