/**
 * The suite's tiers, decided by what each test file needs (docs/operations.md, "Tests: tiers and
 * a busy machine"), so that a file added anywhere lands in the right one without being listed:
 *
 * - browser: drives Chromium (under `test/browser/`, or imports Playwright or its helpers);
 * - system: needs PostgreSQL, Python or other processes (under `test/system/`, or imports,
 *   directly or through the test helpers, `postgres.ts`, `postgres-server.ts`, `stores.ts`,
 *   `server-process.ts`, `child-env.ts`, or runs `python3`), or is one of the few files named
 *   in `HEAVY` below (bot searches in worker threads, thousands of requests: tens of seconds of
 *   CPU, which would take the unit tier past its minute);
 * - unit: the rest: the engine, the service and the store on SQLite, HTTP in-process.
 *
 * `node test/setup/tiers.mjs TIER [tap arguments]` runs one tier with tap (`npm run test:unit`,
 * `test:system`, `test:browser`); `--list` prints its files instead. The unit tier runs with
 * `TEST_TIER=unit`: tap's `before` script then starts no PostgreSQL, and a test that would start
 * one fails (test/helpers/postgres.ts), which says this file belongs to another tier.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const TIERS = ['unit', 'system', 'browser'];
/** Test processes at once, for `npm test` and each tier: twice the CPUs (see docs/operations.md). */
export const JOBS = 2 * availableParallelism();

const SYSTEM_HELPERS = ['postgres.ts', 'postgres-server.ts', 'stores.ts', 'server-process.ts', 'child-env.ts'].map(
  (name) => join(root, 'test/helpers', name),
);

/** Files that need nothing outside this process but seconds of CPU (measured idle, 2 cores). */
const HEAVY = new Map([
  ['test/service/bot-pool.test.ts', 'mcts searches in worker threads, also from dist/ (~30 s)'],
  ['test/http/hint.test.ts', 'hint searches in worker threads (~20 s)'],
  ['test/http/fuzz-hostile.test.ts', '3,000 seeded hostile requests (~20 s)'],
  ['test/service/bounded-memory.test.ts', '3,000 games through a cache of 100 (~15 s)'],
  ['test/http/engine-package.test.ts', 'a whole game with the built package against the server (~9 s)'],
  ['test/http/autopilot.test.ts', 'games played to the end by bots, turn clocks running out (~8 s)'],
  ['test/http/bots-e2e.test.ts', 'bots-only games to the end over HTTP (~6 s)'],
  ['test/engine/river/http-bots.test.ts', 'a river game of bots to the end over HTTP, its analysis, a hint (~10 s)'],
]);

function testFiles(folder) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'fixtures' ? [] : testFiles(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The test-tree modules `file` imports by relative path (a `.js` suffix names the `.ts` source). */
function relativeImports(file, text) {
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)]
    .map((m) => resolve(dirname(file), m[1]).replace(/\.js$/, '.ts'))
    .filter((path) => path.startsWith(join(root, 'test')));
}

/** What `file` needs, through the test helpers it imports too: a set of 'browser', 'system'. */
function needs(file, seen = new Map()) {
  if (seen.has(file)) return seen.get(file);
  const found = new Set();
  seen.set(file, found);
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return found; // a .mjs or a module not in the tree: needs nothing of its own
  }
  if (SYSTEM_HELPERS.includes(file) || /\bpython3\b/.test(text)) found.add('system');
  if (/from 'playwright-core'/.test(text)) found.add('browser');
  for (const imported of relativeImports(file, text)) for (const need of needs(imported, seen)) found.add(need);
  return found;
}

export function tierOf(file) {
  const path = relative(root, file);
  const needed = needs(resolve(root, file));
  if (path.startsWith('test/browser/') || needed.has('browser')) return 'browser';
  if (path.startsWith('test/system/') || needed.has('system') || HEAVY.has(path)) return 'system';
  return 'unit';
}

export function filesOf(tier) {
  return testFiles(join(root, 'test'))
    .filter((file) => tierOf(file) === tier)
    .map((file) => relative(root, file))
    .sort();
}

/** Unit-tier files that check their own process (its tag names the file): each keeps one of its own. */
const ALONE = new Set(['test/harness-leaks.test.ts']);

/**
 * The unit tier's files in `count` groups, each one test process that imports its files in turn
 * (each adds its tests to the process's own, as when run alone). A test process costs about 1 s
 * of CPU before its first assertion (tap, its hooks, what the file tests), 2 s for one that builds
 * the HTTP app: 73 processes were 4 minutes of a 2-core machine, the groups a fraction of it.
 * Largest files first, each to the lightest group, so the groups end together. The group files
 * are written under `.tap/` (ignored by git and the lint).
 */
export function groups(files, count) {
  const alone = files.filter((file) => ALONE.has(file));
  files = files.filter((file) => !ALONE.has(file));
  const bins = Array.from({ length: Math.min(count, files.length) }, () => ({ bytes: 0, files: [] }));
  const sized = files.map((file) => ({ file, bytes: statSync(join(root, file)).size }));
  for (const { file, bytes } of sized.sort((a, b) => b.bytes - a.bytes)) {
    const lightest = bins.reduce((a, b) => (b.bytes < a.bytes ? b : a));
    lightest.bytes += bytes;
    lightest.files.push(file);
  }
  const folder = join(root, '.tap', 'tier-groups');
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  return bins
    .map((bin, i) => {
      const path = join(folder, `unit-${i + 1}.mjs`);
      const imports = bin.files
        .sort()
        .map((file) => `await import(${JSON.stringify(pathToFileURL(join(root, file)).href)});`);
      writeFileSync(
        path,
        `// Written by test/setup/tiers.mjs: one process for these unit-tier files.\n${imports.join('\n')}\n`,
      );
      return relative(root, path);
    })
    .concat(alone);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [tier, ...rest] = process.argv.slice(2);
  if (!TIERS.includes(tier)) {
    console.error(`usage: node test/setup/tiers.mjs ${TIERS.join('|')} [--list | tap arguments]`);
    process.exit(2);
  }
  const files = filesOf(tier);
  if (rest.includes('--list')) {
    console.log(files.join('\n'));
  } else {
    const run = tier === 'unit' && !rest.includes('--one-process-per-file') ? groups(files, JOBS) : files;
    const env = { ...process.env, TEST_TIER: tier };
    const args = rest.filter((arg) => arg !== '--one-process-per-file');
    const child = spawn('tap', [`--jobs=${JOBS}`, ...args, ...run], {
      stdio: 'inherit',
      env,
      cwd: root,
    });
    child.on('close', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  }
}
