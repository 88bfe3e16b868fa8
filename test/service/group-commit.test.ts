/**
 * Group commit: submissions that arrive together share one write transaction. Each is still
 * judged on its own, in arrival order, and each answer goes out only after the commit.
 */
import Database from 'better-sqlite3';
import t, { type Test } from 'tap';
import {
  createGame as engineCreate,
  legalMoves,
  play,
  publicView,
  type Game,
  type GameSetup,
  type Move,
} from '../../src/engine/index.js';
import { GameService } from '../../src/service/game-service.js';
import { openStore } from '../../src/storage/open-store.js';
import { tokenDigest } from '../../src/service/lifecycle/seat-tokens.js';
import { ServiceError } from '../../src/service/service-error.js';
import type { GameStore } from '../../src/storage/game-store.js';
import { openService } from '../helpers/service.js';
import { forEachStore } from '../helpers/stores.js';
import { postgresAvailable, postgresDatabase } from '../helpers/postgres.js';
import { tempDatabase } from '../helpers/temp-database.js';
import { lifecycleMembers } from '../helpers/lifecycle-members.js';

/** Counts the store's write transactions (one `appendBatch` each). */
function countTransactions(store: GameStore): () => number {
  let transactions = 0;
  const appendBatch = store.appendBatch.bind(store);
  store.appendBatch = (moves) => {
    transactions++;
    return appendBatch(moves);
  };
  return () => transactions;
}

const SETUP: GameSetup = { players: [{ name: 'Ann' }, { name: 'Bob' }], seed: 'group-commit' };

/** The engine's own game, to compare the service against. */
function mirror(): Game {
  const created = engineCreate(SETUP);
  if (!created.ok) throw new Error(created.error.reason);
  return created.value.game;
}

/** The next `n` moves of a game, each the first listed move. */
function firstMoves(n: number): { moves: Move[]; seats: number[] } {
  let game = mirror();
  const moves: Move[] = [];
  const seats: number[] = [];
  for (let i = 0; i < n; i++) {
    const lm = legalMoves(game);
    moves.push(lm.moves[0]);
    seats.push(lm.actor!);
    const next = play(game, lm.moves[0]);
    if (!next.ok) throw new Error(next.error.reason);
    game = next.value.game;
  }
  return { moves, seats };
}

const outcome = (p: Promise<{ version: number }>) =>
  p.then(
    (r) => ({ ok: true as const, version: r.version }),
    (e: unknown) => ({ ok: false as const, code: e instanceof ServiceError ? e.code : String(e) }),
  );

