/**
 * Validation work is bounded: a body built to fail on every entry costs no more than a valid
 * one, and the problem lists at most MAX_PROBLEMS of its failures. What it costs in CPU is
 * measured by `npm run bench:validation` (a time is no assertion on a busy machine).
 */
import t from 'tap';
import { MAX_PROBLEMS } from '../../../src/http/validator.js';
import { testApp, type App } from '../helpers/app.js';

const PLAYERS = '"players":[{"name":"Ann"},{"name":"Bob"}]';

/** The answer to `POST /games` with this body. */
async function refuse(app: App, payload: string): Promise<{ detail: string; status: number }> {
  const res = await app.inject({
    method: 'POST',
    url: '/games',
    headers: { 'content-type': 'application/json' },
    payload,
  });
  return { status: res.statusCode, detail: res.json().detail as string };
}

const listed = (detail: string) => detail.split(', body/').length;

t.test('a 64 KB body of 32,000 wrong tileOrder entries names one problem: the bound, not each entry', async (t) => {
  const app = await testApp(t);
  const payload = `{${PLAYERS},"tileOrder":[${Array(32_000).fill('1').join(',')}]}`;
  t.ok(payload.length <= 64 * 1024, 'within the body limit');
  const { status, detail } = await refuse(app, payload);
  t.equal(status, 400);
  t.equal(detail, 'body/tileOrder must not have more than 500 items');
});

t.test('500 wrong entries within the bound: at most 10 problems are listed', async (t) => {
  const app = await testApp(t);
  const payload = `{${PLAYERS},"tileOrder":[${Array(500).fill('"not a tile id, but a long string that fails the pattern"').join(',')}]}`;
  const { status, detail } = await refuse(app, payload);
  t.equal(status, 400);
  t.equal(MAX_PROBLEMS, 10);
  t.equal(listed(detail), MAX_PROBLEMS, detail);
  t.match(detail, /^body\/tileOrder\/0 must match pattern/);
});

t.test('thousands of unknown members: at most 10 problems are listed', async (t) => {
  const app = await testApp(t);
  const members = Array.from({ length: 5000 }, (_, i) => `"m${i}":1`).join(',');
  const { status, detail } = await refuse(app, `{${PLAYERS},${members}}`);
  t.equal(status, 400);
  t.equal(listed(detail), MAX_PROBLEMS, detail);
  t.match(detail, /^body\/m0 is not allowed/);
});

t.test('a move with several wrong members still names each of them', async (t) => {
  const app = await testApp(t);
  const res = await app.inject({
    method: 'POST',
    url: '/games',
    payload: { players: [{ name: '' }, { name: 'Bob', age: 3 }], expansions: ['nope'] },
  });
  t.equal(res.statusCode, 400);
  const detail = res.json().detail as string;
  for (const part of ['body/players/0/name', 'body/players/1/age', 'body/expansions/0']) t.match(detail, part);
});
