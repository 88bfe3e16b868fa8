/**
 * The SQLite store's own: its migrations, and what it remembers between transactions (the
 * shared contract is store-contract.test.ts).
 */
import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import t from 'tap';
import type { NewMove } from '../../src/storage/game-store.js';
import { openDatabase } from '../../src/storage/sqlite/database.js';
import { openSqliteStore } from '../../src/storage/sqlite/store.js';
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
    [
      '__drizzle_migrations',
      'account_events',
      'account_games',
      'account_keys',
      'account_ratings',
      'account_webhooks',
      'accounts',
      'challenge_accounts',
      'challenges',
      'games',
      'ladder_entries',
      'ladder_matches',
      'ladder_state',
      'moves',
      'rated_games',
      'webhook_deliveries',
    ],
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

t.test("a move's deliveries follow a webhook that another process set or removed since its last move", async (t) => {
  const path = tempDatabase(t);
  const [mover, other] = [openSqliteStore(path), openSqliteStore(path)];
  t.teardown(async () => {
    await mover.close();
    await other.close();
  });
  const at = '2026-01-01T00:00:00.000Z';
  const id = 'hooked-later';
  await mover.insertGame({
    id,
    setup: { players: [{ name: 'A' }, { name: 'B' }], seed: 's' },
    tokenHashes: ['a', 'b'],
    status: 'active',
    at,
  });
  const move = (seq: number): NewMove => ({
    gameId: id,
    seq,
    seat: 0,
    move: { type: 'pass' },
    at,
    idempotencyKey: null,
    requestHash: null,
    status: 'active',
    deliveries: [
      { payload: { id: `d-${seq}`, type: 'seatMustAct', gameId: id, version: seq, createdAt: at, data: { seat: 1 } } },
    ],
  });
  await mover.appendBatch([move(1)]);
  t.ok(await other.setWebhook(id, { url: 'https://hooks.example/h', secret: 'whsec_x', format: 'json' }));
  await mover.appendBatch([move(2)]);
  t.ok(await other.setWebhook(id, null));
  await mover.appendBatch([move(3)]);
  t.same(
    (await mover.listDeliveries(id, 10)).map((d) => d.version),
    [2],
    'only the move made while the game had a webhook',
  );
});
