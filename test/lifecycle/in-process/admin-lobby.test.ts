/**
 * The admin token's acts over HTTP (abort, reissue a seat's token, hand a seat to a bot) and
 * the lobby of public games (which says which are rated).
 */
import t from 'tap';
import { bearer, createGame, legal, playFirstLegal, testApp, type App } from '../../http/helpers/app.js';
import { conforms } from '../../http/helpers/schema.js';
import { SCHEMAS } from '../../http/helpers/schema.js';
import { againstGreedyBot, newAccount } from '../../accounts/helpers.js';

const { LobbyResponse } = SCHEMAS;

interface Created {
  id: string;
  adminToken: string;
  seats: { token: string }[];
}

const create = async (app: App, body: object = { players: [{ name: 'Ann' }, { name: 'Bob' }] }) =>
  (await createGame(app, body)) as unknown as Created;
const post = (app: App, url: string, token?: string, payload?: object) =>
  app.inject({ method: 'POST', url, ...(token ? { headers: bearer(token) } : {}), ...(payload ? { payload } : {}) });

t.test('the admin aborts a game: no move after, and the state says so', async (t) => {
  const app = await testApp(t);
  const game = await create(app);
  t.equal((await post(app, `/games/${game.id}/abort`)).statusCode, 401, 'no token: 401');
  t.equal(
    (await post(app, `/games/${game.id}/abort`, game.seats[0].token)).json().code,
    'ADMIN_TOKEN_INVALID',
    "a seat token is not the admin's",
  );
  const aborted = await post(app, `/games/${game.id}/abort`, game.adminToken);
  t.equal(aborted.statusCode, 200, aborted.body);
  t.same(aborted.json(), { version: 1 });
  const state = (await app.inject({ url: `/games/${game.id}` })).json();
  t.match(state, { status: 'aborted', actor: null, version: 1 });
  const lm = await legal(app, game.id);
  const move = await post(app, `/games/${game.id}/moves`, game.seats[0].token, {
    expectedVersion: 1,
    move: { type: 'pass' },
  });
  t.equal(move.json().code, 'GAME_ABORTED');
  t.same(lm.moves, []);
  t.equal((await post(app, `/games/${game.id}/abort`, game.adminToken)).json().code, 'GAME_ABORTED', 'twice: refused');
  const events = (await app.inject({ url: `/games/${game.id}/events?after=0` })).json();
  t.same(events.events[0].events, [{ type: 'gameAborted' }]);
});

t.test('a reissued token replaces the old one at once', async (t) => {
  const app = await testApp(t);
  const game = await create(app);
  await playFirstLegal(app, game as never);
  const res = await post(app, `/games/${game.id}/seats/0/token`, game.adminToken);
  t.equal(res.statusCode, 201, res.body);
  const { token, version } = res.json();
  t.equal(version, 2);
  const lm = await legal(app, game.id);
  const old = await post(app, `/games/${game.id}/moves`, game.seats[0].token, {
    expectedVersion: lm.version,
    move: lm.moves[0],
  });
  t.equal(old.statusCode, 403, 'the old token is refused');
  t.equal(old.json().code, 'NOT_YOUR_GAME');
  const fresh = await post(app, `/games/${game.id}/moves`, token, { expectedVersion: lm.version, move: lm.moves[0] });
  t.equal(fresh.statusCode, 201, 'the new one moves');
  t.equal(
    (await post(app, `/games/${game.id}/seats/7/token`, game.adminToken)).statusCode,
    400,
    'a seat beyond 5 is malformed',
  );
  t.equal((await post(app, `/games/${game.id}/seats/3/token`, game.adminToken)).json().code, 'SEAT_NOT_FOUND');
});

