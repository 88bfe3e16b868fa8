/**
 * Examples that cannot rot. Every code block of the README, docs/ and the clients' READMEs
 * marked runnable (```ts runnable, ```sh runnable) is checked as a reader would use it:
 * the TypeScript ones are type-checked with `tsc --strict` in an empty project where the client
 * package was installed from its tarball (as the README tells an outside author), and the
 * README's "bot in five minutes" then plays a whole game; the shell ones of each document run
 * in order, in one bash, in an empty folder, against a real server, with `curl` failing on any
 * error answer. Only the server's address is changed (the test server listens on a free port).
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { execNode } from '../helpers/child-env.js';
import { installClientTarball, typeCheck } from '../helpers/client-package.js';
import { tempDatabase } from '../helpers/temp-database.js';
import { serverOnFirstUse } from '../helpers/server-process.js';

const root = new URL('../..', import.meta.url).pathname;
const DOCUMENTS = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
  'clients/typescript/README.md',
  'clients/python/README.md',
];

interface Block {
  document: string;
  language: 'ts' | 'sh';
  code: string;
}

const blocks: Block[] = DOCUMENTS.flatMap((document) =>
  [...readFileSync(join(root, document), 'utf8').matchAll(/^```(ts|sh) runnable\n([\s\S]*?)^```$/gm)].map((m) => ({
    document,
    language: m[1] as Block['language'],
    code: m[2],
  })),
);

/** The documents' server address, pointed at the test server. */
const retarget = (code: string, url: string) =>
  code.replaceAll('http://127.0.0.1:3000', url).replaceAll('localhost:3000', url.replace(/^http:\/\//, ''));

/**
 * The real server the blocks run against: one for the file, stopped when it ends. Every block
 * makes games of its own, and a server process for each test would cost a start (~2 s of CPU,
 * with its coverage).
 */
const testServer = serverOnFirstUse(t, tempDatabase(t));

const readme = readFileSync(join(root, 'README.md'), 'utf8');
const start = readme.indexOf('## Write a bot in five minutes');
const botSection = readme.slice(start, readme.indexOf('\n## ', start + 1));

t.test('the README has a bot in five minutes, runnable, of about ten lines, and the npm run bot line', async (t) => {
  t.ok(start >= 0, 'the section is there');
  const code = /```ts runnable\n([\s\S]*?)```/.exec(botSection)?.[1];
  t.ok(code, 'marked runnable');
  t.ok(code!.split('\n').filter((l) => l.trim()).length <= 12, 'about ten lines');
  t.match(code, "from 'carcassonne-client'", 'the packaged client, as an outside author installs it');
  t.match(botSection, 'npm run bot -- --url http://127.0.0.1:3000 --new 3 --bot greedy,greedy,random');
  t.ok(
    blocks.some((b) => b.language === 'sh' && b.document === 'README.md'),
    'the game with curl is runnable',
  );
});

t.test(
  'every runnable TypeScript block type-checks with --strict against the packaged client; the README bot plays a game',
  async (t) => {
    const ts = blocks.filter((b) => b.language === 'ts');
    t.ok(ts.length >= 2, `${ts.length} blocks`);
    const { project } = await installClientTarball(t);
    const server = await testServer();
    const files = ts.map((block, i) => {
      const file = `block-${i}.ts`;
      writeFileSync(join(project, file), retarget(block.code, server.url));
      return file;
    });
    await typeCheck(project, files);
    t.pass(`${files.length} blocks of ${[...new Set(ts.map((b) => b.document))].join(', ')} compile under --strict`);

    const readmeBot = ts.findIndex((b) => b.document === 'README.md' && botSection.includes(b.code));
    t.ok(readmeBot >= 0, "the README's bot is among them");
    const { stdout } = await execNode(process.execPath, [`block-${readmeBot}.js`], { cwd: project });
    t.match(
      stdout,
      /^final scores: \[ \d+, \d+ \]$/m,
      `prints the final scores once the game is over (waitForTurn answers null): ${stdout.trim()}`,
    );
  },
);

t.test('every runnable shell block runs against a real server, document by document', async (t) => {
  const server = await testServer();
  const documents = [...new Set(blocks.filter((b) => b.language === 'sh').map((b) => b.document))];
  t.ok(documents.includes('README.md') && documents.includes('docs/api.md'), documents.join(', '));
  for (const document of documents) {
    const dir = mkdtempSync(join(tmpdir(), 'runnable-sh-'));
    t.teardown(() => rmSync(dir, { recursive: true, force: true }));
    const script = [
      'set -euo pipefail',
      // An error answer fails the block, with its body on stderr.
      'curl() { command curl --fail-with-body --max-time 60 "$@"; }',
      ...blocks.filter((b) => b.language === 'sh' && b.document === document).map((b) => retarget(b.code, server.url)),
    ].join('\n');
    writeFileSync(join(dir, 'blocks.sh'), script);
    const run = await execNode('bash', ['blocks.sh'], { cwd: dir }).catch(
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    t.notOk('code' in run && run.code, `${document}: the blocks run without an error`, { stderr: run.stderr });
    if (document === 'README.md') {
      t.match(
        run.stdout,
        /"version":4,"events":\[\{"type":"figureSkipped".*"type":"featureScored","kind":"city"/,
        "Bob's move closes the city, as the README says",
      );
    }
  }
});
