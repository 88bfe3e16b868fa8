/**
 * Challenges (`docs/accounts.md`), on SQLite and PostgreSQL, across two nodes of one store: a
 * challenge starts its game when every challenged account accepted (its stream on the other node
 * heard of it first); a decline or a cancel ends it and tells the others; a bot's accept policy
 * answers by itself, and a bot whose table of games is full declines by itself; refusals change
 * nothing.
 */
import t from 'tap';
import type { AddressInfo } from 'node:net';
import { testApp, type App } from '../http/helpers/app.js';
import { conforms, SCHEMAS } from '../http/helpers/schema.js';
import { openStream } from '../http/helpers/sse.js';
import { forEachStore } from '../helpers/stores.js';
import { keyed, newAccount, type TestAccount } from './helpers.js';

const BOUND_MS = 120_000;

const challenge = (app: App, by: TestAccount, payload: object) =>
  app.inject({ method: 'POST', url: '/challenges', headers: keyed(by), payload });
const answer = (app: App, who: TestAccount, id: string, what: 'accept' | 'decline', payload: object = {}) =>
  app.inject({ method: 'POST', url: `/challenges/${id}/${what}`, headers: keyed(who), payload });

async function listen(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

forEachStore(t, (t, stores) => {
  t.test(
    'a challenge starts its game when every account accepted; the streams on the other node tell it',
    async (t) => {
      const location = await stores.location(t);
      const here = await testApp(t, { database: location });
      const there = await testApp(t, { database: location });
      const base = await listen(there);
      const ann = await newAccount(here, 'player');
      const bot = await newAccount(here, 'bot');
      const cleo = await newAccount(here, 'player');
      const botStream = await openStream(`${base}/accounts/me/stream`, keyed(bot));
      t.teardown(() => botStream.close());

      const made = await challenge(here, ann, {
        accounts: [bot.name, cleo.name],
        expansions: ['traders-builders'],
        clock: { turnSeconds: 600 },
        rated: true,
      });
      t.equal(made.statusCode, 201, made.body);
      const c = made.json();
      conforms(t, SCHEMAS.ChallengeResponse, c, 'challenge');
      t.match(c, { status: 'open', challenger: ann.name, options: { expansions: ['traders-builders'], rated: true } });
      t.same(
        c.seats.map((s: { name: string; answer: string }) => [s.name, s.answer]),
        [
          [ann.name, 'accepted'],
          [bot.name, 'pending'],
          [cleo.name, 'pending'],
        ],
      );
      const told = await botStream.next(BOUND_MS);
      t.match(told, { event: 'challenge', data: { challengeId: c.id, challenger: ann.name } });

      const first = await answer(there, bot, c.id, 'accept');
      t.same([first.statusCode, first.json().status], [200, 'open'], 'one of two accepted');
      t.equal((await answer(here, ann, c.id, 'accept')).statusCode, 400, 'the challenger has nothing to accept');
      const last = await answer(here, cleo, c.id, 'accept');
      t.equal(last.statusCode, 200, last.body);
      const started = last.json();
      t.equal(started.status, 'started');
      t.type(started.gameId, 'string');
      const game = (await there.inject({ url: `/games/${started.gameId}` })).json();
      t.same(
        game.seats.map((s: { account: { name: string } }) => s.account.name),
        [ann.name, bot.name, cleo.name],
        'the challenger first, then the challenged in order',
      );
      t.match(game, { status: 'active', clock: { turnSeconds: 600 } });
      const gameStarted = await botStream.next(BOUND_MS);
      t.match(gameStarted, { event: 'gameStarted', data: { gameId: started.gameId, seat: 1, rated: true } });
      t.equal((await there.inject({ url: `/challenges/${c.id}`, headers: keyed(bot) })).json().status, 'started');
      const again = await answer(there, bot, c.id, 'decline');
      t.same([again.statusCode, again.json().code], [409, 'CHALLENGE_NOT_OPEN'], 'a started challenge is over');
    },
  );

  t.test('a decline ends the challenge and tells the others; a cancel tells the challenged', async (t) => {
    const app = await testApp(t, { database: await stores.location(t) });
    const ann = await newAccount(app, 'player');
    const bob = await newAccount(app, 'player');
    const cleo = await newAccount(app, 'player');
    const c = (await challenge(app, ann, { accounts: [bob.name, cleo.name] })).json();
    const start = (await app.inject({ url: '/accounts/me/events', headers: keyed(ann) })).json().cursor;
    const declined = await answer(app, bob, c.id, 'decline', { reason: 'busy tonight' });
    // The reads wait: PostgreSQL shows an event once every older transaction of its cluster has ended (docs/accounts.md).
    t.match(declined.json(), { status: 'declined', reason: `${bob.name} declined: busy tonight` });
    const annEvents = (
      await app.inject({ url: `/accounts/me/events?after=${start}&wait=30`, headers: keyed(ann) })
    ).json();
    t.match(annEvents.events, [{ type: 'challengeDeclined', challengeId: c.id, by: bob.name, reason: 'busy tonight' }]);
    t.same((await answer(app, cleo, c.id, 'accept')).json().code, 'CHALLENGE_NOT_OPEN');

    const second = (await challenge(app, ann, { accounts: [bob.name] })).json();
    const bobCursor = (await app.inject({ url: '/accounts/me/events', headers: keyed(bob) })).json().cursor;
    const notYours = await app.inject({ method: 'DELETE', url: `/challenges/${second.id}`, headers: keyed(bob) });
    t.same([notYours.statusCode, notYours.json().code], [403, 'NOT_YOUR_CHALLENGE']);
    const outsider = await app.inject({ url: `/challenges/${second.id}`, headers: keyed(cleo) });
    t.same([outsider.statusCode, outsider.json().code], [403, 'NOT_YOUR_CHALLENGE']);
    const canceled = await app.inject({ method: 'DELETE', url: `/challenges/${second.id}`, headers: keyed(ann) });
    t.equal(canceled.json().status, 'canceled');
    const bobEvents = (
      await app.inject({ url: `/accounts/me/events?after=${bobCursor}&wait=30`, headers: keyed(bob) })
    ).json();
    t.match(bobEvents.events, [{ type: 'challengeCanceled', challengeId: second.id }]);
    t.same(
      (await app.inject({ url: '/accounts/me/challenges', headers: keyed(bob) })).json().challenges,
      [],
      'none open',
    );
  });

  t.test('refused challenges: oneself, unknown, twice, bad options, no key; nothing is made', async (t) => {
    const app = await testApp(t, { database: await stores.location(t) });
    const ann = await newAccount(app, 'player');
    const bob = await newAccount(app, 'bot');
    const refusals: [object, number, string][] = [
      [{ accounts: [ann.name.toUpperCase()] }, 400, 'BAD_REQUEST'],
      [{ accounts: [`nobody-${process.pid}`] }, 404, 'ACCOUNT_NOT_FOUND'],
      [{ accounts: [bob.name, bob.name] }, 400, 'BAD_REQUEST'],
      [{ accounts: [bob.name], expansions: ['nope'] }, 400, 'BAD_REQUEST'],
      [{ accounts: [bob.name], clock: { turnSeconds: 0 } }, 400, 'BAD_REQUEST'],
      [{ accounts: [] }, 400, 'BAD_REQUEST'],
      [{ accounts: [bob.name], seed: 'x' }, 400, 'BAD_REQUEST'],
    ];
    for (const [payload, status, code] of refusals) {
      const res = await challenge(app, ann, payload);
      t.same([res.statusCode, res.json().code], [status, code], JSON.stringify(payload));
    }
    const unkeyed = await app.inject({ method: 'POST', url: '/challenges', payload: { accounts: [bob.name] } });
    t.same([unkeyed.statusCode, unkeyed.json().code], [401, 'ACCOUNT_KEY_REQUIRED']);
    t.same((await app.inject({ url: '/accounts/me/challenges', headers: keyed(bob) })).json().challenges, []);
    t.same((await app.inject({ url: '/challenges/ch_nope', headers: keyed(bob) })).json().code, 'CHALLENGE_NOT_FOUND');
  });

  t.test("a bot's policy answers by itself; a bot whose table is full declines by itself", async (t) => {
    const app = await testApp(t, {
      database: await stores.location(t),
      accountLimits: { maxKeys: 5, maxOpenGames: 2 },
    });
    const ann = await newAccount(app, 'player');
    const bot = await newAccount(app, 'bot');
    const policy = { expansions: ['abbey-mayor'], maxPlayers: 3, clock: 'untimed', rated: 'any', maxGames: 1 };
    const set = await app.inject({ method: 'PUT', url: '/accounts/me/policy', headers: keyed(bot), payload: policy });
    t.same([set.statusCode, set.json()], [200, { policy }]);
    t.same((await app.inject({ url: '/accounts/me/policy', headers: keyed(bot) })).json(), { policy });
    const player = await app.inject({
      method: 'PUT',
      url: '/accounts/me/policy',
      headers: keyed(ann),
      payload: policy,
    });
    t.equal(player.statusCode, 400, 'a player has no policy');

    const declines: [object, RegExp][] = [
      [{ accounts: [bot.name], expansions: ['traders-builders'] }, /expansions: it does not play traders-builders/],
      [{ accounts: [bot.name], clock: { turnSeconds: 60 } }, /clock: it plays untimed games only/],
    ];
    for (const [payload, reason] of declines) {
      const res = (await challenge(app, ann, payload)).json();
      t.match(res, { status: 'declined', reason }, JSON.stringify(payload));
    }
    const accepted = (await challenge(app, ann, { accounts: [bot.name], expansions: ['abbey-mayor'] })).json();
    t.match(accepted, { status: 'started' }, 'within its policy: accepted and started at once');
    const game = (await app.inject({ url: `/games/${accepted.gameId}` })).json();
    t.same(game.seats[1].account, { name: bot.name, kind: 'bot' });
    const busy = (await challenge(app, ann, { accounts: [bot.name] })).json();
    t.match(busy, { status: 'declined', reason: /busy/ }, 'its one game at once is being played');

    // Without a policy, a bot whose table of games is full (maxOpenGames) declines by itself too.
    await app.inject({ method: 'PUT', url: '/accounts/me/policy', headers: keyed(bot), payload: { maxGames: 10 } });
    const another = (await challenge(app, ann, { accounts: [bot.name] })).json();
    t.equal(another.status, 'started', 'a second game: its table holds two');
    const ann2 = await newAccount(app, 'player'); // Ann's own table (two games) is full too
    const full = (await challenge(app, ann2, { accounts: [bot.name] })).json();
    t.equal(full.status, 'declined');
    t.match(full.reason, /busy/);
  });

  t.test('two acceptances at once on two nodes make one game', async (t) => {
    const location = await stores.location(t);
    const here = await testApp(t, { database: location });
    const there = await testApp(t, { database: location });
    const ann = await newAccount(here, 'player');
    const bob = await newAccount(here, 'player');
    const cleo = await newAccount(here, 'player');
    const c = (await challenge(here, ann, { accounts: [bob.name, cleo.name] })).json();
    const [b, d] = await Promise.all([answer(here, bob, c.id, 'accept'), answer(there, cleo, c.id, 'accept')]);
    t.same([b.statusCode, d.statusCode], [200, 200]);
    const final = (await here.inject({ url: `/challenges/${c.id}`, headers: keyed(ann) })).json();
    t.equal(final.status, 'started');
    const games = (await here.inject({ url: '/accounts/me/games', headers: keyed(ann) })).json().games;
    t.same(
      games.map((g: { id: string }) => g.id),
      [final.gameId],
      'exactly one game',
    );
  });
});
