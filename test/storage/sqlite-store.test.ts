/** The SQLite store on its own: migrations, and the log's key as the one arbiter of writes. */
import Database from 'better-sqlite3';
import t from 'tap';
import { openDatabase } from '../../src/storage/database.js';
import { SequenceTakenError, type NewMove } from '../../src/storage/repository.js';
import { openService } from '../helpers/service.js';
import { tempDatabase } from '../helpers/temp-database.js';

t.test('migrations create the tables once; reopening the file applies nothing twice', async (t) => {
  const path = tempDatabase(t);
  openDatabase(path).$client.close();
  openDatabase(path).$client.close();
  const db = new Database(path, { readonly: true });
  t.teardown(() => db.close());
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[];
  t.same(tables.map((r) => r.name).filter((n) => !n.startsWith('sqlite_')), ['__drizzle_migrations', 'games', 'moves']);
  t.equal((db.prepare('SELECT count(*) AS n FROM __drizzle_migrations').get() as { n: number }).n, 1);
  t.equal(db.pragma('journal_mode', { simple: true }), 'wal');
});

t.test('the log is append-only and unique per game and sequence number', async (t) => {
  const { service, store } = openService(t, ':memory:', { cacheSize: 10 });
  const { id } = await service.create({ players: [{ name: 'A' }, { name: 'B' }], seed: 's' });
  const move: NewMove = { gameId: id, seq: 1, seat: 0, move: { type: 'pass' }, at: '2026-01-01T00:00:00.000Z', idempotencyKey: null, requestHash: null, status: 'active' };
  await store.appendBatch([move]);
  await t.rejects(store.appendBatch([move]), SequenceTakenError);
  t.equal(await store.version(id), 1);
  const second = { ...move, seq: 2 };
  await t.rejects(store.appendBatch([second, move]), SequenceTakenError, 'a batch with one taken number is refused whole');
  t.equal(await store.version(id), 1, 'and writes nothing');
});
