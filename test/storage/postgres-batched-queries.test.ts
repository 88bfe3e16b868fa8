/**
 * The version reads and budget draws of the PostgreSQL store share queries, and never one sent
 * before they were made (`src/storage/postgres/batched-query.ts`). The pool is a real one on a real server; the
 * test only counts the queries it sends and holds one's answer back.
 */
import pg from 'pg';
import t from 'tap';
import { openPostgresStore } from '../../src/storage/postgres/store.js';
import { VersionReads } from '../../src/storage/postgres/version-reads.js';
import { PostgresBudgets } from '../../src/storage/postgres/budget-ledger.js';
import { postgresAvailable, postgresDatabase } from '../helpers/postgres.js';

const AT = '2026-01-01T00:00:00.000Z';

/**
 * A real pool whose queries are counted, whose answers wait for `gate` while it is set, and
 * whose next query fails as a lost connection would when `fail` is set.
 */
function countingPool(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const real = pool.query.bind(pool) as (config: unknown) => Promise<unknown>;
  const counted = { sent: 0, answered: 0, gate: undefined as Promise<void> | undefined, fail: false };
  (pool as unknown as { query: (config: unknown) => Promise<unknown> }).query = async (config) => {
    counted.sent++;
    if (counted.fail) {
      counted.fail = false;
      throw Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });
    }
    const gate = counted.gate;
    const result = await real(config);
    counted.answered++;
    await gate;
    return result;
  };
  return { pool, counted };
}

if (!(await postgresAvailable())) {
  t.plan(0, 'no PostgreSQL server could start here (in CI this fails instead)');
} else {
  const url = (await postgresDatabase(t))!;
  const store = await openPostgresStore(url);
  t.teardown(() => store.close());
  const setup = { players: [{ name: 'A' }, { name: 'B' }], expansions: [], seed: 's' };
  for (const id of ['g1', 'g2', 'g3'])
    await store.insertGame({ id, setup, tokenHashes: ['a', 'b'], status: 'active', at: AT });
  const append = (gameId: string, seq: number) =>
    store.appendBatch([
      {
        gameId,
        seq,
        seat: 0,
        move: { type: 'pass' } as never,
        at: AT,
        idempotencyKey: null,
        requestHash: null,
        status: 'active',
      },
    ]);
  await append('g1', 1);
  await append('g1', 2);
  await append('g2', 1);

  t.test('reads made together share one query, each answered its own game', async (t) => {
    const { pool, counted } = countingPool(url);
    t.teardown(() => pool.end());
    const reads = new VersionReads(pool, (e) => e);
    const ids = ['g1', 'g2', 'g3', 'g1', 'none', 'g2'];
    t.same(await Promise.all(ids.map((id) => reads.version(id))), [2, 1, 0, 2, 0, 1]);
    t.equal(counted.sent, 1);
  });

  t.test(
    'a read made while a query runs waits for the next one: it sees a commit made after that query ran',
    async (t) => {
      const { pool, counted } = countingPool(url);
      t.teardown(() => pool.end());
      const reads = new VersionReads(pool, (e) => e);
      let open!: () => void;
      counted.gate = new Promise((resolve) => (open = resolve));
      const first = reads.version('g3');
      // Its answer is in, held back: its snapshot is taken.
      while (counted.answered === 0) await new Promise((resolve) => setImmediate(resolve));
      counted.gate = undefined;
      await append('g3', 1); // acknowledged after the first query ran
      const second = reads.version('g3');
      await new Promise((resolve) => setTimeout(resolve, 20));
      t.equal(counted.sent, 1, 'nothing more is sent while a query runs');
      open();
      t.equal(await first, 0, 'the first query ran before the commit');
      t.equal(await second, 1, 'the read made after the commit sees it');
      t.equal(counted.sent, 2);
    },
  );

  t.test('a failing query fails every read of its batch as the store would, and the next batch runs', async (t) => {
    const { pool, counted } = countingPool(url);
    t.teardown(() => pool.end());
    const reads = new VersionReads(pool, (e) => new Error(`fault: ${(e as Error).message}`));
    counted.fail = true;
    const failed = [reads.version('g1'), reads.version('g2')];
    for (const read of failed) await t.rejects(read, /fault: Connection terminated/);
    t.equal(await reads.version('g1'), 2);
    t.equal(counted.sent, 2);
  });

  t.test(
    'budget draws made together share one statement, each drawn as if alone; two of one bucket never share one',
    async (t) => {
      const { pool, counted } = countingPool(url);
      t.teardown(() => pool.end());
      const ledger = new PostgresBudgets(pool, () => {});
      const rule = { perSecond: 0, burst: 10 };
      const drawn = await Promise.all([
        ledger.draw('moves', 'k1', rule, 0, 3),
        ledger.draw('moves', 'k2', rule, 2, 20),
        ledger.draw('create', 'k1', rule, 0, 1),
        ledger.draw('moves', 'k1', rule, 1, 3),
      ]);
      t.same(drawn, [
        { granted: 3, tokens: 7 },
        { granted: 8, tokens: 0 },
        { granted: 1, tokens: 9 },
        { granted: 3, tokens: 3 }, // 7, less 1 spent, less 3 granted: after the first draw of its bucket
      ]);
      t.equal(counted.sent, 2, 'the second draw of a bucket waited for the next statement');
    },
  );
}
