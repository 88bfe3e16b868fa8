/**
 * Seats held by accounts (`docs/accounts.md`), on SQLite and PostgreSQL: a creation seats the
 * caller's own account, an account joins an open seat by its key, its key acts for its seat
 * (moves, resigning) beside seat tokens for the others, the state and the lobby show the
 * account's name with a bot badge, `GET /accounts/me/games` lists the games where it must act
 * first; refusals change nothing.
 */
import t from 'tap';
import { bearer, legal, testApp, type App } from '../http/helpers/app.js';
import { conforms, SCHEMAS } from '../http/helpers/schema.js';
import { forEachStore } from '../helpers/stores.js';
import { MyGamesResponse } from '../../src/http/schemas/accounts.js';
import { keyed, newAccount, type TestAccount } from './helpers.js';

async function myGames(app: App, account: TestAccount, query = '') {
  const res = await app.inject({ url: `/accounts/me/games${query}`, headers: keyed(account) });
  if (res.statusCode !== 200) throw new Error(`my games: ${res.statusCode} ${res.body}`);
  return res.json<{ games: { id: string; seat: number; status: string; yourTurn: boolean; version?: number }[] }>();
}

async function play(app: App, id: string, headers: Record<string, string>) {
  const lm = await legal(app, id);
  return app.inject({
    method: 'POST',
    url: `/games/${id}/moves`,
    headers,
    payload: { expectedVersion: lm.version, move: lm.moves[0] },
  });
}

