/**
 * Against real server processes on a real database file: a bot that knows only legal-moves
 * plays a whole game (across a server restart), parallel submissions, an idempotent retry,
 * a long-poll woken by a move, and two servers sharing one file.
 */
import t, { type Test } from 'tap';
import { chooser } from '../helpers/random-play.js';
import { tempDatabase } from '../helpers/temp-database.js';
import { client, serverOnFirstUse, startServer, type Client } from '../helpers/server-process.js';

const SEED = 'e2e-secret-seed-91d2';

interface Game {
  id: string;
  tokens: string[];
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function create(api: Client, body: object): Promise<Game> {
  const res = await api.post('/games', body);
  if (res.status !== 201) throw new Error(`create: ${res.status}`);
  return { id: res.body.id, tokens: res.body.seats.map((s: { token: string }) => s.token) };
}

/**
 * Plays legal moves until the game ends or `maxMoves` were played. Now and then the chosen
 * move is first offered by a seat that must not act, which must be refused with 403.
 */
async function bot(
  t: Test,
  api: Client,
  game: Game,
  choose: (n: number) => number,
  maxMoves = Infinity,
): Promise<number> {
  let played = 0;
  while (played < maxMoves) {
    const lm = (await api.get(`/games/${game.id}/legal-moves`)).body;
    if (lm.actor === null) break;
    const move = lm.moves[choose(lm.moves.length)];
    if (played % 7 === 0 || lm.phase === 'moveWagon') {
      const intruder = (lm.actor + 1) % game.tokens.length;
      const refused = await api.post(
        `/games/${game.id}/moves`,
        { expectedVersion: lm.version, move },
        auth(game.tokens[intruder]),
      );
      if (refused.status !== 403) t.fail(`seat ${intruder} moved for seat ${lm.actor}: ${refused.status}`);
    }
    const res = await api.post(
      `/games/${game.id}/moves`,
      { expectedVersion: lm.version, move },
      auth(game.tokens[lm.actor]),
    );
    if (res.status !== 201 || res.body.version !== lm.version + 1) {
      t.fail(`listed move refused: ${JSON.stringify(move)} → ${res.status} ${JSON.stringify(res.body)}`);
      break;
    }
    played++;
  }
  return played;
}

/**
 * One file, and one server on it, for the tests that need no restart or file of their own (a
 * server start costs about two seconds of CPU): the first test's restarted server is it, and
 * the test of two servers on one file starts only the second.
 */
const sharedDb = tempDatabase(t);
const sharedServer = serverOnFirstUse(t, sharedDb);
const sharedClient = async () => client((await sharedServer()).url);

t.test('a bot using only legal-moves plays a whole game, across a server restart', async (t) => {
  const first = await startServer(t, sharedDb);
  let api = client(first.url);
  const game = await create(api, {
    players: [{ name: 'Ann' }, { name: 'Bob' }, { name: 'Cy' }],
    expansions: ['traders-builders', 'abbey-mayor'],
    seed: SEED,
  });
  const choose = chooser('42');
  t.equal(await bot(t, api, game, choose, 60), 60, 'first half played');

  const before = (await api.get(`/games/${game.id}`)).body;
  const legalBefore = (await api.get(`/games/${game.id}/legal-moves`)).body;
  const logBefore = (await api.get(`/games/${game.id}/moves`)).body;
  await first.stop();

  const second = await sharedServer();
  api = client(second.url);
  t.same((await api.get(`/games/${game.id}`)).body, before, 'the restarted server rebuilt the same state');
  t.same((await api.get(`/games/${game.id}/legal-moves`)).body, legalBefore, 'and the same legal moves');
  t.same((await api.get(`/games/${game.id}/moves`)).body, logBefore, 'and the same log');

  const rest = await bot(t, api, game, choose);
  t.ok(rest > 0, `second half: ${rest} moves`);
  const final = (await api.get(`/games/${game.id}`)).body;
  t.equal(final.status, 'finished');
  t.equal(final.version, 60 + rest);
  const events = (await api.get(`/games/${game.id}/events`)).body;
  t.same(
    events.events.map((b: { seq: number }) => b.seq),
    Array.from({ length: final.version }, (_, i) => i + 1),
    'events of every move',
  );
  const last = events.events.at(-1).events.at(-1);
  t.match(last, { type: 'gameEnded' });
  t.same(last.scores, final.scores, 'gameEnded carries the final scores');

  const logs = first.output.join('') + second.output.join('');
  t.notOk(logs.includes(SEED), 'the seed never reached a log line');
  for (const token of game.tokens) t.notOk(logs.includes(token), 'no token reached a log line');
});

t.test('of parallel submissions for one version exactly one wins; the others get 409', async (t) => {
  const api = await sharedClient();
  const game = await create(api, { players: [{ name: 'Ann' }, { name: 'Bob' }], seed: 'race' });
  for (let round = 0; round < 3; round++) {
    const lm = (await api.get(`/games/${game.id}/legal-moves`)).body;
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        api.post(
          `/games/${game.id}/moves`,
          { expectedVersion: lm.version, move: lm.moves[i % lm.moves.length] },
          auth(game.tokens[lm.actor]),
        ),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    t.same(statuses, [201, ...Array<number>(11).fill(409)], `round ${round}: one 201, eleven 409`);
    for (const r of results.filter((r) => r.status === 409)) t.equal(r.body.currentVersion, lm.version + 1);
  }
  t.equal((await api.get(`/games/${game.id}/moves`)).body.moves.length, 3);
});

t.test('two servers on one database file: still exactly one winner, and each sees the other’s moves', async (t) => {
  const [a, b] = [await sharedClient(), client((await startServer(t, sharedDb)).url)];
  const game = await create(a, { players: [{ name: 'Ann' }, { name: 'Bob' }], seed: 'two-servers' });
  for (let round = 0; round < 4; round++) {
    const api = round % 2 ? a : b;
    const lm = (await api.get(`/games/${game.id}/legal-moves`)).body;
    t.equal(lm.version, round, `server ${round % 2 ? 'a' : 'b'} sees version ${round}`);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        (i % 2 ? a : b).post(
          `/games/${game.id}/moves`,
          { expectedVersion: lm.version, move: lm.moves[i % lm.moves.length] },
          auth(game.tokens[lm.actor]),
        ),
      ),
    );
    t.equal(results.filter((r) => r.status === 201).length, 1, `round ${round}: one winner`);
    t.equal(results.filter((r) => r.status === 409).length, 7, `round ${round}: seven conflicts`);
  }
  t.same(
    (await a.get(`/games/${game.id}`)).body,
    (await b.get(`/games/${game.id}`)).body,
    'both answer the same state',
  );

