/** The SQLite store's own: its migrations (the shared contract is store-contract.test.ts). */
import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import t from 'tap';
import { openDatabase } from '../../src/storage/sqlite/database.js';
import { tempDatabase } from '../helpers/temp-database.js';

t.test('migrations create the tables once; reopening the file applies nothing twice', async (t) => {
  const path = tempDatabase(t);
  openDatabase(path).$client.close();
  openDatabase(path).$client.close();
  const db = new Database(path, { readonly: true });
  t.teardown(() => db.close());
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as {
    name: string;
  }[];
  t.same(
    tables.map((r) => r.name).filter((n) => !n.startsWith('sqlite_')),
    ['__drizzle_migrations', 'games', 'moves', 'webhook_deliveries'],
  );
  const journal = JSON.parse(
    readFileSync(new URL('../../migrations/sqlite/meta/_journal.json', import.meta.url), 'utf8'),
  ) as { entries: unknown[] };
  t.equal(
    (db.prepare('SELECT count(*) AS n FROM __drizzle_migrations').get() as { n: number }).n,
    journal.entries.length,
    'each migration once',
  );
  t.equal(db.pragma('journal_mode', { simple: true }), 'wal');
});