forEachStore(t, (t, stores) => {
  t.test('submissions for many games sent together are all committed, each with its own answer', async (t) => {
    const { service, store } = await stores.service(t);
    const { moves, seats } = firstMoves(1);
    const games = await Promise.all(Array.from({ length: 8 }, () => service.create(SETUP)));
    const transactions = countTransactions(store);
    const results = await Promise.all(
      games.map((g) =>
        service.submit(g.id, tokenDigest(g.seats[seats[0]].token), { expectedVersion: 0, move: moves[0] }),
      ),
    );
    t.same(
      results.map((r) => r.version),
      games.map(() => 1),
    );
    t.equal(transactions(), 1, 'in one write transaction');
    for (const g of games) t.equal(await store.version(g.id), 1, 'in the log');
  });

  t.test(
    'two moves of one game in one batch: the second sees the first, and each answer has its own state',
    async (t) => {
      const { service } = await stores.service(t);
      const { moves, seats } = firstMoves(2);
      const g = await service.create(SETUP);
      const [first, second] = await Promise.all(
        [0, 1].map((v) =>
          service.submit(g.id, tokenDigest(g.seats[seats[v]].token), { expectedVersion: v, move: moves[v] }),
        ),
      );
      let expected = mirror();
      for (const [v, answer] of [first, second].entries()) {
        const next = play(expected, moves[v]);
        if (!next.ok) throw new Error(next.error.reason);
        expected = next.value.game;
        t.equal(answer.version, v + 1);
        t.same(
          JSON.parse(answer.state!),
          { id: g.id, version: v + 1, ...lifecycleMembers(SETUP), ...publicView(expected) },
          `the answer to move ${v + 1} shows the state after it`,
        );
      }
    },
  );

  t.test(
    'of two submissions for the same version in one batch, exactly one wins; the other is a conflict',
    async (t) => {
      const { service, store } = await stores.service(t);
      const { moves, seats } = firstMoves(1);
      const g = await service.create(SETUP);
      const token = g.seats[seats[0]].token;
      const results = await Promise.all(
        [0, 1, 2].map(() => outcome(service.submit(g.id, tokenDigest(token), { expectedVersion: 0, move: moves[0] }))),
      );
      t.same(results, [
        { ok: true, version: 1 },
        { ok: false, code: 'VERSION_CONFLICT' },
        { ok: false, code: 'VERSION_CONFLICT' },
      ]);
      t.equal(await store.version(g.id), 1);
    },
  );

  t.test('a refused move in a batch changes nothing and does not hold the others back', async (t) => {
    const { service, store } = await stores.service(t);
    const { moves, seats } = firstMoves(1);
    const [a, b, c] = await Promise.all([0, 1, 2].map(() => service.create(SETUP)));
    const results = await Promise.all([
      outcome(service.submit(a.id, tokenDigest(a.seats[seats[0]].token), { expectedVersion: 0, move: moves[0] })),
      outcome(
        service.submit(b.id, tokenDigest(b.seats[seats[0]].token), {
          expectedVersion: 0,
          move: { type: 'placeTile', x: 5, y: 5, rotation: 0 },
        }),
      ),
      outcome(service.submit(c.id, tokenDigest(c.seats[1 - seats[0]].token), { expectedVersion: 0, move: moves[0] })),
      outcome(service.submit(c.id, tokenDigest(c.seats[seats[0]].token), { expectedVersion: 0, move: moves[0] })),
    ]);
    t.same(
      results.map((r) => (r.ok ? r.version : r.code)),
      [1, 'NOT_ADJACENT', 'NOT_YOUR_TURN', 1],
    );
    t.same(await Promise.all([a, b, c].map((g) => store.version(g.id))), [1, 0, 1]);
    t.same(
      JSON.parse(await service.stateJson(b.id)),
      { id: b.id, version: 0, ...lifecycleMembers(SETUP), ...publicView(mirror()) },
      'the refused game is as it was',
    );
  });

  t.test(
    'a fault that is not a refusal rolls the batch back; every other submission is committed on its own',
    async (t) => {
      const { service, store } = await stores.service(t);
      const { moves, seats } = firstMoves(1);
      const games = await Promise.all([0, 1, 2].map(() => service.create(SETUP)));
      const broken = games[1].id;
      const append = store.appendBatch.bind(store);
      store.appendBatch = async (batch) => {
        if (batch.some((move) => move.gameId === broken)) throw new Error('disk on fire');
        return append(batch);
      };
      const results = await Promise.all(
        games.map((g) =>
          outcome(service.submit(g.id, tokenDigest(g.seats[seats[0]].token), { expectedVersion: 0, move: moves[0] })),
        ),
      );
      t.same(results, [
        { ok: true, version: 1 },
        { ok: false, code: 'Error: disk on fire' },
        { ok: true, version: 1 },
      ]);
      t.same(
        await Promise.all(games.map((g) => store.version(g.id))),
        [1, 0, 1],
        'the log holds exactly the answered moves',
      );
      store.appendBatch = append;
      const expected = mirror();
      t.same(
        JSON.parse(await service.stateJson(broken)),
        { id: broken, version: 0, ...lifecycleMembers(SETUP), ...publicView(expected) },
        'the failed game was not left changed in memory',
      );
      const retried = await service.submit(broken, tokenDigest(games[1].seats[seats[0]].token), {
        expectedVersion: 0,
        move: moves[0],
      });
      t.equal(retried.version, 1, 'and takes the move once the fault is gone');
    },
  );

  t.test('closing the service commits what is queued', async (t) => {
    const store = await openStore(await stores.location(t));
    const service = new GameService(store, { cacheSize: 10 });
    const { moves, seats } = firstMoves(1);
    const g = await service.create(SETUP);
    const answer = service.submit(g.id, tokenDigest(g.seats[seats[0]].token), { expectedVersion: 0, move: moves[0] });
    await service.close();
    t.equal((await answer).version, 1);
    t.equal(await store.version(g.id), 1);
    await store.close();
  });

  t.test(
    'a snapshot left stale by another writer on the same file never appends, and refusals are judged on the log',
    async (t) => {
      const location = await stores.location(t);
      const { service: here, store: hereStore } = await stores.service(t, location);
      const { service: there, store } = await stores.service(t, location);
      const { moves, seats } = firstMoves(5);
      const g = await here.create(SETUP);
      const submit = (service: GameService, v: number, move = moves[v]) =>
        service.submit(g.id, tokenDigest(g.seats[seats[v]].token), { expectedVersion: v, move });
      const versionOf = (json: string) => (JSON.parse(json) as { version: number }).version;
      t.equal((await submit(here, 0)).version, 1, 'this service caches the game at version 1');
      const announced = stores.announced(hereStore, g.id);
      t.equal((await submit(there, 1)).version, 2, 'another writer appends move 2');
      await announced;
      t.same(
        [versionOf(await here.legalMovesJson(g.id)), versionOf(await here.stateJson(g.id))],
        [2, 2],
        'reads here see it as soon as the store announced it',
      );

      t.equal((await submit(there, 2)).version, 3, 'another writer appends move 3 while this service is at version 2');
      const illegal = await submit(here, 2, { type: 'placeTile', x: 9, y: 9, rotation: 0 }).catch((e: unknown) => e);
      t.ok(
        illegal instanceof ServiceError && illegal.code === 'VERSION_CONFLICT' && illegal.extra.currentVersion === 3,
        'a move the stale state refuses: a conflict with the current version, not the rule',
      );
      t.equal((await submit(there, 3)).version, 4, 'another writer appends move 4 while this service is at version 3');
      const taken = await submit(here, 3).catch((e: unknown) => e);
      t.ok(
        taken instanceof ServiceError && taken.code === 'VERSION_CONFLICT' && taken.extra.currentVersion === 4,
        'a move the stale state accepts: its sequence number is taken, a conflict',
      );
      const heardThere = stores.announced(store, g.id);
      t.equal((await submit(here, 4)).version, 5, 'the current version is accepted after catching up');
      await heardThere;
      t.equal(await store.version(g.id), 5);
      let expected = mirror();
      for (const move of moves) {
        const next = play(expected, move);
        if (!next.ok) throw new Error(next.error.reason);
        expected = next.value.game;
      }
      t.same(JSON.parse(await here.stateJson(g.id)), {
        id: g.id,
        version: 5,
        ...lifecycleMembers(SETUP),
        ...publicView(expected),
      });
      t.same(
        JSON.parse(await there.stateJson(g.id)),
        { id: g.id, version: 5, ...lifecycleMembers(SETUP), ...publicView(expected) },
        'both services agree',
      );
    },
  );

  t.test('the same Idempotency-Key twice in one batch: played once, the second answered as its replay', async (t) => {
    const { service, store } = await stores.service(t);
    const { moves, seats } = firstMoves(1);
    const g = await service.create(SETUP);
    const send = () =>
      service.submit(g.id, tokenDigest(g.seats[seats[0]].token), { expectedVersion: 0, move: moves[0] }, 'same-key');
    const [first, second] = await Promise.all([send(), send()]);
    t.same([first.version, first.replayed, second.version, second.replayed], [1, false, 1, true]);
    t.same(
      [second.events, second.state],
      [first.events, first.state],
      'the replay is the original answer: its events and state',
    );
    t.equal(await store.version(g.id), 1, 'one move in the log');
  });

  t.test('two moves of one game in one batch with no cache at all: the second still sees the first', async (t) => {
    const { service, store } = await stores.service(t, undefined, { cacheSize: 0 });
    const { moves, seats } = firstMoves(2);
    const g = await service.create(SETUP);
    const results = await Promise.all(
      [0, 1].map((v) =>
        outcome(service.submit(g.id, tokenDigest(g.seats[seats[v]].token), { expectedVersion: v, move: moves[v] })),
      ),
    );
    t.same(results, [
      { ok: true, version: 1 },
      { ok: true, version: 2 },
    ]);
    t.equal(await store.version(g.id), 2);
  });

  t.test(
    'a refusal after a move of the same game in one batch, while another writer committed elsewhere: reads see the move',
    async (t) => {
      const location = await stores.location(t);
      const here = (await stores.service(t, location)).service;
      const there = (await stores.service(t, location)).service;
      const { moves, seats } = firstMoves(2);
      const g = await here.create(SETUP);
      const other = await there.create(SETUP);
      t.equal(
        (await there.submit(other.id, tokenDigest(other.seats[seats[0]].token), { expectedVersion: 0, move: moves[0] }))
          .version,
        1,
        'another writer commits',
      );
      const results = await Promise.all([
        outcome(here.submit(g.id, tokenDigest(g.seats[seats[0]].token), { expectedVersion: 0, move: moves[0] })),
        outcome(
          here.submit(g.id, tokenDigest(g.seats[seats[1]].token), {
            expectedVersion: 1,
            move: { type: 'placeTile', x: 9, y: 9, rotation: 0 },
          }),
        ),
      ]);
      t.same(
        results,
        [
          { ok: true, version: 1 },
          { ok: false, code: 'MOVE_NOT_ALLOWED_NOW' },
        ],
        'the refusal is the rule, judged on the batch’s own move',
      );
      t.equal(
        (JSON.parse(await here.stateJson(g.id)) as { version: number }).version,
        1,
        'and the cache holds the committed move',
      );
    },
  );
});