  // A long-poll on one server learns of a move made through the other (within about a second).
  const poll = a.get(`/games/${game.id}/events?after=4&wait=30`);
  await new Promise((r) => setTimeout(r, 200));
  const lm = (await b.get(`/games/${game.id}/legal-moves`)).body;
  t.equal(
    (await b.post(`/games/${game.id}/moves`, { expectedVersion: 4, move: lm.moves[0] }, auth(game.tokens[lm.actor])))
      .status,
    201,
  );
  const moved = Date.now();
  const woken = await poll;
  t.match(woken.body, { version: 5, events: [{ seq: 5 }] });
  // Woken by the move, not by the end of its 30 s wait: the bound only tells the two apart,
  // counted from the move's answer (the requests before it are slow on a loaded machine, and
  // are not the wake-up).
  t.ok(Date.now() - moved < 25_000, `answered in ${Date.now() - moved} ms after the move, not 30 s`);
});

t.test('a retry with the same Idempotency-Key (as after a dropped connection) gets the original answer', async (t) => {
  const api = await sharedClient();
  const game = await create(api, { players: [{ name: 'Ann' }, { name: 'Bob' }], seed: 'retry' });
  const lm = (await api.get(`/games/${game.id}/legal-moves`)).body;
  const headers = { ...auth(game.tokens[0]), 'idempotency-key': 'ann-move-1' };
  const body = { expectedVersion: 0, move: lm.moves[0] };
  const [one, two] = await Promise.all([
    api.post(`/games/${game.id}/moves`, body, headers),
    api.post(`/games/${game.id}/moves`, body, headers),
  ]);
  t.same([one.status, two.status], [201, 201]);
  t.same(one.body, two.body);
  t.equal((await api.get(`/games/${game.id}/moves`)).body.moves.length, 1, 'played once');
});

t.test('a long-poll wakes up when the opponent moves', async (t) => {
  const api = await sharedClient();
  const game = await create(api, { players: [{ name: 'Ann' }, { name: 'Bob' }], seed: 'poll' });
  const poll = api.get(`/games/${game.id}/events?after=0&wait=30`);
  await new Promise((r) => setTimeout(r, 200));
  const lm = (await api.get(`/games/${game.id}/legal-moves`)).body;
  const moved = await api.post(
    `/games/${game.id}/moves`,
    { expectedVersion: 0, move: lm.moves[0] },
    auth(game.tokens[0]),
  );
  t.equal(moved.status, 201);
  const answered = Date.now();
  const res = await poll;
  // As above: from the move's answer, the bound below the wait.
  t.ok(Date.now() - answered < 25_000, `answered in ${Date.now() - answered} ms after the move, not 30 s`);
  t.equal(res.status, 200);
  t.match(res.body, { version: 1, events: [{ seq: 1, seat: 0, events: moved.body.events }] });
  const quiet = Date.now();
  const empty = await api.get(`/games/${game.id}/events?after=1&wait=1`);
  t.same(empty.body, { version: 1, events: [] });
  t.ok(Date.now() - quiet >= 900, 'an empty answer after the wait');
});
