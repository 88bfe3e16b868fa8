/**
 * The end of `npm test` (package.json), after the type check and the web build: the lint
 * (`npm run lint`; `SKIP_LINT=1` skips it) and tap (arguments passed on) at the same time, the
 * lint's output held back and printed after tap's report. The exit status fails if either fails.
 *
 * Why at the same time: on a clean checkout (CI) the lint has no cache and type-checks the whole
 * tree on one core for about 100 s of CPU; run before tap, the machine's other core sat idle all
 * that time. Beside tap it takes what tap's files leave free while they wait on servers and
 * browsers. Nothing a test writes is linted: tests write to temporary folders, `.tap/`,
 * `.test-artifacts/` and `node_modules/.cache/`, which ESLint and Prettier ignore.
 *
 * Which files: with no file named on the command line, every one, the unit tier's loaded into one
 * test process per job (`groups` in tiers.mjs: a test process costs about 1 s of CPU before its
 * first assertion, and the unit tier's files are most of the suite's files but little of its
 * work), the system and browser tiers' one process each. Named files run as named, each alone.
 */
import { spawn } from 'node:child_process';
import { filesOf, groups, JOBS, TIERS } from './tiers.mjs';

/** Runs `command ...args` (found on npm's PATH); answers its exit status and, when `held`, its output. */
function run(command, args, held) {
  const child = spawn(command, args, { stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  let output = '';
  if (held) for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => {
    child.on('error', (error) => resolve({ code: 1, output: `${output}${String(error)}\n` }));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

const lint = process.env.SKIP_LINT ? undefined : run('npm', ['run', '--silent', 'lint'], true);
const passed = process.argv.slice(2);
const named = passed.some((arg) => !arg.startsWith('-') && (arg.startsWith('test') || /\.[cm]?[jt]s$/.test(arg)));
const files = named ? [] : TIERS.flatMap((tier) => (tier === 'unit' ? groups(filesOf(tier), JOBS) : filesOf(tier)));
const tap = await run('tap', [`--jobs=${JOBS}`, ...passed, ...files], false);
let code = tap.code;
if (lint) {
  const { code: lintCode, output } = await lint;
  process.stdout.write(
    `\n# npm run lint (run beside tap): ${lintCode === 0 ? 'clean' : `FAILED (exit ${lintCode})`}\n`,
  );
  if (output.trim()) process.stdout.write(output);
  if (lintCode !== 0) code ||= lintCode;
}
process.exitCode = code;