t.test(
  'a write lock another process holds beyond the busy timeout refuses the whole batch at once, changing nothing',
  async (t) => {
    const path = tempDatabase(t);
    const { service, store } = openService(t, path, { busyTimeoutMs: 20 });
    const { moves, seats } = firstMoves(1);
    const games = await Promise.all([0, 1, 2].map(() => service.create(SETUP)));
    const transactions = countTransactions(store);
    const other = new Database(path);
    t.teardown(() => other.close());
    other.exec('BEGIN IMMEDIATE');
    const submitAll = () =>
      Promise.all(
        games.map((g) =>
          service
            .submit(g.id, tokenDigest(g.seats[seats[0]].token), { expectedVersion: 0, move: moves[0] })
            .catch((e: unknown) => e),
        ),
      );
    const refused = await submitAll();
    for (const error of refused) {
      t.ok(
        error instanceof ServiceError && error.code === 'DATABASE_BUSY' && error.extra.retryAfter === 1,
        'DATABASE_BUSY, retry after 1 s',
      );
    }
    t.equal(transactions(), 1, 'one attempt for the batch: no submission waits the timeout again on its own');
    t.same(await Promise.all(games.map((g) => store.version(g.id))), [0, 0, 0], 'nothing was appended');
    const expected = { version: 0, ...lifecycleMembers(SETUP), ...publicView(mirror()) };
    for (const g of games)
      t.same(JSON.parse(await service.stateJson(g.id)), { id: g.id, ...expected }, 'nor changed in memory');
    other.exec('ROLLBACK');
    t.same(
      (await submitAll()).map((r) => (r as { version: number }).version),
      [1, 1, 1],
      'the retried moves are taken once the lock is released',
    );
  },
);

