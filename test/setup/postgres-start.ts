/**
 * tap's `before` script: starts the PostgreSQL server the test files share (`postgres-stop.ts`
 * stops it). Should it fail, each test file that needs PostgreSQL starts its own, and fails in CI
 * if that fails too (`test/helpers/postgres.ts`). The unit tier (`TEST_TIER=unit`, set by
 * test/setup/tiers.mjs) needs none: then nothing is started.
 */
import t from 'tap';
import { answers, postgresServer, SHARED_PORT, sharedDataDir } from '../helpers/postgres-server.js';

t.test('PostgreSQL for the tests', async (t) => {
  if (process.env.TEST_TIER === 'unit') {
    t.pass('the unit tier needs no PostgreSQL: none started');
    return;
  }
  const started = Date.now();
  if (await answers(SHARED_PORT)) {
    t.pass(`already running on port ${SHARED_PORT}`);
    return;
  }
  try {
    const server = await postgresServer(SHARED_PORT, sharedDataDir());
    server.start();
    t.pass(`started on port ${SHARED_PORT} in ${Date.now() - started} ms`);
  } catch (error) {
    t.comment(`could not start PostgreSQL (each test file will try on its own): ${String(error)}`);
    t.pass('the PostgreSQL tests start their own server');
  }
});
