/**
 * The suite's end looks for processes a test left running (test/setup/postgres-stop.ts): those
 * carrying this run's tag in their environment, and nobody else's.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import t from 'tap';
import { leakedProcesses } from './setup/leaked-processes.js';
import { FILE_TAG, RUN_TAG } from './setup/run-tag.mjs';

t.test('a process carrying a run tag is found by that tag only, until it ends', async (t) => {
  if (process.env[RUN_TAG] === undefined) return t.plan(0, 'no /proc here (not Linux)');
  const tag = `leak-check-${process.pid}`;
  const child = spawn('sleep', ['60'], {
    env: { ...process.env, [RUN_TAG]: tag, [FILE_TAG]: 'this test' },
    stdio: 'ignore',
  });
  const exited = once(child, 'exit');
  t.teardown(() => child.kill('SIGKILL'));
  t.same(
    leakedProcesses(tag).map(({ pid, file }) => ({ pid, file })),
    [{ pid: child.pid, file: 'this test' }],
    'found, with the file that started it',
  );
  t.notOk(
    leakedProcesses(process.env[RUN_TAG]!).some(({ pid }) => pid === child.pid),
    "not counted as this run's",
  );
  child.kill('SIGKILL');
  await exited;
  t.same(leakedProcesses(tag), [], 'gone once it ended');
});

t.test("this process and the ones it starts carry this run's tag and file", async (t) => {
  if (process.env[RUN_TAG] === undefined) return t.plan(0, 'no /proc here (not Linux)');
  t.match(process.env[FILE_TAG], /harness-leaks\.test\.ts$/);
  t.match(process.env[RUN_TAG], /^\d+\.\d+$/);
});