t.test("a seat handed to a bot is the bot's: its player's token no longer moves it", async (t) => {
  const app = await testApp(t);
  const game = await create(app);
  const res = await post(app, `/games/${game.id}/seats/0/bot`, game.adminToken, { bot: 'mcts', level: 2 });
  t.equal(res.statusCode, 200, res.body);
  const state = (await app.inject({ url: `/games/${game.id}` })).json();
  t.match(state.seats[0], { kind: 'bot', bot: 'mcts', level: 2 });
  const lm = await legal(app, game.id);
  t.equal(lm.actor, 0);
  const move = await post(app, `/games/${game.id}/moves`, game.seats[0].token, {
    expectedVersion: lm.version,
    move: lm.moves[0],
  });
  t.equal(move.json().code, 'NOT_YOUR_TURN');
});

t.test('the lobby lists public games only, newest first, a page at a time', async (t) => {
  let clock = Date.parse('2026-03-01T00:00:00.000Z');
  const app = await testApp(t, { now: () => new Date((clock += 1000)) });
  const ids: string[] = [];
  for (let i = 0; i < 5; i++) {
    const clock = i === 4 ? { clock: { turnSeconds: 90 } } : {};
    ids.push((await create(app, { players: [{ name: `A${i}` }, { open: true }], visibility: 'public', ...clock })).id);
  }
  await create(app, { players: [{ name: 'Private' }, { open: true }] });
  const active = await create(app, { players: [{ name: 'X' }, { bot: 'random' }], visibility: 'public' });

  const first = await app.inject({ url: '/games?status=waiting&limit=2' });
  t.equal(first.statusCode, 200);
  conforms(t, LobbyResponse, first.json(), 'a page');
  t.same(
    first.json().games.map((g: { id: string }) => g.id),
    [ids[4], ids[3]],
  );
  t.match(first.json().games[0], {
    status: 'waiting',
    players: [{ kind: 'human', name: 'A4' }, { kind: 'open' }],
    expansions: [],
  });
  t.same(first.json().games[0].clock, { turnSeconds: 90 }, 'the turn clock, for a game with one');
  t.notOk('clock' in first.json().games[1], 'no clock member for a game without one');
  t.match(first.headers.link, /rel="next"/);
  const seen = [...first.json().games];
  let next: string | undefined = first.json().next;
  while (next) {
    const page = (await app.inject({ url: next })).json();
    seen.push(...page.games);
    next = page.next;
  }
  t.same(
    seen.map((g) => g.id),
    [...ids].reverse(),
    'every waiting public game once, newest first',
  );
  const all = (await app.inject({ url: '/games' })).json();
  t.same(
    all.games.map((g: { id: string }) => g.id),
    [active.id, ...[...ids].reverse()],
    'without a status: every public game',
  );
  t.match(all.games[0], { status: 'active', players: [{ kind: 'human' }, { kind: 'bot', bot: 'random' }] });

  // A join changes what the lobby shows, with the act.
  await app.inject({ method: 'POST', url: `/games/${ids[0]}/seats/1/join`, payload: { name: 'Zoe' } });
  const after = (await app.inject({ url: '/games?status=active' })).json();
  t.match(
    after.games.find((g: { id: string }) => g.id === ids[0]),
    { status: 'active', players: [{}, { kind: 'human', name: 'Zoe' }] },
  );
  t.equal((await app.inject({ url: '/games?after=garbage' })).json().code, 'INVALID_CURSOR');
  t.equal((await app.inject({ url: '/games?status=aborted' })).statusCode, 400);
});

t.test('the lobby tells a rated game from a casual one', async (t) => {
  const app = await testApp(t);
  const ann = await newAccount(app);
  for (const rated of [false, true]) await againstGreedyBot(app, ann, { visibility: 'public', rated });
  const lobby = (await app.inject({ url: '/games' })).json();
  conforms(t, LobbyResponse, lobby, 'the page');
  t.same(
    lobby.games.map((g: { rated: boolean }) => g.rated),
    [true, false],
    'newest first: the rated game, then the casual one',
  );
});
