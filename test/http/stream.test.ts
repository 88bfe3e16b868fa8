import { connect, type AddressInfo } from 'node:net';
import t, { type Test } from 'tap';
import type { AppOptions } from '../../src/app.js';
import { STREAM_RETRY_MS } from '../../src/http/routes/stream.js';
import { bearer, createGame, legal, playFirstLegal, testApp, type App } from './helpers/app.js';
import { conforms, SCHEMAS } from './helpers/schema.js';
import { openStream } from './helpers/sse.js';

const { StreamMoveMessage, StreamStateMessage } = SCHEMAS;

async function listening(t: Test, options: Partial<AppOptions> = {}): Promise<{ app: App; base: string }> {
  const app = await testApp(t, options);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

t.test('a stream sends the state, then each move with its events and the next actor', async (t) => {
  const { app, base } = await listening(t);
  const game = await createGame(app);
  const stream = await openStream(`${base}/games/${game.id}/stream`);
  t.teardown(() => stream.close());
  t.equal(stream.response.statusCode, 200);
  t.match(stream.response.headers, {
    'content-type': /^text\/event-stream/,
    'cache-control': 'no-cache',
    'x-accel-buffering': 'no',
  });
  const state = await stream.next();
  t.equal(state.event, 'state');
  conforms(t, StreamStateMessage, state.data, 'state message');
  t.match(state.data, { version: 0, actor: 0, phase: 'placeTile', state: { id: game.id, version: 0 } });
  t.same(state.data.created, game.events, "the creation's events, as POST /games answered them");
  t.equal(stream.retry, STREAM_RETRY_MS, 'tells an EventSource how long to wait before reconnecting');

  const played = await playFirstLegal(app, game);
  t.equal(played.statusCode, 201);
  const move = await stream.next();
  conforms(t, StreamMoveMessage, move.data, 'move message');
  t.equal(move.id, '1');
  t.equal(move.event, 'move');
  const now = await legal(app, game.id);
  t.match(move.data, { version: 1, seat: 0, move: { type: 'placeTile' }, actor: now.actor, phase: now.phase });
  t.same(move.data.events, played.json().events, 'the events the move answer carried');
});

t.test('Last-Event-ID and ?after resume with the missed moves, each with its own turn', async (t) => {
  const { app, base } = await listening(t);
  const game = await createGame(app);
  const turns: { actor: number | null; phase: string }[] = [];
  for (let i = 0; i < 4; i++) {
    await playFirstLegal(app, game);
    const { actor, phase } = await legal(app, game.id);
    turns.push({ actor, phase });
  }
  for (const [headers, query] of [
    [{ 'last-event-id': '1' }, ''],
    [{}, '?after=1'],
  ] as const) {
    const stream = await openStream(`${base}/games/${game.id}/stream${query}`, headers);
    t.teardown(() => stream.close());
    for (let version = 2; version <= 4; version++) {
      const m = await stream.next();
      t.equal(m.id, String(version), 'no state message, no gap');
      t.match(m.data, { version, ...turns[version - 1] });
    }
    await playFirstLegal(app, game);
    t.equal((await stream.next()).id, '5', 'then live moves');
    stream.close();
  }
});

t.test('an HTTP/1.0 reader (no chunked bodies) gets the messages unframed', async (t) => {
  const { app, base } = await listening(t);
  const game = await createGame(app);
  const socket = connect(Number(new URL(base).port), '127.0.0.1');
  t.teardown(() => socket.destroy());
  let received = '';
  socket.setEncoding('utf8').on('data', (c: string) => (received += c));
  socket.write(`GET /games/${game.id}/stream HTTP/1.0\r\nAccept: text/event-stream\r\n\r\n`);
  const until = async (ok: () => boolean) => {
    for (let i = 0; i < 6000 && !ok(); i++) await new Promise((r) => setTimeout(r, 10)); // a minute: only ends a hang
  };
  await until(() => received.includes('event: state'));
  await playFirstLegal(app, game);
  await until(() => received.includes('id: 1\n'));
  t.match(received, /^HTTP\/1\.1 200 /);
  t.notMatch(received, /transfer-encoding: chunked/i);
  t.match(
    received,
    /\r\n\r\nretry: 3000\n\nevent: state\n[^]*\n\nid: 1\nevent: move\ndata: \{"version":1,[^\r]*\}\n\n$/,
    'the messages one after the other, no chunk sizes',
  );
});

t.test('a malformed Last-Event-ID or an unknown game is a problem, not a stream', async (t) => {
  const { app, base } = await listening(t);
  const game = await createGame(app);
  t.equal((await app.inject({ url: `/games/${game.id}/stream`, headers: { 'last-event-id': 'abc' } })).statusCode, 400);
  t.equal((await app.inject({ url: `/games/${game.id}/stream?after=-1` })).statusCode, 400);
  const missing = await app.inject({ url: '/games/nope/stream' });
  t.equal(missing.statusCode, 404);
  t.match(missing.json(), { code: 'GAME_NOT_FOUND' });
  t.ok(base);
});

t.test('comments keep an idle stream open past the idle timeout', async (t) => {
  // The idle timeout shortened to 600 ms: the stream's comments come every 200 ms.
  const { app, base } = await listening(t, { timeouts: { idleMs: 600 } });
  const game = await createGame(app);
  const stream = await openStream(`${base}/games/${game.id}/stream`, {}, true);
  t.teardown(() => stream.close());
  t.equal((await stream.next()).event, 'state');
  await new Promise((r) => setTimeout(r, 1500));
  const comment = await stream.next();
  t.equal(comment.comment, 'keep-alive');
  await playFirstLegal(app, game);
  let m = await stream.next();
  while (m.comment !== undefined) m = await stream.next();
  t.equal(m.id, '1', 'still delivering after 2.5 idle timeouts');
});

t.test('the stream ends after the move that ends the game', async (t) => {
  const { app, base } = await listening(t);
  const game = await createGame(app, { players: [{ name: 'Ann' }, { name: 'Bob' }], tileOrder: ['base/E'] });
  const stream = await openStream(`${base}/games/${game.id}/stream`);
  await stream.next();
  let last;
  for (let i = 0; i < 10; i++) {
    const lm = await legal(app, game.id);
    if (lm.actor === null) break;
    await app.inject({
      method: 'POST',
      url: `/games/${game.id}/moves`,
      headers: bearer(game.seats[lm.actor].token),
      payload: { expectedVersion: lm.version, move: lm.moves.at(-1) },
    });
    last = await stream.next();
  }
  t.match(last?.data, { actor: null, phase: 'finished' });
  t.match(last?.data.events.at(-1), { type: 'gameEnded' });
  await stream.ended;
  const after = await openStream(`${base}/games/${game.id}/stream`);
  t.equal((await after.next()).data.phase, 'finished');
  await after.ended;
  t.pass('a finished game streams its state and ends');
});

t.test('closing the server ends open streams', async (t) => {
  const { app, base } = await listening(t);
  const game = await createGame(app);
  const stream = await openStream(`${base}/games/${game.id}/stream`);
  await stream.next();
  const started = Date.now();
  await app.close();
  await stream.ended;
  // Ended by the close, not by the stream's own 600 s life (the bound tells the two apart).
  t.ok(Date.now() - started < 60_000);
});

t.test("a stream without a resume point carries the creation's events as GET /events without after does", async (t) => {
  const { app, base } = await listening(t);
  const game = await createGame(app);
  await playFirstLegal(app, game);
  const stream = await openStream(`${base}/games/${game.id}/stream`);
  t.teardown(() => stream.close());
  const state = await stream.next();
  const events = (await app.inject({ url: `/games/${game.id}/events` })).json();
  t.equal(state.data.version, 1);
  t.same(state.data.created, events.created, 'the same creation events at any version');
  t.same(state.data.created, game.events);
});
