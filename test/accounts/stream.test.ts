/**
 * One event stream per account (`docs/accounts.md`), on SQLite and PostgreSQL, across two nodes
 * of one store: a stream on one node hears a game made and played on the other (`gameStarted`,
 * `yourTurn` once per turn, `gameFinished`), resumes after its last id without a gap or a repeat,
 * and a long-poll gives the same events; a fresh reader first gets the turns waiting for it.
 */
import pg from 'pg';
import t from 'tap';
import { bearer, legal, testApp, type App } from '../http/helpers/app.js';
import { conforms, SCHEMAS } from '../http/helpers/schema.js';
import { openStream, type SseReader } from '../http/helpers/sse.js';
import { forEachStore } from '../helpers/stores.js';
import { keyed, newAccount, type TestAccount } from './helpers.js';

/** Bounds, not waits: a message comes when its event happens, long before these on any machine. */
const BOUND_MS = 120_000;

async function listen(_t: unknown, app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

async function play(app: App, id: string, headers: Record<string, string>) {
  const lm = await legal(app, id);
  const res = await app.inject({
    method: 'POST',
    url: `/games/${id}/moves`,
    headers,
    payload: { expectedVersion: lm.version, move: lm.moves[0] },
  });
  if (res.statusCode !== 201) throw new Error(`move: ${res.statusCode} ${res.body}`);
}

/** Plays seat `seat`'s whole turn. */
async function playTurn(app: App, id: string, seat: number, headers: Record<string, string>) {
  while ((await legal(app, id)).actor === seat) await play(app, id, headers);
}

/** The next non-comment message's event and data. */
async function nextEvent(stream: SseReader) {
  const m = await stream.next(BOUND_MS);
  return { id: m.id, type: m.event, data: m.data };
}

async function newGame(app: App, account: TestAccount, first: boolean) {
  const players = first ? [{ account: account.name }, { name: 'Ann' }] : [{ name: 'Ann' }, { account: account.name }];
  const res = await app.inject({ method: 'POST', url: '/games', headers: keyed(account), payload: { players } });
  if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${res.body}`);
  return res.json<{ id: string; adminToken: string; seats: { token?: string }[] }>();
}

forEachStore(t, (t, stores) => {
  t.test('a stream on one node hears the games of the other, and resumes after its last id', async (t) => {
    const location = await stores.location(t);
    const here = await testApp(t, { database: location });
    const there = await testApp(t, { database: location });
    const base = await listen(t, there);
    const bot = await newAccount(here, 'bot');
    const stream = await openStream(`${base}/accounts/me/stream`, keyed(bot));
    t.teardown(() => stream.close());
    t.equal(stream.response.statusCode, 200);

    const game = await newGame(here, bot, false); // Ann first
    const started = await nextEvent(stream);
    conforms(t, SCHEMAS.AccountEventSchema, started.data, 'gameStarted');
    t.match(started, { type: 'gameStarted', data: { gameId: game.id, seat: 1, version: 0, rated: false } });
    t.type(started.id, 'string', 'a stored event has an id');
    await playTurn(here, game.id, 0, bearer(game.seats[0].token!));
    const turn = await nextEvent(stream);
    const lm = await legal(here, game.id);
    t.match(turn, { type: 'yourTurn', data: { gameId: game.id, seat: 1, version: lm.version, phase: lm.phase } });
    // The bot plays its turn; nothing is told of its own phases; Ann's turn passes it back.
    await playTurn(here, game.id, 1, keyed(bot));
    await playTurn(here, game.id, 0, bearer(game.seats[0].token!));
    const again = await nextEvent(stream);
    t.match(again, { type: 'yourTurn', data: { gameId: game.id, version: (await legal(here, game.id)).version } });
    const aborted = await here.inject({
      method: 'POST',
      url: `/games/${game.id}/abort`,
      headers: bearer(game.adminToken),
    });
    t.equal(aborted.statusCode, 200);
    const finished = await nextEvent(stream);
    t.match(finished, { type: 'gameFinished', data: { gameId: game.id, status: 'aborted' } });
    stream.close();

    // Resumed after the first event: exactly the three after it, in order, on the other node.
    const base2 = await listen(t, here);
    const resumed = await openStream(`${base2}/accounts/me/stream`, { ...keyed(bot), 'last-event-id': started.id! });
    t.teardown(() => resumed.close());
    const replay = [await nextEvent(resumed), await nextEvent(resumed), await nextEvent(resumed)];
    t.same(
      replay.map((e) => [e.id, e.type]),
      [turn, again, finished].map((e) => [e.id, e.type]),
      'no gap, no repeat',
    );
  });

  t.test('a fresh reader first gets the turns waiting for it (no id); moves=true adds the legal moves', async (t) => {
    const location = await stores.location(t);
    const app = await testApp(t, { database: location });
    const base = await listen(t, app);
    const bot = await newAccount(app, 'bot');
    const waiting = await newGame(app, bot, true); // the bot acts first
    await newGame(app, bot, false); // Ann acts first: nothing waits for the bot there
    const stream = await openStream(`${base}/accounts/me/stream?moves=true`, keyed(bot));
    t.teardown(() => stream.close());
    const first = await stream.next(BOUND_MS);
    t.equal(first.id, undefined, 'the present has no id');
    const lm = await legal(app, waiting.id);
    t.match(first, { event: 'yourTurn', data: { gameId: waiting.id, seat: 0, version: lm.version, phase: lm.phase } });
    t.same(first.data.moves, lm.moves, 'the legal moves, as GET legal-moves lists them');
    // The next message is the next event, not another of the present.
    await playTurn(app, waiting.id, 0, keyed(bot));
    await playTurn(app, waiting.id, 1, bearer(waiting.seats[1].token!));
    const next = await stream.next(BOUND_MS);
    t.match(next, { event: 'yourTurn', data: { gameId: waiting.id } });
    t.same(next.data.moves, (await legal(app, waiting.id)).moves);
  });

  // PostgreSQL reads a row only once every older transaction has ended: a writer that began before
  // the games and is still running must neither bring their events back after the present nor lose its own.
  if (stores.kind === 'postgres')
    t.test('a fresh reader gets nothing from before the present, though an older writer still runs', async (t) => {
      const location = await stores.location(t);
      const app = await testApp(t, { database: location });
      const base = await listen(t, app);
      const bot = await newAccount(app, 'bot');
      const writer = new pg.Client({ connectionString: location.kind === 'postgres' ? location.url : '' });
      await writer.connect();
      t.teardown(() => writer.end());
      const [{ id: botId }] = (await writer.query('SELECT id FROM accounts WHERE name = $1', [bot.name])).rows;
      await writer.query('BEGIN');
      // A row as the service writes one, in a transaction older than the games'.
      await writer.query(
        `INSERT INTO account_events (account_id, type, data, created_at) VALUES ($1, 'gameFinished', $2, $3)`,
        [botId, { gameId: 'older', seat: 0, version: 0, status: 'aborted' }, new Date().toISOString()],
      );
      const waiting = await newGame(app, bot, true);
      await newGame(app, bot, false);
      const stream = await openStream(`${base}/accounts/me/stream`, keyed(bot));
      t.teardown(() => stream.close());
      const present = await stream.next(BOUND_MS);
      t.match(present, { id: undefined, event: 'yourTurn', data: { gameId: waiting.id, seat: 0 } }, 'the present');
      await writer.query('COMMIT');
      const older = await stream.next(BOUND_MS);
      t.match(older, { event: 'gameFinished', data: { gameId: 'older' } }, "the older writer's event, committed after");
      await playTurn(app, waiting.id, 0, keyed(bot));
      await playTurn(app, waiting.id, 1, bearer(waiting.seats[1].token!));
      const next = await stream.next(BOUND_MS);
      t.match(next, { event: 'yourTurn', data: { gameId: waiting.id } }, "then the next turn: no game's start again");
      stream.close();

      const resumed = await openStream(`${base}/accounts/me/stream`, { ...keyed(bot), 'last-event-id': older.id! });
      t.teardown(() => resumed.close());
      const again = await resumed.next(BOUND_MS);
      t.same([again.id, again.event], [next.id, next.event], "resumed after the older writer's event: the turn");
    });

  t.test('the long-poll gives the same events; it waits for one made on the other node', async (t) => {
    const location = await stores.location(t);
    const here = await testApp(t, { database: location });
    const there = await testApp(t, { database: location });
    const bot = await newAccount(here, 'bot');
    const start = await there.inject({ url: '/accounts/me/events', headers: keyed(bot) });
    t.equal(start.statusCode, 200);
    conforms(t, SCHEMAS.AccountEventsResponse, start.json(), 'events');
    t.same(start.json().events, [], 'nothing yet');
    const created = await newGame(here, bot, true);
    const first = (
      await there.inject({ url: `/accounts/me/events?after=${start.json().cursor}&wait=30`, headers: keyed(bot) })
    ).json();
    t.same(
      first.events.map((e: { type: string }) => e.type),
      ['gameStarted', 'yourTurn'],
    );
    t.equal(first.cursor, first.events[1].id);
    // A poll that waits: answered by a move on the other node.
    const poll = there.inject({ url: `/accounts/me/events?after=${first.cursor}&wait=30`, headers: keyed(bot) });
    await playTurn(here, created.id, 0, keyed(bot));
    await here.inject({ method: 'POST', url: `/games/${created.id}/abort`, headers: bearer(created.adminToken) });
    const answered = (await poll).json();
    t.ok(answered.events.length >= 1, 'the poll was answered by the next event');
    t.equal(answered.events.at(-1).type, 'gameFinished');
    const fresh = (await there.inject({ url: '/accounts/me/events', headers: keyed(bot) })).json();
    t.same(fresh.events, [], 'no game waits for it now');
    const past = (await there.inject({ url: `/accounts/me/events?after=${fresh.cursor}`, headers: keyed(bot) })).json();
    t.same(past.events, [], "a fresh reader's cursor stands after the latest event");
  });

  t.test('bad cursors and missing keys are refused; nothing is held', async (t) => {
    const app = await testApp(t, { database: await stores.location(t) });
    const bot = await newAccount(app, 'bot');
    for (const url of ['/accounts/me/events?after=nope', '/accounts/me/stream?after=nope']) {
      const res = await app.inject({ url, headers: keyed(bot) });
      t.same([res.statusCode, res.json().code], [400, 'INVALID_CURSOR'], url);
    }
    const none = await app.inject({ url: '/accounts/me/stream' });
    t.same([none.statusCode, none.json().code], [401, 'ACCOUNT_KEY_REQUIRED']);
  });
});

// The present is read a page of games at a time (TURNS_PAGE, 100): a bot in more games than a
// page still hears every turn waiting for it. On SQLite alone: the pages are the store's, which
// test/accounts/seats.test.ts pages on both.
t.test('a fresh reader gets the turns waiting in every game, past the first page of them', async (t) => {
  const app = await testApp(t, {
    accountLimits: { maxKeys: 5, maxOpenGames: 200 },
    accountRateLimit: { perSecond: 0, burst: 0 },
  });
  const base = await listen(t, app);
  const bot = await newAccount(app, 'bot');
  const ids = new Set<string>();
  for (let i = 0; i < 101; i++) ids.add((await newGame(app, bot, true)).id);
  const stream = await openStream(`${base}/accounts/me/stream`, keyed(bot));
  t.teardown(() => stream.close());
  const told = new Set<string>();
  for (let i = 0; i < 101; i++) {
    const m = await stream.next(BOUND_MS);
    t.equal(m.event, 'yourTurn');
    told.add(m.data.gameId as string);
  }
  t.same([...told].sort(), [...ids].sort(), 'one yourTurn for each of the 101 games');
});
