/** tap's `after` script: stops the shared PostgreSQL server and removes its data. */
import t from 'tap';
import { postgresServer, SHARED_PORT, sharedDataDir } from '../helpers/postgres-server.js';

t.test('PostgreSQL for the tests is stopped', async (t) => {
  (await postgresServer(SHARED_PORT, sharedDataDir())).destroy();
  t.pass('stopped');
});
