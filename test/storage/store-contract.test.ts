/**
 * The store contract (`src/storage/game-store.ts`), on SQLite and on PostgreSQL alike: the log's
 * key is the one arbiter of writes, a batch is all or nothing, keys are unique per game, and a
 * second writer's commit changes the stamp its game is read under.
 */
import t from 'tap';
import { SequenceTakenError, type GameStore, type NewMove } from '../../src/storage/game-store.js';
import { forEachStore } from '../helpers/stores.js';

const AT = '2026-01-01T00:00:00.000Z';
let games = 0;

async function newGame(store: GameStore): Promise<string> {
  const id = `game-${process.pid}-${++games}`;
  await store.insertGame({
    id,
    setup: { players: [{ name: 'A' }, { name: 'B' }], seed: 's' },
    tokenHashes: ['a'.repeat(64), 'b'.repeat(64)],
    status: 'active',
    at: AT,
  });
  return id;
}

const move = (gameId: string, seq: number, extra: Partial<NewMove> = {}): NewMove => ({
  gameId,
  seq,
  seat: seq % 2,
  move: { type: 'pass' },
  at: AT,
  idempotencyKey: null,
  requestHash: null,
  status: 'active',
  ...extra,
});

forEachStore(t, (t, stores) => {
  t.test('a game reads back as it was stored; an unknown game is absent', async (t) => {
    const store = await stores.open(t);
    const id = await newGame(store);
    t.same(await store.findGame(id), {
      id,
      setup: { players: [{ name: 'A' }, { name: 'B' }], seed: 's' },
      tokenHashes: ['a'.repeat(64), 'b'.repeat(64)],
      status: 'active',
      createdAt: AT,
      adminTokenHash: null,
    });
    t.equal(await store.findGame('nope'), undefined);
    t.equal(await store.version('nope'), 0);
    t.same(await store.movesAfter('nope', 0), []);
  });

  t.test('the log is append-only and unique per game and sequence number', async (t) => {
    const store = await stores.open(t);
    const id = await newGame(store);
    await store.appendBatch([move(id, 1)]);
    await t.rejects(store.appendBatch([move(id, 1)]), SequenceTakenError);
    t.equal(await store.version(id), 1);
    await t.rejects(
      store.appendBatch([move(id, 2), move(id, 1)]),
      SequenceTakenError,
      'a batch with one taken number is refused whole',
    );
    t.equal(await store.version(id), 1, 'and writes nothing');
  });

  t.test('a batch spans games, keeps each move as written and finishes the games a move ended', async (t) => {
    const store = await stores.open(t);
    const [a, b] = [await newGame(store), await newGame(store)];
    const placed = { type: 'placeTile' as const, x: -1, y: 0, rotation: 90 as const };
    await store.appendBatch([move(a, 1, { move: placed }), move(b, 1), move(a, 2, { status: 'finished' })]);
    t.same(await store.movesAfter(a, 0), [
      { seq: 1, seat: 1, move: placed, at: AT },
      { seq: 2, seat: 0, move: { type: 'pass' }, at: AT },
    ]);
    t.same(Object.keys((await store.movesAfter(a, 0))[0].move), Object.keys(placed), 'keys in the order written');
    t.same(
      (await store.movesAfter(a, 1)).map((m) => m.seq),
      [2],
    );
    t.same(
      (await store.movesAfter(a, 0, 1)).map((m) => m.seq),
      [1],
      'a limit reads that many moves only (a page of /moves)',
    );
    t.same(
      (await store.movesAfter(a, 1, 5)).map((m) => m.seq),
      [2],
    );
    t.same([await store.version(a), await store.version(b)], [2, 1]);
    t.equal((await store.findGame(a))!.status, 'finished');
    t.equal((await store.findGame(b))!.status, 'active');
  });

  t.test('an Idempotency-Key is unique per game and finds its move', async (t) => {
    const store = await stores.open(t);
    const [a, b] = [await newGame(store), await newGame(store)];
    await store.appendBatch([
      move(a, 1, { idempotencyKey: 'k', requestHash: 'h' }),
      move(b, 1, { idempotencyKey: 'k', requestHash: 'h2' }),
    ]);
    t.same(await store.findIdempotentMove(a, 'k'), { seq: 1, seat: 1, requestHash: 'h' });
    t.same(
      await store.findIdempotentMove(b, 'k'),
      { seq: 1, seat: 1, requestHash: 'h2' },
      'the same key in another game is another move',
    );
    t.equal(await store.findIdempotentMove(a, 'other'), undefined);
    await t.rejects(
      store.appendBatch([move(a, 2, { idempotencyKey: 'k', requestHash: 'h' })]),
      SequenceTakenError,
      'a key used twice loses like a taken number',
    );
    await store.appendBatch([move(a, 2), move(a, 3)]);
    t.equal(await store.version(a), 3, 'moves without a key never collide on it');
  });

  t.test("another writer's commit changes the stamp its game is read under; one's own need not", async (t) => {
    const location = await stores.location(t);
    const [here, there] = [await stores.open(t, location), await stores.open(t, location)];
    const id = await newGame(here);
    const heard: string[] = [];
    here.watch((gameId) => heard.push(gameId));
    const before = here.changeStamp(id);
    t.equal(here.changeStamp(id), before, 'unchanged while nobody writes');
    await there.appendBatch([move(id, 1)]);
    const deadline = Date.now() + 30_000; // only ends a test that would hang
    while (here.changeStamp(id) === before && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 5));
    t.not(here.changeStamp(id), before, 'changed after the other writer committed');
    if (stores.kind === 'postgres') t.same(heard, [id], 'and the store told which game moved');
  });
});

