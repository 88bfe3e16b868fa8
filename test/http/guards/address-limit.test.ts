/**
 * Anonymous work has a budget per client address: game creation, and move submissions without
 * a well-formed token, share one token bucket, on by default; beyond it, 429 with Retry-After,
 * decided before the body is read.
 */
import t from 'tap';
import { buildApp } from '../../../src/app.js';
import { loadConfig } from '../../../src/config.js';
import { DEFAULT_ADDRESS_LIMIT } from '../../../src/http/address-limit.js';
import { STATUS_BY_CODE } from '../../../src/http/problem.js';
import { TWO_PLAYERS, bearer, testApp, type App } from '../helpers/app.js';

const create = (app: App, remoteAddress = '203.0.113.7') =>
  app.inject({ method: 'POST', url: '/games', payload: TWO_PLAYERS, remoteAddress });

t.test('by default, an address creates a burst of 50 games, then gets 429 with Retry-After', async (t) => {
  const app = await buildApp({}); // the default budget, not the test helper's
  t.teardown(() => app.close());
  t.same(DEFAULT_ADDRESS_LIMIT, { perSecond: 5, burst: 50 });
  // The real clock: the bucket earns 5 a second while the burst is spent, however slowly.
  const started = performance.now();
  let created = 0;
  let refused = await create(app);
  while (refused.statusCode === 201 && created < 1000) {
    created++;
    refused = await create(app);
  }
  const earned = Math.ceil(((performance.now() - started) / 1000) * DEFAULT_ADDRESS_LIMIT.perSecond);
  t.ok(
    created >= 50 && created <= 50 + earned,
    `${created} created before the first refusal (burst 50, ${earned} earned meanwhile)`,
  );
  t.equal(refused.statusCode, 429);
  t.match(refused.headers['content-type'], /^application\/problem\+json/);
  t.equal(refused.headers['retry-after'], '1');
  t.match(refused.json(), { status: 429, code: 'RATE_LIMITED', retryAfter: 1 });
  t.equal(STATUS_BY_CODE.RATE_LIMITED, 429);
  t.equal((await create(app, '198.51.100.1')).statusCode, 201, 'another address has its own budget');
});

t.test('moves without a well-formed token draw on the same budget, before their body is read', async (t) => {
  const app = await testApp(t, { addressRateLimit: { perSecond: 1, burst: 2, now: () => 0 } }); // a frozen clock: no refill
  const first = await create(app);
  t.equal(first.statusCode, 201);
  const game = first.json();
  const noToken = {
    method: 'POST' as const,
    url: `/games/${game.id}/moves`,
    remoteAddress: '203.0.113.7',
    payload: 'not json',
    headers: { 'content-type': 'application/json' },
  };
  t.equal((await app.inject(noToken)).statusCode, 400, 'within the budget: the body is read and refused');
  const limited = await app.inject(noToken);
  t.equal(limited.statusCode, 429, 'beyond it: refused before the body is read');
  const withToken = await app.inject({
    ...noToken,
    headers: { ...noToken.headers, ...bearer(game.seats[0].token) },
  });
  t.equal(withToken.statusCode, 400, 'a request with a seat token pays with its token, not the address');
  t.equal((await create(app)).statusCode, 429, 'creation shares the budget');
});

t.test('the budget refills at its rate', async (t) => {
  let now = 0;
  const app = await testApp(t, { addressRateLimit: { perSecond: 1, burst: 1, now: () => now } });
  t.equal((await create(app)).statusCode, 201);
  t.equal((await create(app)).statusCode, 429);
  now += 1000;
  t.equal((await create(app)).statusCode, 201);
});

t.test('configurable: 0 turns it off; the environment sets it', async (t) => {
  const app = await testApp(t, { addressRateLimit: { perSecond: 0, burst: 0 } });
  for (let i = 0; i < 60; i++) {
    const res = await create(app);
    if (res.statusCode !== 201) t.fail(`creation ${i}: ${res.statusCode}`);
  }
  t.same(loadConfig({ ADDRESS_RATE_LIMIT_PER_SECOND: '0', ADDRESS_RATE_LIMIT_BURST: '9' }).addressRateLimit, {
    perSecond: 0,
    burst: 9,
  });
  t.throws(() => loadConfig({ ADDRESS_RATE_LIMIT_BURST: 'x' }), /ADDRESS_RATE_LIMIT_BURST must be an integer/);
});
