/**
 * Request budgets hold across nodes (src/http/shared-buckets.ts): three real server processes on
 * one PostgreSQL database, a client spreading its requests over all of them round-robin, gets at
 * most about 1.25 times the one-node budget (burst + refill over the time taken), where each node
 * counting alone gave it three times the budget. A refusal's Retry-After is the time the shared
 * budget needs: a client that waits it is let through.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import t, { type Test } from 'tap';
import { postgresDatabase } from '../helpers/postgres.js';
import { client, startServer, type Client, type HttpResponse } from '../helpers/server-process.js';

const BURST = 60;
const PER_SECOND = 1;
const NODES = 3;
const REQUESTS = 3 * BURST;

const cluster = await (async () => {
  const url = await postgresDatabase(t);
  if (url === undefined) return undefined;
  const env = {
    RATE_LIMIT_PER_SECOND: String(PER_SECOND),
    RATE_LIMIT_BURST: String(BURST),
    ADDRESS_RATE_LIMIT_PER_SECOND: String(PER_SECOND),
    ADDRESS_RATE_LIMIT_BURST: String(BURST),
  };
  const servers = await Promise.all(Array.from({ length: NODES }, () => startServer(t, url, env)));
  return servers.map((s) => client(s.url));
})();

/**
 * Sends `REQUESTS` requests round-robin over the nodes, a few at a time, and answers them with the
 * seconds they took (the refill that time allows is part of the bound).
 */
async function spread(
  apis: Client[],
  send: (api: Client) => Promise<HttpResponse>,
): Promise<{ answers: HttpResponse[]; seconds: number }> {
  const started = performance.now();
  const answers: HttpResponse[] = [];
  for (let i = 0; i < REQUESTS; i += 2 * NODES) {
    answers.push(...(await Promise.all(Array.from({ length: 2 * NODES }, (_, j) => send(apis[(i + j) % NODES])))));
  }
  return { answers, seconds: (performance.now() - started) / 1000 };
}

function checkBound(t: Test, answers: HttpResponse[], seconds: number, what: string): void {
  const through = answers.filter((a) => a.status !== 429).length;
  const bound = Math.floor(1.25 * BURST + PER_SECOND * (seconds + 1));
  t.ok(
    through <= bound,
    `${what}: ${through} of ${answers.length} let through over ${NODES} nodes in ${seconds.toFixed(1)} s (at most ${bound}; each node alone would let ${REQUESTS} through)`,
  );
  t.ok(through >= BURST * 0.75, `${what}: the budget itself is given (${through} >= ${BURST * 0.75})`);
  const refused = answers.filter((a) => a.status === 429);
  t.ok(
    refused.length > 0 && refused.every((a) => Number(a.headers.get('retry-after')) >= 1),
    'the rest are 429 with a Retry-After',
  );
}

/** After a 429 from `api`, waiting its Retry-After lets the same request through. */
async function checkRetryAfter(
  t: Test,
  api: Client,
  send: (api: Client) => Promise<HttpResponse>,
  what: string,
): Promise<void> {
  let refused = await send(api);
  for (let i = 0; refused.status !== 429 && i < BURST; i++) refused = await send(api);
  t.equal(refused.status, 429, `${what}: refused while the budget is spent`);
  const retryAfter = Number(refused.headers.get('retry-after'));
  t.ok(
    retryAfter >= 1 && retryAfter <= Math.ceil((0.25 * BURST + 1) / PER_SECOND),
    `Retry-After ${retryAfter} s: the time the shared budget needs`,
  );
  await sleep(retryAfter * 1000);
  t.not((await send(api)).status, 429, 'let through once Retry-After has passed');
}

t.test('the anonymous creation budget of an address holds across three nodes', async (t) => {
  if (!cluster) return t.plan(0, 'no PostgreSQL server could start here (in CI this fails instead)');
  const create = (api: Client) => api.post('/games', { players: [{ name: 'A' }, { name: 'B' }] });
  const { answers, seconds } = await spread(cluster, create);
  t.ok(
    answers.every((a) => a.status === 201 || a.status === 429),
    'every answer is 201 or 429',
  );
  checkBound(t, answers, seconds, 'games created');
  await checkRetryAfter(t, cluster[1], create, 'games created');
});

t.test("a seat token's move budget holds across three nodes", async (t) => {
  if (!cluster) return t.plan(0, 'no PostgreSQL server could start here (in CI this fails instead)');
  // Created before the creation budget of this address is spent by... this file's first test: wait it out.
  let created = await cluster[0].post('/games', { players: [{ name: 'A' }, { name: 'B' }] });
  for (let i = 0; created.status === 429 && i < 120; i++) {
    await sleep(Number(created.headers.get('retry-after')) * 1000);
    created = await cluster[i % NODES].post('/games', { players: [{ name: 'A' }, { name: 'B' }] });
  }
  t.equal(created.status, 201, 'a game to move in');
  const headers = { authorization: `Bearer ${created.body.seats[0].token as string}` };
  // A stale version: the service answers 409, so the move is judged (let through) and never played.
  const move = (api: Client) =>
    api.post(`/games/${created.body.id as string}/moves`, { expectedVersion: 99, move: { type: 'pass' } }, headers);
  const { answers, seconds } = await spread(cluster, move);
  t.ok(
    answers.every((a) => a.status === 409 || a.status === 400 || a.status === 422 || a.status === 429),
    'every answer is the move judged, or 429',
  );
  checkBound(t, answers, seconds, 'moves with one token');
  await checkRetryAfter(t, cluster[2], move, 'moves with one token');
});
