/**
 * Ratings (`docs/accounts.md`), on SQLite and PostgreSQL, from real games played to their end
 * through the API: a rated game changes its accounts' ratings by exactly what openskill makes of
 * its result (places by final score; a resigned seat last), in the transaction of its finish; a
 * casual game changes nothing; a result applied again (a retry, another node) counts once; the
 * leaderboard lists the rated accounts, highest first, a page at a time.
 */
import t from 'tap';
import type { InjectOptions } from 'fastify';
import { ordinal, rate, rating } from 'openskill';
import { legal, testApp, type App } from '../http/helpers/app.js';
import { conforms } from '../http/helpers/schema.js';
import { forEachStore } from '../helpers/stores.js';
import { againstGreedyBot, keyed, newAccount, type TestAccount } from './helpers.js';
import { LeaderboardResponse } from '../../src/http/schemas/ratings.js';
import { AccountView } from '../../src/http/schemas/accounts.js';
import { placesOf, rateResult, ratedGame } from '../../src/service/accounts/ratings.js';

interface RatingBody {
  rating: number;
  mu: number;
  sigma: number;
  games: number;
}

/** A game between `players` (the first challenges the others, who accept): its id. */
async function challengeGame(app: App, players: TestAccount[], options: object): Promise<string> {
  const [challenger, ...others] = players;
  const made = await app.inject({
    method: 'POST',
    url: '/challenges',
    headers: keyed(challenger),
    payload: { accounts: others.map((o) => o.name), ...options },
  });
  if (made.statusCode !== 201) throw new Error(`challenge: ${made.statusCode} ${made.body}`);
  let answer = made.json<{ id: string; gameId?: string }>();
  for (const other of others) {
    const res = await app.inject({ method: 'POST', url: `/challenges/${answer.id}/accept`, headers: keyed(other) });
    answer = res.json();
  }
  return answer.gameId!;
}

/**
 * Plays the game to its end: each seat in `players` plays its first legal move with its key; the
 * other seats (a bot, an autopilot) are waited for by long-poll. Answers the final scores.
 */
/** A move as the legal-moves answer lists it. */
type Listed = Awaited<ReturnType<typeof legal>>['moves'][number];

async function playOut(
  app: App,
  id: string,
  players: (TestAccount | null)[],
  sent: { last?: InjectOptions } = {},
  pick: (moves: Listed[]) => Listed = (moves) => moves[0],
): Promise<number[]> {
  let after: number | undefined;
  for (;;) {
    const lm = await (after === undefined ? legal(app, id) : waitPast(app, id, after));
    if (lm.actor === null) break;
    const player = players[lm.actor];
    if (!player) {
      after = lm.version;
      continue;
    }
    after = undefined;
    // Each move with an idempotency key, so a test may send the last one again as a client's retry would.
    sent.last = {
      method: 'POST',
      url: `/games/${id}/moves`,
      headers: { ...keyed(player), 'idempotency-key': `${id}-${lm.version}` },
      payload: { expectedVersion: lm.version, move: pick(lm.moves) },
    };
    const res = await app.inject(sent.last);
    if (res.statusCode !== 201 && res.statusCode !== 409) throw new Error(`move: ${res.statusCode} ${res.body}`);
  }
  const state = (await app.inject({ url: `/games/${id}` })).json<{ status: string; players: { score: number }[] }>();
  if (state.status !== 'finished') throw new Error(`the game is ${state.status}`);
  return state.players.map((p) => p.score);
}

async function waitPast(app: App, id: string, version: number) {
  const res = await app.inject({ url: `/games/${id}/legal-moves?after=${version}&wait=30` });
  return res.json<Awaited<ReturnType<typeof legal>>>();
}

async function ratingOf(app: App, account: TestAccount): Promise<RatingBody> {
  const res = await app.inject({ url: `/accounts/${encodeURIComponent(account.name)}` });
  if (res.statusCode !== 200) throw new Error(`account: ${res.statusCode} ${res.body}`);
  return res.json<{ rating: RatingBody }>().rating;
}

/** Places by score, as a test reads the rules: 1 plus the seats that scored more. */
const placesByScore = (scores: number[]) => scores.map((s) => 1 + scores.filter((o) => o > s).length);

/** What openskill makes of a first game's places, for accounts that start at its default rating. */
function expected(places: number[]): RatingBody[] {
  const after = rate(
    places.map(() => [rating()]),
    { rank: places },
  );
  return after.map(([r]) => ({ rating: ordinal(r), mu: r.mu, sigma: r.sigma, games: 1 }));
}