forEachStore(t, (t, stores) => {
  t.test('deleteExpired takes games whose last move (or creation) is older than the cut, in batches', async (t) => {
    const store = await stores.open(t);
    const old = '2020-01-01T00:00:00.000Z';
    const cut = '2025-01-01T00:00:00.000Z';
    const insert = async (at: string) => {
      const id = `exp-${process.pid}-${++games}`;
      await store.insertGame({
        id,
        setup: { players: [{ name: 'A' }, { name: 'B' }], seed: 's' },
        tokenHashes: ['a'.repeat(64), 'b'.repeat(64)],
        status: 'active',
        at,
      });
      return id;
    };
    const idle = [await insert(old), await insert(old), await insert(old)];
    const playedLately = await insert(old);
    await store.appendBatch([move(playedLately, 1, { at: AT })]);
    const fresh = await insert(AT);
    const first = await store.deleteExpired(cut, 2);
    t.equal(first.length, 2, 'at most the limit per call');
    const second = await store.deleteExpired(cut, 2);
    t.same([...first, ...second].sort(), [...idle].sort(), 'exactly the idle old games');
    t.same(await store.deleteExpired(cut, 2), [], 'nothing left to take');
    for (const id of idle) t.equal(await store.findGame(id), undefined, `${id} is gone`);
    t.equal(await store.version(idle[0]), 0, 'with its log');
    t.ok(await store.findGame(playedLately), 'a game created long ago but played lately stays');
    t.equal(await store.version(playedLately), 1);
    t.ok(await store.findGame(fresh), 'a fresh game stays');
  });

  t.test('health resolves while the store takes writes', async (t) => {
    const store = await stores.open(t);
    await t.resolves(store.health());
  });

  t.test("a finished game's analysis is claimed once, then stored and announced to the other writers", async (t) => {
    const location = await stores.location(t);
    const [here, there] = [await stores.open(t, location), await stores.open(t, location)];
    const id = await newGame(here);
    const [early, claimedAt, late] = [
      '2026-01-01T00:00:00.000Z',
      '2026-01-01T00:05:00.000Z',
      '2026-01-01T00:20:00.000Z',
    ];
    t.notOk(await here.claimAnalysis(id, claimedAt, early), 'not before the end');
    await here.appendBatch([move(id, 1, { status: 'finished' })]);
    t.equal(await here.analysisStatus(id, early), 'none');
    t.ok(await here.claimAnalysis(id, claimedAt, early));
    t.notOk(await there.claimAnalysis(id, claimedAt, early), 'once');
    t.equal(await there.analysisStatus(id, early), 'claimed', 'being computed while the claim is fresh');
    t.equal(await there.analysisStatus(id, late), 'none', 'not once it is stale');
    const heard: string[] = [];
    here.watch((gameId) => heard.push(gameId));
    const before = here.changeStamp(id);
    await there.saveAnalysis(id, { gameId: id });
    t.equal(await here.analysisStatus(id, late), 'stored');
    t.same(await here.findAnalysis(id), { gameId: id });
    const deadline = Date.now() + 30_000; // only ends a test that would hang
    while (here.changeStamp(id) === before && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 5));
    t.not(here.changeStamp(id), before, "the other writer's save changed the stamp");
    if (stores.kind === 'postgres') t.same(heard, [id], 'and the store told which game');
    t.equal(await here.analysisStatus('no-such-game', early), 'none');
  });
});
