/**
 * The write-ahead log is copied into the database file by a worker thread: SQLite's automatic
 * checkpoint would run inside a commit, on the thread that answers every request.
 */
import { statSync } from 'node:fs';
import t from 'tap';
import { CHECKPOINT_EVERY_MS } from '../../src/storage/checkpointer.js';
import { createGame, playFirstLegal, tempDatabase, testApp } from './helpers/app.js';

t.test('moves reach the database file from the log without any commit checkpointing', async (t) => {
  const path = tempDatabase(t);
  const app = await testApp(t, { databasePath: path });
  const game = await createGame(app, { players: [{ name: 'Ann' }, { name: 'Bob' }], seed: 'checkpoint' });
  await new Promise((resolve) => setTimeout(resolve, CHECKPOINT_EVERY_MS * 3));
  // In WAL mode only a checkpoint writes to the database file itself.
  const written = () => statSync(path).mtimeMs;
  const before = written();
  // A few dozen moves fill far fewer pages than SQLite's own threshold (1,000): left to
  // itself, SQLite would keep them in the log and never touch the file.
  for (let i = 0; i < 30; i++) t.equal((await playFirstLegal(app, game)).statusCode, 201);
  let after = before;
  for (let waited = 0; after === before && waited < 5000; waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    after = written();
  }
  t.ok(after > before, 'the worker copied the moves from the log into the file');
  await app.close();
  t.pass('and stops with the app');
});