/**
 * Two games' first moves on a store opened with `commitWindowMs`, the second sent once the event
 * loop has turned a few times: the write transactions they took.
 */
async function twoMoves(t: Test, open: (commitWindowMs: number) => Promise<GameStore>, commitWindowMs: number) {
  const { moves, seats } = firstMoves(1);
  const store = await open(commitWindowMs);
  const service = new GameService(store, { cacheSize: 10 });
  t.teardown(async () => {
    await service.close();
    await store.close();
  });
  const [a, b] = await Promise.all([service.create(SETUP), service.create(SETUP)]);
  const transactions = countTransactions(store);
  const move = (g: typeof a) =>
    service.submit(g.id, tokenDigest(g.seats[seats[0]].token), { expectedVersion: 0, move: moves[0] });
  const first = move(a);
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
  const versions = await Promise.all([first, move(b)]);
  t.same(
    versions.map((r) => r.version),
    [1, 1],
    `both moves committed (window ${commitWindowMs} ms)`,
  );
  return transactions();
}

t.test(
  "on PostgreSQL a move that finds no batch running waits the store's commit window, and the moves meanwhile share its transaction",
  async (t) => {
    if (!(await postgresAvailable())) {
      t.plan(0, 'no PostgreSQL server could start here (in CI this fails instead)');
      return;
    }
    const url = (await postgresDatabase(t))!;
    const open = (commitWindowMs: number) => openStore({ kind: 'postgres', url }, { postgres: { commitWindowMs } });
    t.equal(await twoMoves(t, open, 0), 2, 'without a window the first move is sent at once, alone');
    t.equal(await twoMoves(t, open, 500), 1, 'with one, the second joins the first');
  },
);

t.test('on SQLite the commit window is a setting too (SQLITE_COMMIT_WINDOW_MS), off by default', async (t) => {
  const open = (commitWindowMs?: number) =>
    openStore({ kind: 'sqlite', path: tempDatabase(t) }, { sqlite: { commitWindowMs } });
  t.equal(await twoMoves(t, () => open(), 0), 2, 'by default the first move is committed at once, alone');
  t.equal(await twoMoves(t, open, 500), 1, 'with a window, the second joins the first');
});
