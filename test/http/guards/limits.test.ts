/** Limits: the body size (413 at the boundary), requests per token (429 with Retry-After), what a body may be. */
import t from 'tap';
import { RateLimiter } from '../../../src/http/rate-limit.js';
import { bearer, createGame, legal, testApp, type App } from '../helpers/app.js';

const snapshot = async (app: App, id: string) => ({
  state: (await app.inject({ url: `/games/${id}` })).body,
  log: (await app.inject({ url: `/games/${id}/moves` })).body,
});

/** A submission padded with spaces to exactly `bytes` bytes: valid JSON of any length. */
const padded = (body: object, bytes: number) => {
  const json = JSON.stringify(body);
  return json.slice(0, -1) + ' '.repeat(bytes - Buffer.byteLength(json)) + '}';
};

t.test('a body of exactly the limit is read; one byte more is 413 and changes nothing', async (t) => {
  for (const bodyLimit of [undefined, 2048]) {
    const limit = bodyLimit ?? 64 * 1024;
    const app = await testApp(t, bodyLimit === undefined ? {} : { bodyLimit });
    const game = await createGame(app);
    const lm = await legal(app, game.id);
    const before = await snapshot(app, game.id);
    const post = (payload: string) =>
      app.inject({
        method: 'POST',
        url: `/games/${game.id}/moves`,
        headers: { ...bearer(game.seats[0].token), 'content-type': 'application/json' },
        payload,
      });
    const over = await post(padded({ expectedVersion: 0, move: lm.moves[0] }, limit + 1));
    t.equal(over.statusCode, 413, `${limit + 1} bytes`);
    t.match(over.headers['content-type'], /^application\/problem\+json/);
    t.match(over.json(), { status: 413, code: 'PAYLOAD_TOO_LARGE' });
    t.same(await snapshot(app, game.id), before, 'nothing changed');
    const atLimit = await post(padded({ expectedVersion: 0, move: lm.moves[0] }, limit));
    t.equal(atLimit.statusCode, 201, `${limit} bytes: the move is played`);
    const create = await app.inject({
      method: 'POST',
      url: '/games',
      headers: { 'content-type': 'application/json' },
      payload: padded({ players: [{ name: 'A' }, { name: 'B' }] }, limit + 1),
    });
    t.equal(create.statusCode, 413, 'POST /games has the same limit');
  }
});

t.test('requests per token beyond the burst get 429 with Retry-After and change nothing', async (t) => {
  let clock = 0;
  const app = await testApp(t, { rateLimit: { perSecond: 2, burst: 3, now: () => clock } });
  const game = await createGame(app);
  const other = await createGame(app);
  const lm = await legal(app, game.id);
  const before = await snapshot(app, game.id);
  const stale = (token: string, id = game.id) =>
    app.inject({
      method: 'POST',
      url: `/games/${id}/moves`,
      headers: bearer(token),
      payload: { expectedVersion: 9, move: lm.moves[0] },
    });
  for (let i = 0; i < 3; i++)
    t.equal((await stale(game.seats[0].token)).statusCode, 409, `request ${i + 1} of the burst is served`);
  const limited = await stale(game.seats[0].token);
  t.equal(limited.statusCode, 429);
  t.equal(limited.headers['retry-after'], '1');
  t.match(limited.headers['content-type'], /^application\/problem\+json/);
  t.match(limited.json(), { status: 429, code: 'RATE_LIMITED', retryAfter: 1 });
  // Even a legal move is refused while limited, before the body is read.
  const legalButLimited = await app.inject({
    method: 'POST',
    url: `/games/${game.id}/moves`,
    headers: bearer(game.seats[0].token),
    payload: { expectedVersion: 0, move: lm.moves[0] },
  });
  t.equal(legalButLimited.statusCode, 429);
  t.same(await snapshot(app, game.id), before, 'refused requests changed nothing');

  t.equal((await stale(game.seats[1].token)).statusCode, 409, 'another seat has its own bucket');
  t.equal((await stale(other.seats[0].token, other.id)).statusCode, 409, 'so has another game');
  t.equal((await app.inject({ url: `/games/${game.id}/legal-moves` })).statusCode, 200, 'reads are not limited');
  const noToken = await app.inject({
    method: 'POST',
    url: `/games/${game.id}/moves`,
    payload: { expectedVersion: 0, move: lm.moves[0] },
  });
  t.equal(noToken.statusCode, 401, 'no token: the route answers');
  const malformed = await app.inject({
    method: 'POST',
    url: `/games/${game.id}/moves`,
    headers: { authorization: `Bearer  ${game.seats[0].token}` },
    payload: { expectedVersion: 0, move: lm.moves[0] },
  });
  t.match(
    malformed.json(),
    { status: 401, code: 'TOKEN_MALFORMED' },
    'a malformed token: the route answers, not the limiter',
  );

  clock += 499;
  t.equal((await stale(game.seats[0].token)).statusCode, 429, 'half a request earned after 499 ms');
  clock += 1;
  const played = await app.inject({
    method: 'POST',
    url: `/games/${game.id}/moves`,
    headers: bearer(game.seats[0].token),
    payload: { expectedVersion: 0, move: lm.moves[0] },
  });
  t.equal(played.statusCode, 201, 'one request earned after 500 ms');
  t.equal((await stale(game.seats[0].token)).statusCode, 429, 'and only one');
});