forEachStore(t, (t, stores) => {
  t.test(
    "a game seats the caller's bot account: its key plays the seat, the state and lobby show its badge",
    async (t) => {
      const app = await testApp(t, { database: await stores.location(t) });
      const bot = await newAccount(app, 'bot');
      const res = await app.inject({
        method: 'POST',
        url: '/games',
        headers: keyed(bot),
        payload: {
          players: [{ account: bot.name.toUpperCase() }, { name: 'Ann' }],
          seed: 'acc-1',
          visibility: 'public',
        },
      });
      t.equal(res.statusCode, 201, res.body);
      const game = res.json();
      conforms(t, SCHEMAS.CreatedGameResponse, game, 'created');
      t.same(game.seats[0], { seat: 0, name: bot.name, kind: 'human', account: { name: bot.name, kind: 'bot' } });
      t.equal(game.seats[0].token, undefined, "an account's seat has no token: its key acts for it");
      t.type(game.seats[1].token, 'string', 'the named seat keeps its token');

      const state = (await app.inject({ url: `/games/${game.id}` })).json();
      conforms(t, SCHEMAS.GameStateSchema, state, 'state');
      t.same(state.seats[0].account, { name: bot.name, kind: 'bot' }, 'the state shows the account and its badge');
      t.equal(state.seats[1].account, undefined);
      const lobby = (await app.inject({ url: '/games?status=active&limit=100' })).json();
      conforms(t, SCHEMAS.LobbyResponse, lobby, 'lobby');
      const listed = lobby.games.find((g: { id: string }) => g.id === game.id);
      t.same(listed.players[0].account, { name: bot.name, kind: 'bot' }, 'so does the lobby');

      t.equal(state.actor, 0);
      const wrong = await play(app, game.id, bearer(game.seats[1].token));
      t.same([wrong.statusCode, wrong.json().code], [403, 'NOT_YOUR_TURN'], "the other seat's token may not");
      const moved = await play(app, game.id, keyed(bot));
      t.equal(moved.statusCode, 201, "the account's key plays its seat");
      // Play on to the other seat's turn with the key, then the seat token plays it.
      while ((await legal(app, game.id)).actor === 0) t.equal((await play(app, game.id, keyed(bot))).statusCode, 201);
      t.equal((await play(app, game.id, keyed(bot))).json().code, 'NOT_YOUR_TURN', "the key is not the other seat's");
      t.equal((await play(app, game.id, bearer(game.seats[1].token))).statusCode, 201, 'seat tokens still work');

      const resign = await app.inject({ method: 'POST', url: `/games/${game.id}/seats/0/resign`, headers: keyed(bot) });
      t.equal(resign.statusCode, 200, 'the key resigns its seat');
      const notYours = await app.inject({
        method: 'POST',
        url: `/games/${game.id}/seats/1/resign`,
        headers: keyed(bot),
      });
      t.same([notYours.statusCode, notYours.json().code], [403, 'NOT_YOUR_GAME'], "but not another's");
    },
  );

  t.test('an account joins an open seat by its key; once per game; the game lists it', async (t) => {
    const location = await stores.location(t);
    const app = await testApp(t, { database: location });
    const other = await testApp(t, { database: location });
    const player = await newAccount(app, 'player');
    const created = await app.inject({
      method: 'POST',
      url: '/games',
      payload: { players: [{ name: 'Ann' }, { open: true }, { open: true }], seed: 'acc-2' },
    });
    const game = created.json();
    const join = (seat: number, headers: Record<string, string>, payload: object = {}) =>
      other.inject({ method: 'POST', url: `/games/${game.id}/seats/${seat}/join`, headers, payload });
    const withName = await join(1, keyed(player), { name: 'Zed' });
    t.same([withName.statusCode, withName.json().code], [400, 'BAD_REQUEST'], 'a name beside a key is refused');
    const nameless = await join(1, {});
    t.same([nameless.statusCode, nameless.json().code], [400, 'BAD_REQUEST'], 'no name and no key is refused');
    const revokedKey = { authorization: `Bearer cak_${'B'.repeat(43)}` };
    t.same((await join(1, revokedKey)).json().code, 'ACCOUNT_KEY_INVALID', 'an unknown key is refused');
    t.equal((await app.inject({ url: `/games/${game.id}` })).json().version, 0, 'the refusals changed nothing');

    const joined = await join(1, keyed(player));
    t.equal(joined.statusCode, 201, joined.body);
    t.same(joined.json(), { seat: 1, name: player.name, version: 1 }, 'no token: the key acts for the seat');
    const twice = await join(2, keyed(player));
    t.same([twice.statusCode, twice.json().code], [409, 'ACCOUNT_ALREADY_SEATED']);
    const state = (await app.inject({ url: `/games/${game.id}` })).json();
    t.same(state.seats[1], {
      seat: 1,
      kind: 'human',
      name: player.name,
      resigned: false,
      account: { name: player.name, kind: 'player' },
    });
    t.equal(state.players[1].name, player.name, "the account's name is the player's");
    const mine = await myGames(app, player);
    conforms(t, MyGamesResponse, mine, 'my games');
    t.same(
      mine.games.map((g) => [g.id, g.seat, g.status, g.yourTurn]),
      [[game.id, 1, 'waiting', false]],
      'listed on the other node too, as soon as joined',
    );
  });

  t.test('my games: those where the account must act first, then newest first; status filters', async (t) => {
    const app = await testApp(t, { database: await stores.location(t) });
    const me = await newAccount(app, 'bot');
    const create = async (seat: 0 | 1) => {
      const players = seat === 0 ? [{ account: me.name }, { name: 'Ann' }] : [{ name: 'Ann' }, { account: me.name }];
      const res = await app.inject({ method: 'POST', url: '/games', headers: keyed(me), payload: { players } });
      t.equal(res.statusCode, 201, res.body);
      return res.json<{ id: string; seats: { token?: string }[] }>();
    };
    const first = await create(0); // the account acts first here
    const second = await create(1); // Ann acts first
    const third = await create(1);
    const listed = await myGames(app, me);
    t.same(
      listed.games.map((g) => [g.id, g.yourTurn]),
      [
        [first.id, true],
        [third.id, false],
        [second.id, false],
      ],
    );
    t.same(listed.games[0].version, 0);
    // Ann plays her turn of `second` to its end: the account must act there now.
    while ((await legal(app, second.id)).actor === 0)
      t.equal((await play(app, second.id, bearer(second.seats[0].token!))).statusCode, 201);
    t.same(
      (await myGames(app, me)).games.map((g) => g.id),
      [second.id, first.id, third.id],
      'newest first among the games where it must act',
    );
    t.same((await myGames(app, me, '?status=finished')).games, []);
    t.equal((await myGames(app, me, '?limit=1')).games.length, 1);
    const bad = await app.inject({ url: '/accounts/me/games?status=nope', headers: keyed(me) });
    t.equal(bad.statusCode, 400);
  });

  t.test("my games a page at a time: newest first, each page's `next` (and Link) the older ones", async (t) => {
    const app = await testApp(t, { database: await stores.location(t) });
    const me = await newAccount(app, 'bot');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const players = [{ name: 'Ann' }, { account: me.name }];
      const res = await app.inject({ method: 'POST', url: '/games', headers: keyed(me), payload: { players } });
      t.equal(res.statusCode, 201, res.body);
      ids.unshift(res.json<{ id: string }>().id);
    }
    const read = async (url: string) => {
      const res = await app.inject({ url, headers: keyed(me) });
      t.equal(res.statusCode, 200, res.body);
      return { link: res.headers.link, page: res.json<{ games: { id: string }[]; next?: string }>() };
    };
    const pages: string[][] = [];
    let url: string | undefined = '/accounts/me/games?limit=2&status=active';
    while (url !== undefined) {
      const { link, page } = await read(url);
      conforms(t, MyGamesResponse, page, 'a page');
      t.equal(link, page.next === undefined ? undefined : `<${page.next}>; rel="next"`);
      if (page.next !== undefined) t.match(page.next, /^\/accounts\/me\/games\?limit=2&status=active&after=/);
      pages.push(page.games.map((g) => g.id));
      url = page.next;
    }
    t.same(pages, [ids.slice(0, 2), ids.slice(2)], 'two pages, newest first; the last not full, with no next');
    const full = await myGames(app, me, '?limit=3');
    t.same(
      full.games.map((g) => g.id),
      ids,
    );
    const after = await app.inject({
      url: `/accounts/me/games?limit=3&after=${encodeURIComponent('2000-01-01T00:00:00.000Z~x')}`,
      headers: keyed(me),
    });
    t.same(after.json(), { games: [] }, 'nothing was listed before 2000');
    for (const cursor of ['nope', 'yesterday~abc', '2026-01-01T00:00:00.000Z~a/b']) {
      const res = await app.inject({
        url: `/accounts/me/games?after=${encodeURIComponent(cursor)}`,
        headers: keyed(me),
      });
      t.same([res.statusCode, res.json().code], [400, 'INVALID_CURSOR'], cursor);
    }
    const keyless = await app.inject({ url: '/accounts/me/games?after=nope' });
    t.equal(keyless.statusCode, 401, 'without a key: 401, whatever the cursor');
  });

  t.test(
    "refused seats: unknown, another's, twice, no key, rated with a named seat or a chosen pile, too many games; nothing is created",
    async (t) => {
      const app = await testApp(t, {
        database: await stores.location(t),
        accountLimits: { maxKeys: 5, maxOpenGames: 1 },
      });
      const me = await newAccount(app, 'player');
      const them = await newAccount(app, 'bot');
      const refusals: [Record<string, string>, object, number, string][] = [
        [
          keyed(me),
          { players: [{ account: me.name }, { account: `nobody-${process.pid}` }] },
          404,
          'ACCOUNT_NOT_FOUND',
        ],
        [keyed(me), { players: [{ account: me.name }, { account: them.name }] }, 403, 'ACCOUNT_NOT_YOURS'],
        [keyed(me), { players: [{ account: me.name }, { account: me.name.toUpperCase() }] }, 400, 'BAD_REQUEST'],
        [{}, { players: [{ account: me.name }, { name: 'Ann' }] }, 401, 'ACCOUNT_KEY_REQUIRED'],
        [keyed(me), { players: [{ account: me.name }, { name: 'Ann' }], rated: true }, 400, 'BAD_REQUEST'],
        // A rated game against a server bot is made without these two (ratings.test.ts).
        [
          keyed(me),
          { players: [{ account: me.name }, { account: 'GreedyBot' }], rated: true, seed: 's' },
          400,
          'BAD_REQUEST',
        ],
        [
          keyed(me),
          { players: [{ account: me.name }, { account: 'GreedyBot' }], rated: true, tileOrder: ['base/D'] },
          400,
          'BAD_REQUEST',
        ],
        [keyed(me), { players: [{ account: me.name, name: 'Ann' }, { name: 'Bob' }] }, 400, 'BAD_REQUEST'],
      ];
      for (const [headers, payload, status, code] of refusals) {
        const res = await app.inject({ method: 'POST', url: '/games', headers, payload });
        t.same([res.statusCode, res.json().code], [status, code], JSON.stringify(payload));
      }
      t.same((await myGames(app, me)).games, [], 'no game was created');
      const one = await app.inject({
        method: 'POST',
        url: '/games',
        headers: keyed(me),
        payload: { players: [{ account: me.name }, { name: 'Ann' }] },
      });
      t.equal(one.statusCode, 201);
      const full = await app.inject({
        method: 'POST',
        url: '/games',
        headers: keyed(me),
        payload: { players: [{ account: me.name }, { name: 'Ann' }] },
      });
      t.same([full.statusCode, full.json().code], [409, 'ACCOUNT_GAMES_FULL'], 'the budget of open games');
      const open = (
        await app.inject({ method: 'POST', url: '/games', payload: { players: [{ name: 'Ann' }, { open: true }] } })
      ).json();
      const join = await app.inject({
        method: 'POST',
        url: `/games/${open.id}/seats/1/join`,
        headers: keyed(me),
        payload: {},
      });
      t.same([join.statusCode, join.json().code], [409, 'ACCOUNT_GAMES_FULL'], 'also for a join');
      t.equal((await myGames(app, me)).games.length, 1);
    },
  );

  t.test("a game the retention sweep deletes leaves the account's listing with it", async (t) => {
    const location = await stores.location(t);
    const app = await testApp(t, { database: location });
    const me = await newAccount(app, 'player');
    const res = await app.inject({
      method: 'POST',
      url: '/games',
      headers: keyed(me),
      payload: { players: [{ account: me.name }, { name: 'Ann' }] },
    });
    const { id } = res.json();
    t.equal((await myGames(app, me)).games.length, 1);
    const store = await stores.open(t, location);
    // Far in the future: every game of the database is past it; this test's game among them.
    const deleted = await store.deleteExpired('9999-01-01T00:00:00.000Z', 1000);
    t.ok(deleted.includes(id), 'the game was deleted');
    t.same(
      await store.accounts.games((await store.accounts.byNames([me.name.toLowerCase()]))[0].id, undefined, 10),
      [],
    );
  });
});
