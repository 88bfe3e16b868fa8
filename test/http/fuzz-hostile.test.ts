/**
 * A seeded fuzzer of hostile requests (complements no-client-input-is-a-500, which plays
 * random moves): mutated submissions, forged and foreign tokens, moves out of turn and after
 * the end, random JSON, deep and oversized bodies, wrong content types, invalid UTF-8, bad
 * query strings and hostile paths. Every answer must be a 4xx problem document whose `code`
 * maps to its status in the one table, and a refused request must leave every game's state,
 * legal moves and log byte-identical (and no row written). Only a submission the oracle knows
 * to be legal (listed by legal-moves, from the actor, at the current version) may be a 201.
 */
import { isDeepStrictEqual } from 'node:util';
import Database from 'better-sqlite3';
import type { InjectOptions } from 'fastify';
import t from 'tap';
import { replay, publicView, type GameSetup, type Move } from '../../src/engine/index.js';
import { seededRandom } from '../../src/engine/rng.js';
import { STATUS_BY_CODE } from '../../src/http/problem.js';
import { tempDatabase, testApp, type CreatedGame } from './helpers/app.js';
import { lifecycleMembers } from '../helpers/lifecycle-members.js';

const REQUESTS = 3000;

function rng(seed: number) {
  const next = seededRandom(String(seed));
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)];
  return { next, int, pick, chance: (p: number) => next() < p };
}
type Rng = ReturnType<typeof rng>;

const WEIRD: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  -0,
  1.5,
  -2.25,
  1e21,
  -1e21,
  2 ** 53 + 2,
  Number.MAX_VALUE,
  '',
  ' ',
  '0',
  '1',
  'NaN',
  'Infinity',
  '\u0000',
  '\ud800',
  '💥',
  'é'.repeat(50),
  'x'.repeat(5000),
  [],
  [0],
  [[[]]],
  {},
  { x: 1 },
  { type: 'pass' },
];
const HUGE_NUMBERS = [
  '1e400',
  '-1e400',
  '123456789012345678901234567890',
  '1.0000000000000002',
  '-0.0',
  '1E3',
  '0.1e1',
];
const MOVE_TYPES = ['draw', 'placeTile', 'placeAbbey', 'placeFigure', 'placeBarn', 'pass', 'moveWagon', 'returnWagon'];
const BOGUS_TYPES = [
  '',
  'PLACETILE',
  'place_tile',
  'placeTile ',
  'resign',
  'undo',
  'constructor',
  '__proto__',
  'toString',
  'hasOwnProperty',
];

/** Random JSON text, sometimes deep or wide, sometimes not JSON at all. */
function randomJson(r: Rng, depth = 0): string {
  if (depth > 4 || r.chance(0.3)) {
    return r.pick([...HUGE_NUMBERS, JSON.stringify(r.pick(WEIRD)), String(r.int(2000) - 1000), '"placeTile"']);
  }
  if (r.chance(0.5)) return `[${Array.from({ length: r.int(4) }, () => randomJson(r, depth + 1)).join(',')}]`;
  const keys = [
    'expectedVersion',
    'move',
    'type',
    'x',
    'y',
    'rotation',
    'feature',
    'figure',
    'corner',
    'players',
    '__proto__',
    'constructor',
    '',
  ];
  return `{${Array.from({ length: r.int(5) }, () => `${JSON.stringify(r.pick(keys))}:${randomJson(r, depth + 1)}`).join(',')}}`;
}