t.test('0 turns the limit off; the default lets a fast bot play a whole game', async (t) => {
  const off = await testApp(t, { rateLimit: { perSecond: 0, burst: 0 } });
  const game = await createGame(off);
  const statuses = new Set<number>();
  for (let i = 0; i < 500; i++) {
    const res = await off.inject({
      method: 'POST',
      url: `/games/${game.id}/moves`,
      headers: bearer(game.seats[0].token),
      payload: { expectedVersion: 7, move: { type: 'pass' } },
    });
    statuses.add(res.statusCode);
  }
  t.same([...statuses], [409], '500 requests in a row, none limited');

  const app = await testApp(t);
  const bot = await createGame(app, { players: [{ name: 'A' }, { name: 'B' }], seed: 'fast-bot' });
  let played = 0;
  for (;;) {
    const lm = await legal(app, bot.id);
    if (lm.actor === null) break;
    const res = await app.inject({
      method: 'POST',
      url: `/games/${bot.id}/moves`,
      headers: bearer(bot.seats[lm.actor].token),
      payload: { expectedVersion: lm.version, move: lm.moves[0] },
    });
    if (res.statusCode !== 201) {
      t.fail(`move ${lm.version + 1}: ${res.statusCode} ${res.body}`);
      break;
    }
    played++;
  }
  t.ok(played > 50, `a whole game of ${played} moves at full speed, no 429`);
});

t.test('the limiter remembers a bounded number of tokens', async (t) => {
  let clock = 0;
  const limiter = new RateLimiter({ perSecond: 10, burst: 5, maxKeys: 1000, now: () => clock });
  for (let i = 0; i < 20_000; i++) limiter.take(`key-${i}`);
  t.ok(limiter.size <= 1000, `20,000 keys, ${limiter.size} remembered`);
  clock += 500; // every bucket has refilled: forgetting them changes nothing
  limiter.take('fresh');
  t.equal(limiter.size, 1, 'refilled buckets are swept');
  for (let i = 0; i < 5; i++) t.equal(limiter.take('k'), 0);
  t.equal(limiter.take('k'), 1, 'the sixth waits a second');
  t.equal(new RateLimiter({ perSecond: 0, burst: 5 }).take('k'), 0, 'disabled');
});

t.test('a body is JSON in UTF-8: invalid bytes are 400, other types 415', async (t) => {
  const app = await testApp(t);
  const name = Buffer.concat([
    Buffer.from('{"players":[{"name":"A'),
    Buffer.from([0xc3, 0x28]),
    Buffer.from('"},{"name":"B"}]}'),
  ]);
  const bad = await app.inject({
    method: 'POST',
    url: '/games',
    headers: { 'content-type': 'application/json' },
    payload: name,
  });
  t.equal(bad.statusCode, 400, 'not decoded to a replacement character and stored');
  t.match(bad.json(), { code: 'BAD_REQUEST', detail: /UTF-8/ });
  for (const type of [
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/xml',
  ]) {
    const res = await app.inject({
      method: 'POST',
      url: '/games',
      headers: { 'content-type': type },
      payload: '{"players":[{"name":"A"},{"name":"B"}]}',
    });
    t.equal(res.statusCode, 415, type);
    t.match(res.json(), {
      code: 'UNSUPPORTED_MEDIA_TYPE',
      detail: `Content-Type ${type} is not accepted: send it as JSON with Content-Type: application/json`,
    });
  }
  const utf8 = await app.inject({
    method: 'POST',
    url: '/games',
    headers: { 'content-type': 'application/json; charset=utf-8' },
    payload: '{"players":[{"name":"Zoë 💥"},{"name":"B"}]}',
  });
  t.equal(utf8.statusCode, 201);
  t.equal(utf8.json().seats[0].name, 'Zoë 💥');
});
