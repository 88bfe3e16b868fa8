/**
 * `npm run test:loaded [-- --runs N] [-- --hogs K]`: the README's `npm test`, N times in a row
 * (3 by default), while K CPU-bound processes (one per core by default) keep every core busy:
 * the proof that the suite waits for events, not for times (docs/operations.md, "Tests: tiers
 * and a busy machine"). Stops at the first failing run. Prints each run's wall time, the load
 * average at its end and the summary line of tap. The hogs are this script's children and end
 * with it, whatever ends it (a signal it handles, or SIGKILL: then each notices its parent gone).
 */
import { spawn } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    hogs: { type: 'string', default: String(availableParallelism()) },
  },
});
const runs = Number(values.runs);
const hogCount = Number(values.hogs);
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(hogCount) || hogCount < 0) {
  console.error('test:loaded: --runs must be a positive integer and --hogs a non-negative one');
  process.exit(2);
}

// A hog spins, and every few million turns looks whether its parent is still this script: if
// this script is killed outright (SIGKILL, no handler runs), its hogs end by themselves.
const HOG = `const parent = ${process.pid}; for (let i = 1; ; i++) if ((i & 0x3fffff) === 0 && process.ppid !== parent) process.exit();`;
const hogs = Array.from({ length: hogCount }, () => spawn(process.execPath, ['-e', HOG], { stdio: 'ignore' }));
const stopHogs = () => hogs.forEach((hog) => hog.kill('SIGKILL'));
process.on('exit', stopHogs);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    stopHogs();
    process.exit(130);
  });
}

/** One `npm test`: its exit code, its wall time and tap's last `{ total, pass }` line. */
function npmTest() {
  return new Promise((resolve) => {
    const started = Date.now();
    let summary = '';
    let partial = ''; // a line cut between two chunks
    const child = spawn('npm', ['test'], { stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      const lines = (partial + String(chunk)).split('\n');
      partial = lines.pop();
      for (const line of lines) if (/^# \{ total: \d+/.test(line)) summary = line;
    });
    child.on('exit', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), ms: Date.now() - started, summary }));
  });
}

const results = [];
for (let run = 1; run <= runs; run++) {
  const { code, ms, summary } = await npmTest();
  const load = loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  results.push(
    `run ${run}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${(ms / 60_000).toFixed(1)} min, load average ${load}, tap's last summary ${summary || '(none)'}`,
  );
  if (code !== 0) break;
}
stopHogs();
console.log(`\ntest:loaded, ${hogCount} CPU-bound processes beside the suite:\n${results.join('\n')}`);
process.exitCode = results.length === runs && results.every((r) => r.includes('passed')) ? 0 : 1;
