/**
 * The write-ahead log is copied into the database file by a worker thread: SQLite's automatic
 * checkpoint would run inside a commit, on the thread that answers every request.
 */
import { statSync } from 'node:fs';
import Database from 'better-sqlite3';
import t from 'tap';
import type { Move } from '../../src/engine/index.js';
import { GameService } from '../../src/service/game-service.js';
import { tokenDigest } from '../../src/service/lifecycle/seat-tokens.js';
import { CHECKPOINT_EVERY_MS } from '../../src/storage/sqlite/checkpointer.js';
import { openSqliteStore } from '../../src/storage/sqlite/store.js';
import { tempDatabase } from '../helpers/temp-database.js';
import { until } from '../helpers/until.js';

const MB = 1024 * 1024;

t.test('moves reach the database file from the log without any commit checkpointing', async (t) => {
  const path = tempDatabase(t);
  const errors: string[] = [];
  const store = openSqliteStore(path, { onFault: (message) => errors.push(message) });
  const service = new GameService(store, { cacheSize: 10 });
  const game = await service.create({ players: [{ name: 'Ann' }, { name: 'Bob' }], seed: 'checkpoint' });
  await new Promise((resolve) => setTimeout(resolve, CHECKPOINT_EVERY_MS * 3));
  // In WAL mode only a checkpoint writes to the database file itself.
  const written = () => statSync(path).mtimeMs;
  const before = written();
  // A few dozen moves fill far fewer pages than SQLite's own threshold (1,000): left to
  // itself, SQLite would keep them in the log and never touch the file.
  for (let i = 0; i < 30; i++) {
    const lm = JSON.parse(await service.legalMovesJson(game.id)) as { version: number; actor: number; moves: Move[] };
    const answer = await service.submit(game.id, tokenDigest(game.seats[lm.actor].token), {
      expectedVersion: lm.version,
      move: lm.moves[0],
    });
    t.equal(answer.version, i + 1);
  }
  let after = before;
  // The worker's copy is the event; the bound only ends a test that would hang.
  for (let waited = 0; after === before && waited < 120_000; waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    after = written();
  }
  t.ok(after > before, 'the worker copied the moves from the log into the file');
  await service.close();
  const closing = store.close();
  // The worker holds its own connection: the store's close resolves only once it has exited.
  t.equal(
    await Promise.race([
      closing.then(() => 'closed'),
      new Promise((resolve) => setTimeout(resolve, 120_000, 'timed out').unref()),
    ]),
    'closed',
    'and stops with the store',
  );
  t.same(errors, [], 'no checkpoint failed');
});

t.test('after a creation flood, once the reader lets go, the log is cut back under a few MB', async (t) => {
  const path = tempDatabase(t);
  const errors: string[] = [];
  const store = openSqliteStore(path, { onFault: (message) => errors.push(message) });
  const service = new GameService(store, { cacheSize: 10 });
  // A reader in the middle of a long read (a backup, say) keeps every frame in the log meanwhile,
  // so the flood grows it for certain, whatever the machine's speed.
  const reader = new Database(path);
  reader.exec('BEGIN');
  reader.prepare('SELECT count(*) FROM games').get();
  for (let i = 0; i < 2000; i++) await service.create({ players: [{ name: `A${i}` }, { name: `B${i}` }] });
  const wal = () => statSync(`${path}-wal`).size;
  const peak = wal();
  t.ok(peak > 10 * MB, `the flood grew the log to ${(peak / MB).toFixed(1)} MB`);
  reader.exec('COMMIT');
  reader.close();
  // The worker's quiet looks come every 200 ms on an idle machine; on a busy one much later. The
  // event is the log's truncation, whenever it comes: the bound only stops a test that would hang.
  await until(() => wal() < 2 * MB, 120_000, 'the log to be cut back');
  t.ok(wal() < 2 * MB, `then it is ${(wal() / MB).toFixed(1)} MB`);
  t.equal(
    JSON.parse(await service.stateJson((await service.create({ players: [{ name: 'A' }, { name: 'B' }] })).id)).version,
    0,
    'and the store goes on',
  );
  await service.close();
  await store.close();
  t.same(errors, []);
});