function mutateMove(r: Rng, move: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...move };
  const keys = ['x', 'y', 'rotation', 'feature', 'figure', 'corner'];
  switch (r.int(8)) {
    case 0:
      out.type = r.pick([...MOVE_TYPES, ...BOGUS_TYPES]);
      break;
    case 1:
      out[r.pick(keys)] = r.pick(WEIRD);
      break;
    case 2:
      delete out[r.pick(Object.keys(out))];
      break;
    case 3:
      out[r.pick([...keys, 'seat', 'player', 'extra', 'expectedVersion'])] = r.int(3);
      break;
    case 4: // coordinates off the board, negative, non-integer, beyond the schema's bounds
      out.x = r.pick([-1, -3, 999, 1000, 1001, -1001, 0.5, -0.5, 1e9, r.int(9) - 4]);
      out.y = r.pick([-1, 2, 1000, -1000, 1001, 2.5, r.int(9) - 4]);
      break;
    case 5:
      out.rotation = r.pick([45, 360, -90, 90.5, '90', 1]);
      break;
    case 6:
      out.feature = r.pick([-1, 64, 100, 0.5, '0', r.int(10)]);
      out.figure = r.pick(['meeple', 'barn', 'knight', 'MEEPLE', 'pig', 'builder']);
      break;
    default:
      out.corner = r.pick(['NE', 'N', 'ne', 'NNE', 'SW', 0]);
  }
  return out;
}

interface Fixture {
  game: CreatedGame;
  setup: GameSetup;
}