/** Whole games are played by keys: the budget per account is off (accounts.test.ts checks it). */
const UNLIMITED = { accountRateLimit: { perSecond: 0, burst: 0 } };

const INITIAL: RatingBody = { rating: 0, mu: 25, sigma: 25 / 3, games: 0 };

t.test('places: by final score, equal scores tie, the seats that left come last and tie', async (t) => {
  t.same(placesOf([40, 52, 40], [false, false, false]), [2, 1, 2], 'equal scores share a place');
  t.same(placesOf([90, 12, 30], [true, false, false]), [3, 2, 1], 'a resigned seat is last whatever it scored');
  t.same(placesOf([90, 12, 30], [true, false, true]), [2, 1, 2], 'those who left tie below the others');
  const tie = rate([[rating()], [rating()]], { rank: [1, 1] });
  t.equal(tie[0][0].mu, 25, 'a tie between equals moves neither');
  t.ok(tie[0][0].sigma < 25 / 3, 'but makes both more certain');
});

forEachStore(t, (t, stores) => {
  t.test('a rated game between two accounts changes both ratings by exactly what openskill computes', async (t) => {
    const app = await testApp(t, { ...UNLIMITED, database: await stores.location(t) });
    const ann = await newAccount(app);
    const bob = await newAccount(app);
    t.same(await ratingOf(app, ann), INITIAL, 'a new account has the initial rating');
    const id = await challengeGame(app, [ann, bob], { rated: true });
    const scores = await playOut(app, id, [ann, bob]);
    const want = expected(placesByScore(scores));
    t.same([await ratingOf(app, ann), await ratingOf(app, bob)], want, `scores ${scores.join(':')}`);
    const me = await app.inject({ url: '/accounts/me', headers: keyed(ann) });
    conforms(t, AccountView, me.json(), 'account with its rating');
    t.same(me.json().rating, want[0]);
  });

  t.test('a seat that resigned is placed last, whatever it scored after its autopilot played on', async (t) => {
    const app = await testApp(t, { ...UNLIMITED, database: await stores.location(t), bots: { moveIterations: 8 } });
    const ann = await newAccount(app);
    const bob = await newAccount(app);
    const id = await challengeGame(app, [ann, bob], { rated: true });
    const resigned = await app.inject({ method: 'POST', url: `/games/${id}/seats/0/resign`, headers: keyed(ann) });
    t.equal(resigned.statusCode, 200, resigned.body);
    // Bob plays the last move listed: in the figure step the pass, so he never scores a feature.
    const scores = await playOut(app, id, [null, bob], {}, (moves) => moves[moves.length - 1]);
    t.ok(
      scores[0] > scores[1],
      `the autopilot outscored the player (${scores.join(':')}): by score Ann would be first`,
    );
    t.same([await ratingOf(app, ann), await ratingOf(app, bob)], expected([2, 1]));
  });

  t.test(
    "a casual game changes no rating; a rated game's admin may neither abort it nor hand a seat to a bot",
    async (t) => {
      const location = await stores.location(t);
      const app = await testApp(t, { ...UNLIMITED, database: location });
      const ann = await newAccount(app);
      const bob = await newAccount(app);
      const casual = await challengeGame(app, [ann, bob], {});
      await playOut(app, casual, [ann, bob]);
      t.same([await ratingOf(app, ann), await ratingOf(app, bob)], [INITIAL, INITIAL], 'casual');
      t.equal((await app.inject({ url: `/games/${casual}` })).json().status, 'finished');

      // A rated game made by the service (as a challenge makes one), to have its admin token: an
      // admin who aborted it when losing would keep a rating, one who handed a seat to a bot would
      // have the server play for it.
      const { service } = await stores.service(t, location);
      const seats = [await service.accounts.byName(ann.name), await service.accounts.byName(bob.name)];
      const rated = await service.create({
        players: seats.map((a) => ({ account: { id: a.id, name: a.name, kind: a.kind } })),
        rated: true,
      });
      const admin = { authorization: `Bearer ${rated.adminToken}` };
      for (const [url, payload] of [
        [`/games/${rated.id}/abort`, undefined],
        [`/games/${rated.id}/seats/0/bot`, { bot: 'mcts' }],
      ] as const) {
        const refused = await app.inject({ method: 'POST', url, headers: admin, payload });
        t.match(
          { status: refused.statusCode, body: refused.json() },
          { status: 403, body: { code: 'ADMIN_RATED_GAME', detail: /played out by its seats/ } },
          url,
        );
      }
      const state = (await app.inject({ url: `/games/${rated.id}` })).json();
      t.match(
        state,
        { version: 0, status: 'active', rated: true, seats: [{ kind: 'human' }, { kind: 'human' }] },
        'nothing changed: no act logged, each seat its player’s',
      );
      t.same([await ratingOf(app, ann), await ratingOf(app, bob)], [INITIAL, INITIAL]);
    },
  );

  t.test(
    'a rated result counts once: its finish retried, its result applied again, on this node or another',
    async (t) => {
      const location = await stores.location(t);
      const here = await testApp(t, { ...UNLIMITED, database: location });
      const there = await testApp(t, { ...UNLIMITED, database: location });
      const ann = await newAccount(here);
      const bob = await newAccount(here);
      const id = await challengeGame(here, [ann, bob], { rated: true });
      const sent: { last?: InjectOptions } = {};
      const scores = await playOut(here, id, [ann, bob], sent);
      const want = expected(placesByScore(scores));
      t.same([await ratingOf(here, ann), await ratingOf(here, bob)], want);
      const retried = await there.inject(sent.last!);
      t.same(
        [retried.statusCode, retried.headers['idempotent-replayed']],
        [201, 'true'],
        "the finishing move sent again (a client's retry, to the other node): the stored answer",
      );
      t.same([await ratingOf(here, ann), await ratingOf(here, bob)], want, 'the retried finish counted nothing more');
      const { service: other } = await stores.service(t, location);
      const accounts = [await other.accounts.byName(ann.name), await other.accounts.byName(bob.name)];
      const result = {
        gameId: id,
        at: new Date().toISOString(),
        seats: accounts.map((a, i) => ({ accountId: a.id, place: placesByScore(scores)[i] })),
      };
      t.equal(await other.ratings.applyResult(result), false, 'another node: already counted');
      t.equal(await other.ratings.applyResult(result), false, 'and again: already counted');
      t.same([await ratingOf(there, ann), await ratingOf(there, bob)], want, 'the ratings did not move');
    },
  );

  t.test("the server's bots are bot accounts on every node, made once; nobody acts as them by key", async (t) => {
    const location = await stores.location(t);
    const here = await testApp(t, { ...UNLIMITED, database: location });
    const there = await testApp(t, { ...UNLIMITED, database: location });
    await Promise.all([here.ready(), there.ready()]);
    const names = ['RandomBot', 'GreedyBot', 'MctsBot1', 'MctsBot2', 'MctsBot3', 'MctsBot4', 'MctsBot5'];
    for (const name of names) {
      const res = await there.inject({ url: `/accounts/${name}` });
      t.equal(res.statusCode, 200, `${name}: ${res.body}`);
      t.match(res.json(), { name, kind: 'bot' });
    }
    const taken = await here.inject({ method: 'POST', url: '/accounts', payload: { name: 'greedybot', kind: 'bot' } });
    t.same([taken.statusCode, taken.json().code], [409, 'ACCOUNT_NAME_TAKEN'], 'their names are taken');
  });

  t.test(
    'a rated game against a server bot, seated directly: its driver plays, and both ratings move as openskill says',
    async (t) => {
      const app = await testApp(t, { ...UNLIMITED, database: await stores.location(t) });
      const ann = await newAccount(app);
      const bot = { name: 'GreedyBot' } as TestAccount;
      const before = await ratingOf(app, bot);
      const game = await againstGreedyBot(app, ann, { rated: true });
      t.match(game.seats[1], { kind: 'bot', account: { name: 'GreedyBot', kind: 'bot' } });
      t.notOk('token' in game.seats[1], 'no token: the server plays the seat');
      const scores = await playOut(app, game.id, [ann, null]);
      const places = placesByScore(scores);
      const after = rate([[rating()], [{ mu: before.mu, sigma: before.sigma }]], { rank: places });
      t.same(
        [await ratingOf(app, ann), await ratingOf(app, bot)],
        after.map(([r], i) => ({
          rating: ordinal(r),
          mu: r.mu,
          sigma: r.sigma,
          games: i === 0 ? 1 : before.games + 1,
        })),
        `scores ${scores.join(':')}`,
      );
    },
  );

  t.test('a challenge to a server bot is accepted at once, and its driver plays the game', async (t) => {
    const app = await testApp(t, { ...UNLIMITED, database: await stores.location(t) });
    const ann = await newAccount(app);
    const made = await app.inject({
      method: 'POST',
      url: '/challenges',
      headers: keyed(ann),
      payload: { accounts: ['RandomBot'] },
    });
    t.equal(made.statusCode, 201, made.body);
    t.match(made.json(), {
      status: 'started',
      seats: [{ answer: 'accepted' }, { name: 'RandomBot', answer: 'accepted' }],
    });
    const scores = await playOut(app, made.json().gameId, [ann, null]);
    t.equal(scores.length, 2, 'played to its end');
  });

  t.test('two results sharing an account, applied at once on two nodes, both count, one after the other', async (t) => {
    const location = await stores.location(t);
    const app = await testApp(t, { ...UNLIMITED, database: location });
    const [one, two] = [await stores.open(t, location), await stores.open(t, location)];
    const [ann, bob, cleo] = await Promise.all(
      [await newAccount(app), await newAccount(app), await newAccount(app)].map((a) =>
        one.accounts.byNames([a.name.toLowerCase()]).then(([found]) => found.id),
      ),
    );
    const at = new Date().toISOString();
    const unique = `${process.pid}-${Date.now()}`;
    const first = {
      gameId: `a-${unique}`,
      at,
      seats: [
        { accountId: ann, place: 1 },
        { accountId: bob, place: 2 },
      ],
    };
    const second = {
      gameId: `b-${unique}`,
      at,
      seats: [
        { accountId: ann, place: 2 },
        { accountId: cleo, place: 1 },
      ],
    };
    t.same(await Promise.all([one.ratings.apply(ratedGame(first)), two.ratings.apply(ratedGame(second))]), [
      true,
      true,
    ]);
    const annNow = await one.ratings.of(ann);
    t.equal(annNow?.games, 2, 'both games count for the shared account');
    // In either order, the second read what the first wrote.
    const firstThenSecond = rateResult([rateResult([null, null], [1, 2])[0], null], [2, 1])[0];
    const secondThenFirst = rateResult([rateResult([null, null], [2, 1])[0], null], [1, 2])[0];
    t.ok(
      [firstThenSecond.mu, secondThenFirst.mu].includes(annNow!.mu!),
      `mu ${annNow?.mu} is one order's (${firstThenSecond.mu} or ${secondThenFirst.mu})`,
    );
    t.same([await two.ratings.apply(ratedGame(first)), await one.ratings.apply(ratedGame(second))], [false, false]);
  });

  t.test('the leaderboard: rated accounts, highest rating first, a page at a time', async (t) => {
    const app = await testApp(t, { ...UNLIMITED, database: await stores.location(t) });
    const players = [await newAccount(app), await newAccount(app), await newAccount(app, 'bot')];
    const id = await challengeGame(app, players, { rated: true });
    const scores = await playOut(app, id, players);
    const want = expected(placesByScore(scores));
    const idle = await newAccount(app);

    // Every page, two lines at a time, following `next` (other suites' accounts may be there too).
    const lines: { name: string; kind: string; rating: number }[] = [];
    let url: string | undefined = '/leaderboard?limit=2';
    for (let pages = 0; url && pages < 1000; pages++) {
      const res: Awaited<ReturnType<App['inject']>> = await app.inject({ url });
      t.equal(res.statusCode, 200, res.body);
      const page = res.json<{ accounts: typeof lines; next?: string }>();
      conforms(t, LeaderboardResponse, page, 'page');
      t.ok(page.accounts.length <= 2);
      if (page.next) t.equal(res.headers.link, `<${page.next}>; rel="next"`);
      lines.push(...page.accounts);
      url = page.next;
    }
    const ratings = lines.map((l) => l.rating);
    t.same(
      ratings,
      [...ratings].sort((a, b) => b - a),
      'highest first',
    );
    t.equal(new Set(lines.map((l) => l.name)).size, lines.length, 'no line twice across pages');
    // Equal ratings (a tied game) are listed by account id, which the test does not know: within
    // a tie, both sides are read by name ("highest first" above checks the board's own order).
    const byRating = (a: { name: string; rating: number }, b: { name: string; rating: number }) =>
      b.rating - a.rating || a.name.localeCompare(b.name);
    const mine = lines.filter((l) => players.some((p) => p.name === l.name)).sort(byRating);
    const order = players.map((p, i) => ({ name: p.name, kind: p.kind, ...want[i] })).sort(byRating);
    t.same(
      mine.map((l) => [l.name, l.kind, l.rating]),
      order.map((o) => [o.name, o.kind, o.rating]),
      `the game's accounts in rating order (scores ${scores.join(':')}), the bot with its badge`,
    );
    t.notOk(
      lines.some((l) => l.name === idle.name),
      'an account without rated games is not listed',
    );
    const bad = await app.inject({ url: '/leaderboard?after=nonsense' });
    t.same([bad.statusCode, bad.json().code], [400, 'INVALID_CURSOR']);
  });
});
