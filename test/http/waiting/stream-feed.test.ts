/**
 * The streams of a game share one reader (`stream-feed.ts`): a move is read once for all of
 * them, each gets every move once and in order (those who join behind catch up first), and
 * nothing is kept once the last stream of a game ends.
 */
import { setMaxListeners } from 'node:events';
import t from 'tap';
import type { Move } from '../../../src/engine/index.js';
import { StreamFeeds, type StreamSink } from '../../../src/http/stream-feed.js';
import { tokenDigest } from '../../../src/service/lifecycle/seat-tokens.js';
import { openService } from '../../helpers/service.js';
import { tempDatabase } from '../../helpers/temp-database.js';

const SETUP = { players: [{ name: 'Ann' }, { name: 'Bob' }], seed: 'feed' };

function sink(): StreamSink & { ids: number[]; ended: boolean } {
  const s = {
    ids: [] as number[],
    ended: false,
    write(bytes: Buffer) {
      const id = /^id: (\d+)/.exec(bytes.toString());
      if (id) s.ids.push(Number(id[1]));
      return true;
    },
    end() {
      s.ended = true;
    },
  };
  return s;
}

const until = async (ok: () => boolean, what: string): Promise<void> => {
  for (let i = 0; i < 6000 && !ok(); i++) await new Promise((r) => setTimeout(r, 10)); // a minute: only ends a hang
  if (!ok()) throw new Error(`timed out waiting until ${what}`);
};

t.test(
  '60 streams on one game: one read of the log per move, every move to every stream, nothing kept after',
  async (t) => {
    const { service } = openService(t, tempDatabase(t));
    const game = await service.create(SETUP);
    const reads = { n: 0 };
    const movesSince = service.movesSince.bind(service);
    service.movesSince = (id, after, limit) => {
      reads.n++;
      return movesSince(id, after, limit);
    };
    const feeds = new StreamFeeds(service, { keepAliveMs: 60_000, pollMs: 60_000, maxLifetimeMs: 600_000 });
    const stop = new AbortController();
    setMaxListeners(100, stop.signal); // one signal stops every stream of this test
    t.teardown(() => stop.abort());
    const sinks = Array.from({ length: 60 }, sink);
    const done = sinks.map((s) => feeds.follow(game.id, 0, s, stop.signal));
    await until(() => feeds.size.streams === 60, 'every stream follows');
    t.same(feeds.size, { games: 1, streams: 60 });

    const play = async (version: number) => {
      const legal = JSON.parse(await service.legalMovesJson(game.id)) as { actor: number; moves: Move[] };
      await service.submit(game.id, tokenDigest(game.seats[legal.actor].token), {
        expectedVersion: version,
        move: legal.moves[0],
      });
    };
    const before = reads.n;
    for (let v = 0; v < 4; v++) {
      await play(v);
      await until(() => sinks.every((s) => s.ids.length === v + 1), `move ${v + 1} reached every stream`);
    }
    t.equal(reads.n - before, 4, '4 moves to 60 streams cost 4 reads of the log');
    t.ok(
      sinks.every((s) => s.ids.join() === '1,2,3,4'),
      'each stream got each move once, in order',
    );

    const late = sink();
    const lateDone = feeds.follow(game.id, 1, late, stop.signal);
    await until(() => late.ids.length === 3, 'a stream joining behind caught up');
    t.same(late.ids, [2, 3, 4], 'from the recent messages, no gap');

    stop.abort();
    await Promise.all([...done, lateDone]);
    t.ok(
      sinks.every((s) => s.ended),
      'every stream ended',
    );
    await until(() => feeds.size.games === 0, 'the feed is gone');
    t.same(feeds.size, { games: 0, streams: 0 }, 'nothing is kept for a game nobody follows');
  },
);

t.test('a stream resumed far behind is served from the log in pages, each entry with its own turn', async (t) => {
  const { service } = openService(t, tempDatabase(t));
  const game = await service.create(SETUP);
  const turns: { actor: number | null; phase: string }[] = [];
  for (let v = 0; v < 12; v++) {
    const legal = JSON.parse(await service.legalMovesJson(game.id)) as { actor: number; moves: Move[] };
    await service.submit(game.id, tokenDigest(game.seats[legal.actor].token), {
      expectedVersion: v,
      move: legal.moves[0],
    });
    const after = JSON.parse(await service.legalMovesJson(game.id)) as { actor: number | null; phase: string };
    turns.push({ actor: after.actor, phase: after.phase });
  }
  const page = await service.movesSince(game.id, 3, 4);
  t.same(
    page.map((m) => m.seq),
    [4, 5, 6, 7],
    'a page of at most `limit` entries',
  );
  t.same(
    page.map((m) => ({ actor: m.actor, phase: m.phase })),
    turns.slice(3, 7),
    'each with the turn the legal moves named then',
  );
  const feeds = new StreamFeeds(service, {
    keepAliveMs: 60_000,
    pollMs: 60_000,
    maxLifetimeMs: 600_000,
    pageSize: 5,
    recent: 2,
  });
  const stop = new AbortController();
  t.teardown(() => stop.abort());
  const s = sink();
  const done = feeds.follow(game.id, 0, s, stop.signal);
  await until(() => s.ids.length === 12, 'caught up');
  t.same(
    s.ids,
    Array.from({ length: 12 }, (_, i) => i + 1),
  );
  stop.abort();
  await done;
});

t.test(
  'a move goes out as one Buffer to every stream, in slices with the event loop free between them; a slow reader alone ends',
  async (t) => {
    const { service } = openService(t, tempDatabase(t));
    const game = await service.create(SETUP);
    const feeds = new StreamFeeds(service, {
      keepAliveMs: 60_000,
      pollMs: 60_000,
      maxLifetimeMs: 600_000,
      sliceSize: 4,
    });
    const stop = new AbortController();
    t.teardown(() => stop.abort());
    const written: Buffer[] = [];
    let servedBetween: number | undefined;
    const sinks = Array.from({ length: 10 }, (_, i) => {
      const s = sink();
      const write = s.write.bind(s);
      s.write = (bytes) => {
        write(bytes);
        written.push(bytes);
        // Something else asks to be served as the first stream gets its message: it is, before the last does.
        if (written.length === 1) setImmediate(() => (servedBetween = written.length));
        return i !== 5; // the sixth reader is too slow
      };
      return s;
    });
    const done = sinks.map((s) => feeds.follow(game.id, 0, s, stop.signal));
    await until(() => feeds.size.streams === 10, 'every stream follows');
    const legal = JSON.parse(await service.legalMovesJson(game.id)) as { actor: number; moves: Move[] };
    await service.submit(game.id, tokenDigest(game.seats[legal.actor].token), {
      expectedVersion: 0,
      move: legal.moves[0],
    });
    await until(() => written.length === 10, 'the move reached every stream');
    t.ok(
      written.every((b) => b === written[0]),
      'the same Buffer, encoded once',
    );
    t.equal(servedBetween, 4, 'the event loop turned after the first slice of 4 streams');
    t.ok(sinks[5].ended, 'the slow reader’s stream ended');
    t.equal(sinks.filter((s) => s.ended).length, 1, 'and no other');
    t.same(feeds.size, { games: 1, streams: 9 });
    stop.abort();
    await Promise.all(done);
  },
);