t.test('thousands of hostile requests: each a 4xx problem with a stable code, none changes anything', async (t) => {
  const path = tempDatabase(t);
  // No budgets: the fuzzer's own thousands of reads (`/moves` among them) would meet the read budget
  // and its 429s would read as a changed game.
  const app = await testApp(t, {
    databasePath: path,
    rateLimit: { perSecond: 0, burst: 0 },
    readRateLimit: { perSecond: 0, burst: 0 },
  });
  const db = new Database(path, { readonly: true });
  t.teardown(() => db.close());
  const rowCounts = db.prepare(
    'SELECT (SELECT count(*) FROM games) AS games, (SELECT count(*) FROM moves) AS moves, (SELECT count(*) FROM moves WHERE idempotency_key IS NOT NULL) AS keyed',
  );

  const create = async (setup: GameSetup): Promise<Fixture> => {
    const res = await app.inject({ method: 'POST', url: '/games', payload: setup });
    if (res.statusCode !== 201) throw new Error(res.body);
    return { game: res.json<CreatedGame>(), setup };
  };
  const fixtures = [
    await create({ players: [{ name: 'Ann' }, { name: 'Bob' }], seed: 'fuzz-base' }),
    await create({
      players: [{ name: 'Ann' }, { name: 'Bob' }, { name: 'Cy' }],
      expansions: ['traders-builders', 'abbey-mayor'],
      seed: 'fuzz-all',
    }),
    await create({
      players: [{ name: 'Ann' }, { name: 'Bob' }],
      tileOrder: ['base/U', 'base/E', 'base/V'],
      seed: 'fuzz-short',
    }),
  ];
  const legalOf = async (id: string) =>
    (await app.inject({ url: `/games/${id}/legal-moves` })).json<{
      version: number;
      actor: number | null;
      moves: Move[];
    }>();
  let keysUsed = 0;
  const advance = async (f: Fixture): Promise<boolean> => {
    const lm = await legalOf(f.game.id);
    if (lm.actor === null) return false;
    const res = await app.inject({
      method: 'POST',
      url: `/games/${f.game.id}/moves`,
      headers: { authorization: `Bearer ${f.game.seats[lm.actor].token}`, 'idempotency-key': `adv-${++keysUsed}` },
      payload: { expectedVersion: lm.version, move: lm.moves[keysUsed % lm.moves.length] },
    });
    if (res.statusCode !== 201) throw new Error(`advance: ${res.body}`);
    return true;
  };
  while (await advance(fixtures[2]));
  for (let i = 0; i < 6; i++) await advance(fixtures[0]);
  for (let i = 0; i < 12; i++) await advance(fixtures[1]);

  const snapshot = async (f: Fixture) => {
    const [state, legal, log] = await Promise.all(
      ['', '/legal-moves', '/moves'].map((s) => app.inject({ url: `/games/${f.game.id}${s}` })),
    );
    return { state: state.body, legal: legal.body, log: log.body };
  };
  const snapshots = new Map<Fixture, Awaited<ReturnType<typeof snapshot>>>();
  for (const f of fixtures) snapshots.set(f, await snapshot(f));
  let rows = rowCounts.get();

  const r = rng(20260601);
  const statuses = new Map<number, number>();
  const codes = new Map<string, number>();
  let failures = 0;
  const fail = (what: string, extra: object) => {
    if (++failures <= 10) t.fail(what, extra);
  };

  for (let i = 0; i < REQUESTS; i++) {
    if (i % 40 === 39) {
      // Move the two running games on now and then, so refusals meet every phase.
      for (const f of fixtures.slice(0, 2)) {
        if (await advance(f)) snapshots.set(f, await snapshot(f));
      }
      rows = rowCounts.get();
    }
    const f = r.pick(fixtures);
    const other = r.pick(fixtures.filter((x) => x !== f));
    const id = f.game.id;
    // The legal moves as of the game's last accepted move: its snapshot read them then, and a
    // refused request changes nothing (checked below). Asking again for each request was a
    // third of the requests this test makes.
    const lm = JSON.parse(snapshots.get(f)!.legal) as Awaited<ReturnType<typeof legalOf>>;
    const actorToken = f.game.seats[lm.actor ?? 0].token;
    const validMove = (lm.moves[r.int(Math.max(lm.moves.length, 1))] ?? { type: 'pass' }) as Record<string, unknown>;
    let request: InjectOptions & { url: string };
    /** When the oracle knows the request is legal, it may (and must) be played. */
    let legal = false;
    const kind = r.int(10);
    switch (kind) {
      case 0:
      case 1: {
        // A mutated submission from the actor at the current version.
        let move = validMove;
        for (let m = 1 + r.int(3); m > 0; m--) move = mutateMove(r, move);
        const body: Record<string, unknown> = { expectedVersion: lm.version, move };
        if (r.chance(0.2)) body[r.pick(['expectedVersion', 'move', 'seat', 'token'])] = r.pick(WEIRD);
        legal =
          lm.actor !== null &&
          lm.moves.some((m) => isDeepStrictEqual(m, body.move)) &&
          isDeepStrictEqual(Object.keys(body).sort(), ['expectedVersion', 'move']) &&
          body.expectedVersion === lm.version;
        request = {
          method: 'POST',
          url: `/games/${id}/moves`,
          headers: { authorization: `Bearer ${actorToken}` },
          payload: body,
        };
        break;
      }
      case 2: {
        // A listed move at the wrong version, or from the wrong seat / game / token.
        const wrongSeat =
          f.game.seats[((lm.actor ?? 0) + 1 + r.int(f.game.seats.length - 1)) % f.game.seats.length].token;
        const variant = r.int(5);
        const token = [wrongSeat, other.game.seats[0].token, 'A'.repeat(43), actorToken, actorToken][variant];
        const version =
          variant === 3 ? r.pick([lm.version + 1, lm.version - 1, -1, 2 ** 31, lm.version + 0.5]) : lm.version;
        // A finished game refuses every move; an actor's move at the right version stays legal, so shift it.
        request = {
          method: 'POST',
          url: `/games/${id}/moves`,
          headers: { authorization: `Bearer ${token}` },
          payload: { expectedVersion: variant === 4 ? lm.version + 1 : version, move: validMove },
        };
        break;
      }
      case 3: {
        // Malformed authorization.
        const auth = r.pick([
          undefined,
          '',
          'Bearer',
          'Bearer ',
          `Basic ${actorToken}`,
          `Bearer ${actorToken} ${actorToken}`,
          `Bearer ${actorToken.slice(1)}`,
          `Bearer ${actorToken}x`,
          `Bearer  ${actorToken}`,
          `Token ${actorToken}`,
          `Bearer ${'!'.repeat(43)}`,
          `Bearer ${'a'.repeat(5000)}`,
          `Bearer ${encodeURIComponent('💥'.repeat(11))}`,
        ]);
        request = {
          method: 'POST',
          url: `/games/${id}/moves`,
          headers: auth === undefined ? {} : { authorization: auth },
          payload: { expectedVersion: lm.version, move: validMove },
        };
        break;
      }
      case 4: {
        // Raw bodies: random JSON, deep nesting, oversized, duplicate and poisoning keys.
        const payload = r.pick([
          () => randomJson(r),
          () => '['.repeat(1000 + r.int(20000)) + ']'.repeat(r.int(3) ? 0 : 30000),
          () => `{"expectedVersion":${lm.version},"move":${'{"move":'.repeat(r.int(5000))}{}${'}'.repeat(5000)}}`,
          () =>
            `{"expectedVersion":${lm.version},"move":${JSON.stringify(validMove)},"pad":"${'x'.repeat(64 * 1024 + r.int(1000))}"}`,
          () =>
            `{"expectedVersion":${lm.version},"move":${JSON.stringify(validMove)},"expectedVersion":${lm.version + 1}}`,
          () => `{"expectedVersion":${lm.version},"move":${JSON.stringify(validMove)},"__proto__":{"admin":true}}`,
          () => `{"expectedVersion":${lm.version},"move":{"constructor":{"prototype":{"x":1}},"type":"pass"}}`,
          () => JSON.stringify({ expectedVersion: lm.version, move: validMove }).slice(0, -1 - r.int(10)),
          () => `\ufeff\ufeff${JSON.stringify({ expectedVersion: lm.version + 1, move: validMove })}`,
          () => '',
          () => 'null',
          () => `{"expectedVersion":${r.pick(HUGE_NUMBERS)},"move":${JSON.stringify(validMove)}}`,
        ])();
        request = {
          method: 'POST',
          url: `/games/${id}/moves`,
          headers: { authorization: `Bearer ${actorToken}`, 'content-type': 'application/json' },
          payload,
        };
        break;
      }
      case 5: {
        // Wrong content types and bytes that are not UTF-8.
        const json = JSON.stringify({ expectedVersion: lm.version, move: validMove });
        const variant = r.int(4);
        const type = r.pick([
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=zz',
          'application/jsonx',
          'application/xml',
          'json',
          '*/*',
          'application/octet-stream',
        ]);
        const invalidUtf8 = Buffer.concat([
          Buffer.from(json.slice(0, 20)),
          Buffer.from([r.pick([0xff, 0xc3, 0xed, 0x80, 0xf8])]),
          Buffer.from(json.slice(20)),
        ]);
        request = {
          method: 'POST',
          url: `/games/${id}/moves`,
          headers: { authorization: `Bearer ${actorToken}`, 'content-type': variant === 0 ? type : 'application/json' },
          payload:
            variant === 0
              ? json
              : variant === 1
                ? invalidUtf8
                : variant === 2
                  ? Buffer.from(json, 'utf16le')
                  : Buffer.from([0xef, 0xbb, 0xbf, 0xff]),
        };
        break;
      }
      case 6: {
        // Hostile paths, ids and methods.
        const ids = [
          '..',
          '%2e%2e',
          'y'.repeat(101),
          'z'.repeat(3000),
          '..%2f..%2fetc%2fpasswd',
          '%00',
          'x'.repeat(65),
          '%F0%9F%92%A5',
          '%ZZ',
          id.toUpperCase() === id ? `${id}x` : id.toUpperCase(),
          `${id}%20`,
          ' ',
          '%2F',
          'null',
          'undefined',
          '__proto__',
          'constructor',
        ];
        const badId = r.pick(ids);
        const url = r.pick([
          `/games/${badId}`,
          `/games/${badId}/moves`,
          `/games/${badId}/legal-moves`,
          `/games/${badId}/events`,
          `/games/${id}/moves/1`,
          `/games/${id}/state`,
          `/../../etc/passwd`,
          `/games/${id}/../${other.game.id}/moves`,
          `//games/${id}`,
          `/games/${id}/legal-moves/`,
          `/tiles/${badId}`,
          '/games/',
        ]);
        // `/games/A/../B/moves` is resolved to game B's log: a public read, so it is only posted to (with A's token).
        const method = url.includes(`/../${other.game.id}`)
          ? 'POST'
          : url.includes(badId)
            ? r.pick(['GET', 'POST', 'DELETE'])
            : r.pick(['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']);
        request = {
          method: method,
          url,
          headers: { authorization: `Bearer ${actorToken}` },
          payload:
            method === 'GET' || method === 'DELETE' ? undefined : { expectedVersion: lm.version, move: validMove },
        };
        if (url === `/games/${id}/legal-moves/` && method === 'GET') request.url = `/games/${id}/legal-moves//`;
        break;
      }
      case 7: {
        // Bad query strings.
        const q = r.pick([
          'after=-1',
          'after=abc',
          'after=1e400',
          'after=1.5',
          'wait=31',
          'wait=-1',
          'wait=0.5',
          'wait=ten',
          'after=',
          'after[]=1',
          'after=1&after=2',
          'wait=1e9',
          'after=%00',
          'after=0x10',
          'after=99999999999999999999',
          'after[a]=1',
          'after=%ZZ',
          'after= 1',
          'after=+1',
          'wait=true',
        ]);
        request = { method: 'GET', url: `/games/${r.chance(0.8) ? id : 'nope'}/events?${q}` };
        break;
      }
      case 8: {
        // Games that cannot be created: every body breaks one rule.
        const base: Record<string, unknown> = { players: [{ name: 'A' }, { name: 'B' }], seed: 's' };
        const breakIt = r.pick<() => void>([
          () => (base.players = Array.from({ length: r.pick([0, 1, 7, 100]) }, (_, n) => ({ name: `P${n}` }))),
          () => (base.players = [{ name: r.pick(['', 'x'.repeat(41), 5, null]) }, { name: 'B' }]),
          () => (base.players = [{ name: 'A', seat: 3 }, { name: 'B' }]),
          () =>
            (base.expansions = r.pick([['no-such-expansion'], ['abbey-mayor', 'abbey-mayor'], 'abbey-mayor', [null]])),
          () => (base.rules = r.pick([{ endgameAbbeys: 'sometimes' }, { wagonMove: 'c3' }, { extra: 1 }, 'c1'])),
          () => (base.seed = r.pick(['', 'x'.repeat(201), 42, null])),
          () =>
            (base.tileOrder = r.pick([
              ['base/Z'],
              ['base/a'],
              ['../x/A'],
              Array(3).fill('base/A'),
              Array(501).fill('base/E'),
              ['abbey-mayor/B'],
              'base/A',
            ])),
          () => (base.admin = true),
        ]);
        breakIt();
        request = { method: 'POST', url: '/games', payload: base };
        break;
      }
      default: {
        // Idempotency keys: malformed, or reused for another request.
        const key = r.pick(['', ' ', 'k'.repeat(129), 'a b', 'tab\tkey', `adv-${1 + r.int(keysUsed)}`]);
        const version = key.startsWith('adv-') ? lm.version + 1 + r.int(3) : lm.version;
        request = {
          method: 'POST',
          url: `/games/${id}/moves`,
          headers: { authorization: `Bearer ${actorToken}`, 'idempotency-key': key },
          payload: { expectedVersion: version, move: validMove },
        };
      }
    }

    const res = await app.inject(request);
    statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
    const what = `#${i} kind ${kind}: ${request.method ?? 'GET'} ${request.url} → ${res.statusCode}`;
    if (legal) {
      if (res.statusCode !== 201)
        fail(`${what}: a legal move was refused`, { body: res.body, payload: request.payload });
      snapshots.set(f, await snapshot(f));
      rows = rowCounts.get();
      continue;
    }
    let body: { status?: unknown; code?: unknown; detail?: unknown } = {};
    try {
      body = JSON.parse(res.body);
    } catch {
      // checked below
    }
    const code = String(body.code);
    codes.set(code, (codes.get(code) ?? 0) + 1);
    if (
      res.statusCode < 400 ||
      res.statusCode >= 500 ||
      !/^application\/problem\+json/.test(String(res.headers['content-type'])) ||
      body.status !== res.statusCode ||
      typeof body.detail !== 'string' ||
      STATUS_BY_CODE[code as keyof typeof STATUS_BY_CODE] !== res.statusCode
    ) {
      fail(`${what}: not a 4xx problem with a known code`, {
        body: res.body.slice(0, 300),
        payload: JSON.stringify(request.payload)?.slice(0, 300),
      });
    }
    if (!isDeepStrictEqual(rowCounts.get(), rows))
      fail(`${what}: a refused request wrote to the database`, { before: rows, after: rowCounts.get() });
    if (i % 20 === 0 || kind <= 2) {
      if (!isDeepStrictEqual(await snapshot(f), snapshots.get(f)))
        fail(`${what}: a refused request changed the game`, {});
    }
  }
  t.equal(failures, 0, `${REQUESTS} hostile requests, ${failures} failures`);
  t.ok(
    [...statuses.keys()].every((s) => s < 500),
    `statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`,
  );
  t.ok(codes.size >= 10, `${codes.size} codes: ${JSON.stringify(Object.fromEntries([...codes].sort()))}`);
  for (const status of [400, 401, 403, 404, 409, 413, 415, 422]) t.ok(statuses.get(status), `some ${status}`);

  // Every game is still what its log says, and still plays.
  t.equal((await app.inject({ url: '/health' })).statusCode, 200, 'the server still answers');
  for (const f of fixtures) {
    const now = await snapshot(f);
    t.same(now, snapshots.get(f), 'nothing changed since the last accepted move');
    const log = JSON.parse(now.log).moves as { move: Move }[];
    const rebuilt = replay(
      { ...f.setup },
      log.map((m) => m.move),
    );
    if (!rebuilt.ok) throw new Error('log does not replay');
    const state = JSON.parse(now.state);
    t.same(
      state,
      { id: f.game.id, version: log.length, ...lifecycleMembers(f.setup), ...publicView(rebuilt.value.game) },
      'the state is a replay of the log',
    );
  }
  t.ok(await advance(fixtures[1]), 'the running game continues');
});

t.test('what the fuzzer found: framework errors and lenient query numbers', async (t) => {
  const app = await testApp(t);
  const res = await app.inject({ method: 'POST', url: '/games', payload: { players: [{ name: 'A' }, { name: 'B' }] } });
  const id = res.json().id as string;
  for (const url of ['/games/%ZZ', `/games/${'y'.repeat(101)}/moves`]) {
    const bad = await app.inject({ url });
    t.equal(bad.statusCode, 400, url.slice(0, 30));
    t.match(bad.headers['content-type'], /^application\/problem\+json/, 'a problem, not Fastify’s own JSON');
    t.match(bad.json(), { code: 'BAD_REQUEST' });
  }
  for (const query of [
    'after=0x10',
    'after=1.5',
    'after=',
    'after=1e1',
    'after=99999999999999999999',
    'after=+1',
    'wait=0.5',
  ]) {
    t.equal(
      (await app.inject({ url: `/games/${id}/events?${query}` })).statusCode,
      400,
      `${query} is not silently read as a number`,
    );
  }
  t.equal((await app.inject({ url: `/games/${id}/events?after=0&wait=0` })).statusCode, 200, 'plain decimals are');
});
