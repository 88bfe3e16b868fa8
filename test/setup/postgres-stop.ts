/**
 * tap's `after` script: stops the shared PostgreSQL server and removes its data, then fails the
 * run if any process a test started (a server, Chromium, PostgreSQL) outlived it.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import t from 'tap';
import { postgresServer, SHARED_PORT, sharedDataDir } from '../helpers/postgres-server.js';
import { leakedProcesses } from './leaked-processes.js';
import { RUN_TAG } from './run-tag.mjs';

t.test('PostgreSQL for the tests is stopped', async (t) => {
  // The unit tier started none, and a server found there belongs to another run of this checkout.
  if (process.env.TEST_TIER === 'unit') {
    t.pass('the unit tier started none');
    return;
  }
  (await postgresServer(SHARED_PORT, sharedDataDir())).destroy();
  t.pass('stopped');
});

t.test('no process started by a test outlives the run', async (t) => {
  const tag = process.env[RUN_TAG];
  if (tag === undefined) return t.plan(0, 'no /proc to look in (not Linux)');
  // A process killed as its test file ended may take a moment to be gone.
  let leaked = leakedProcesses(tag);
  for (let waited = 0; leaked.length > 0 && waited < 5000; waited += 100) {
    await sleep(100);
    leaked = leakedProcesses(tag);
  }
  for (const { pid } of leaked) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }
  t.same(
    leaked.map(({ pid, command, file }) => `${file}: ${pid} ${command}`),
    [],
    'every process a test started ended with its test file (those left were killed now)',
  );
});
