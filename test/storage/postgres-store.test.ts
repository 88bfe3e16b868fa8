/**
 * The PostgreSQL store's own: migrations under an advisory lock when nodes start together, keys
 * ready for sharding by game, the change feed surviving a dropped connection, and connection
 * faults in the store's vocabulary. (What both stores promise: store-contract.test.ts.)
 */
import { readdirSync } from 'node:fs';
import pg from 'pg';
import t from 'tap';
import { faultKind } from '../../src/storage/postgres/faults.js';
import { POSTGRES_MIGRATIONS_FOLDER } from '../../src/storage/postgres/migrate.js';
import { openPostgresStore } from '../../src/storage/postgres/store.js';
import { StoreUnavailableError, type NewMove } from '../../src/storage/game-store.js';
import { freePort, postgresAvailable, postgresDatabase } from '../helpers/postgres.js';

const AT = '2026-01-01T00:00:00.000Z';

async function query<T>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

if (!(await postgresAvailable())) {
  t.plan(0, 'no PostgreSQL server could start here (in CI this fails instead)');
} else {
  t.test('nodes starting together migrate once, one after the other', async (t) => {
    const url = (await postgresDatabase(t))!;
    const stores = await Promise.all(Array.from({ length: 4 }, () => openPostgresStore(url)));
    t.teardown(() => Promise.all(stores.map((s) => s.close())));
    const migrations = readdirSync(POSTGRES_MIGRATIONS_FOLDER).filter((f) => f.endsWith('.sql')).length;
    const [{ n }] = await query<{ n: string }>(url, 'SELECT count(*) AS n FROM drizzle.__drizzle_migrations');
    t.equal(Number(n), migrations, `each of the ${migrations} migrations applied once`);
    const tables = await query<{ tablename: string }>(
      url,
      "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
    );
    t.same(
      tables.map((r) => r.tablename),
      [
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
        'rate_budgets',
        'rated_games',
        'webhook_deliveries',
      ],
    );
  });

  t.test(
    'every key and index includes the game id: the log can be sharded by game without changing a key',
    async (t) => {
      const url = (await postgresDatabase(t))!;
      const store = await openPostgresStore(url);
      t.teardown(() => store.close());
      const indexes = await query<{ table: string; index: string; columns: string[] }>(
        url,
        `SELECT t.relname AS table, i.relname AS index, array_agg(a.attname::text ORDER BY a.attnum) AS columns
         FROM pg_index x
         JOIN pg_class t ON t.oid = x.indrelid
         JOIN pg_class i ON i.oid = x.indexrelid
         JOIN pg_namespace n ON n.oid = t.relnamespace
         JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = ANY (x.indkey)
        WHERE n.nspname = 'public' AND t.relname NOT IN ('rate_budgets', 'accounts', 'account_keys', 'account_events', 'account_ratings', 'account_webhooks', 'challenges', 'challenge_accounts', 'ladder_entries', 'ladder_matches', 'ladder_state') -- keyed by client, account or match, not game data
        GROUP BY t.relname, i.relname ORDER BY 1, 2`,
      );
      t.ok(
        indexes.length >= 3,
        `${indexes.length} indexes: ${indexes.map((i) => `${i.table}.${i.index}(${i.columns.join(',')})`).join(', ')}`,
      );
      const gameColumn: Record<string, string> = {
        games: 'id',
        moves: 'game_id',
        webhook_deliveries: 'game_id',
        account_games: 'game_id',
        rated_games: 'game_id',
      };
      for (const index of indexes)
        t.ok(index.columns.includes(gameColumn[index.table]), `${index.table}.${index.index} includes the game id`);
      const foreign = await query<{ name: string; columns: string[] }>(
        url,
        `SELECT c.conname AS name, array_agg(a.attname::text) AS columns FROM pg_constraint c
         JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
        WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace GROUP BY c.conname`,
      );
      for (const key of foreign)
        t.same(key.columns, ['game_id'], `foreign key ${key.name} is the game id (co-located shards)`);
    },
  );

  t.test(
    'a dropped notification connection: every stamp is new until it is back, then other writers are heard again',
    async (t) => {
      const url = (await postgresDatabase(t))!;
      const id = 'feed-game';
      // Stamps taken the moment the store is told its connection is lost, before it even schedules
      // the reconnection (50 ms later): polled from the test instead, a loaded machine's timers
      // could miss the whole time it was down (a CI run failed so).
      const whileDown: number[][] = [];
      const here = await openPostgresStore(url, {
        onFault: (message) => {
          if (message.startsWith('notification connection lost'))
            whileDown.push([0, 1, 2].map(() => here.changeStamp(id)));
        },
      });
      const there = await openPostgresStore(url);
      t.teardown(async () => {
        await here.close();
        await there.close();
      });
      await there.insertGame({
        id,
        setup: { players: [{ name: 'A' }, { name: 'B' }], seed: 's' },
        tokenHashes: ['a', 'b'],
        status: 'active',
        at: AT,
      });
      const stable = here.changeStamp(id);
      t.equal(here.changeStamp(id), stable, 'stable while listening and nobody writes');
      await query(
        url,
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN%' AND datname = current_database()",
      );
      const deadline = Date.now() + 60_000; // only ends a test that would hang
      while (whileDown.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      const [a, b, c] = whileDown[0] ?? [];
      t.ok(a !== b && b !== c, 'while down, every call returns a new stamp (every cached game is re-checked)');
      while (here.changeStamp(id) !== here.changeStamp(id) && Date.now() < deadline + 5000)
        await new Promise((resolve) => setTimeout(resolve, 10));
      const back = here.changeStamp(id);
      t.equal(here.changeStamp(id), back, 'stable again once it listens again, by itself');
      const heard = new Promise<string>((resolve) => here.watch(resolve));
      const move: NewMove = {
        gameId: id,
        seq: 1,
        seat: 0,
        move: { type: 'pass' },
        at: AT,
        idempotencyKey: null,
        requestHash: null,
        status: 'active',
      };
      await there.appendBatch([move]);
      t.equal(await heard, id, "another writer's commit is heard on the new connection");
      t.not(here.changeStamp(id), back, 'and changes the stamp');
    },
  );

  t.test(
    'a server that cannot be reached is StoreUnavailableError, and faults are classified by SQLSTATE',
    async (t) => {
      const port = await freePort();
      await t.rejects(
        openPostgresStore(`postgres://postgres@127.0.0.1:${port}/none`, { statementTimeoutMs: 500 }),
        StoreUnavailableError,
      );
      const coded = (code: string) => Object.assign(new Error('x'), { code });
      const wrapped = (code: string) => Object.assign(new Error('Failed query'), { cause: coded(code) });
      t.equal(faultKind(wrapped('23505')), 'taken', 'a unique violation, under drizzle’s wrapper');
      t.equal(faultKind(coded('57014')), 'busy', 'statement timeout');
      t.equal(faultKind(coded('53100')), 'full', 'disk full');
      for (const code of ['ECONNREFUSED', '08006', '57P01', '57P03', '53300', '25006'])
        t.equal(faultKind(wrapped(code)), 'unavailable', code);
      t.equal(faultKind(new Error('Connection terminated unexpectedly')), 'unavailable');
      t.equal(
        faultKind(new Error('Cannot use a pool after calling end on the pool')),
        'unavailable',
        'a read during shutdown, after the pool ended',
      );
      t.equal(faultKind(coded('42P01')), 'other', 'a bug is not a fault of the store');
    },
  );
}
