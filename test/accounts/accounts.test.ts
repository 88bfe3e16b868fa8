/**
 * Accounts and their keys (`docs/accounts.md`), on SQLite and PostgreSQL: a key shown once and
 * kept as a digest, unique folded names, keys added and revoked (refused at once on another
 * node of the store), keys never taken from a URL, and the budget of creations per address.
 */
import t from 'tap';
import { loadConfig } from '../../src/config.js';
import { testApp } from '../http/helpers/app.js';
import { conforms } from '../http/helpers/schema.js';
import { forEachStore } from '../helpers/stores.js';
import { AccountCreatedResponse, AccountKeysResponse, AccountView } from '../../src/http/schemas/accounts.js';
import { hashToken } from '../../src/service/lifecycle/seat-tokens.js';
import { keyed, newAccount } from './helpers.js';

forEachStore(t, (t, stores) => {
  t.test('an account is created with a key shown once, kept as its digest; the key reads the account', async (t) => {
    const location = await stores.location(t);
    const app = await testApp(t, { database: location });
    const name = `Ann-${process.pid}-${Date.now()}`;
    const res = await app.inject({ method: 'POST', url: '/accounts', payload: { name: `  ${name} `, kind: 'player' } });
    t.equal(res.statusCode, 201, res.body);
    const created = res.json();
    conforms(t, AccountCreatedResponse, created, 'created');
    t.match(created, { name, kind: 'player' }, 'the name is trimmed as a player name is');
    t.match(created.key, /^cak_[A-Za-z0-9_-]{43}$/);
    const me = await app.inject({ url: '/accounts/me', headers: keyed(created) });
    t.equal(me.statusCode, 200);
    conforms(t, AccountView, me.json(), 'me');
    t.same(me.json(), {
      name,
      kind: 'player',
      createdAt: created.createdAt,
      rating: { rating: 0, mu: 25, sigma: 25 / 3, games: 0 },
    });
    t.same((await app.inject({ url: `/accounts/${encodeURIComponent(name.toUpperCase())}` })).json().name, name);

    const store = await stores.open(t, location);
    const found = await store.accounts.byKey(hashToken(created.key));
    t.equal(found?.account.name, name, 'the store finds the account by the digest');
    t.equal(
      await store.accounts.byKey(Buffer.from(created.key).toString('hex')),
      undefined,
      'the key itself is not kept',
    );
  });

  t.test(
    'names are unique whatever their case or width; bad names and kinds are refused; nothing is created',
    async (t) => {
      const app = await testApp(t, { database: await stores.location(t) });
      const base = `bob${process.pid}x${Date.now()}`;
      await newAccount(app, 'bot', base);
      for (const name of [base, base.toUpperCase(), base.replace('b', 'ｂ')]) {
        const res = await app.inject({ method: 'POST', url: '/accounts', payload: { name, kind: 'player' } });
        t.equal(res.statusCode, 409, name);
        t.equal(res.json().code, 'ACCOUNT_NAME_TAKEN');
      }
      const refusals: [unknown, number, string][] = [
        [{ name: 'Ann\u202E', kind: 'player' }, 400, 'BAD_REQUEST'],
        [{ name: '   ', kind: 'player' }, 400, 'BAD_REQUEST'],
        [{ name: 'x'.repeat(41), kind: 'player' }, 400, 'BAD_REQUEST'],
        [{ name: 'Zed', kind: 'robot' }, 400, 'BAD_REQUEST'],
        [{ name: 'Zed' }, 400, 'BAD_REQUEST'],
        [{ name: 'ME', kind: 'player' }, 409, 'ACCOUNT_NAME_TAKEN'],
      ];
      for (const [payload, status, code] of refusals) {
        const res = await app.inject({ method: 'POST', url: '/accounts', payload: payload as object });
        t.equal(res.statusCode, status, JSON.stringify(payload));
        t.equal(res.json().code, code);
      }
      t.equal((await app.inject({ url: '/accounts/Zed' })).json().code, 'ACCOUNT_NOT_FOUND', 'none was created');
    },
  );

  t.test('keys: another is added and listed; a revoked key is refused at once, also on another node', async (t) => {
    const location = await stores.location(t);
    const app = await testApp(t, { database: location, accountLimits: { maxKeys: 2, maxOpenGames: 100 } });
    const other = await testApp(t, { database: location });
    const account = await newAccount(app);
    const added = await app.inject({ method: 'POST', url: '/accounts/me/keys', headers: keyed(account) });
    t.equal(added.statusCode, 201);
    const second = added.json();
    t.not(second.key, account.key);
    const full = await app.inject({ method: 'POST', url: '/accounts/me/keys', headers: keyed(second) });
    t.same([full.statusCode, full.json().code], [409, 'ACCOUNT_KEYS_FULL'], 'at most maxKeys live keys');
    const keys = await app.inject({ url: '/accounts/me/keys', headers: keyed(second) });
    conforms(t, AccountKeysResponse, keys.json(), 'keys');
    t.same(
      keys
        .json()
        .keys.map((k: { id: string; revokedAt: unknown }) => [k.id, k.revokedAt])
        .sort(),
      [
        [account.keyId, null],
        [second.id, null],
      ].sort(),
    );
    t.equal(
      (await other.inject({ url: '/accounts/me', headers: keyed(account) })).statusCode,
      200,
      'the other node knows the key',
    );
    // Rotation: the new key revokes the old one.
    const revoked = await app.inject({
      method: 'DELETE',
      url: `/accounts/me/keys/${account.keyId}`,
      headers: keyed(second),
    });
    t.equal(revoked.statusCode, 204);
    for (const node of [app, other]) {
      const res = await node.inject({ url: '/accounts/me', headers: keyed(account) });
      t.same([res.statusCode, res.json().code], [401, 'ACCOUNT_KEY_REVOKED'], 'refused on each node');
    }
    const again = await app.inject({
      method: 'DELETE',
      url: `/accounts/me/keys/${account.keyId}`,
      headers: keyed(second),
    });
    t.same([again.statusCode, again.json().code], [404, 'ACCOUNT_KEY_NOT_FOUND']);
    t.equal((await app.inject({ url: '/accounts/me', headers: keyed(second) })).statusCode, 200, 'the new key works');
    const unknown = await app.inject({
      url: '/accounts/me',
      headers: { authorization: `Bearer cak_${'A'.repeat(43)}` },
    });
    t.same([unknown.statusCode, unknown.json().code], [401, 'ACCOUNT_KEY_INVALID']);
    const none = await app.inject({ url: '/accounts/me' });
    t.same([none.statusCode, none.json().code], [401, 'ACCOUNT_KEY_REQUIRED']);
    const seatToken = await app.inject({ url: '/accounts/me', headers: { authorization: `Bearer ${'A'.repeat(43)}` } });
    t.same([seatToken.statusCode, seatToken.json().code], [401, 'TOKEN_MALFORMED'], 'a seat token is no account key');
  });

  t.test('a key in a URL is refused with 400 before anything reads it, and nothing changes', async (t) => {
    const app = await testApp(t, { database: await stores.location(t) });
    const account = await newAccount(app);
    for (const url of [
      `/accounts/me?key=${account.key}`,
      `/accounts/${account.key}`,
      `/games?token=${encodeURIComponent(account.key)}`,
    ]) {
      const res = await app.inject({ url });
      t.same([res.statusCode, res.json().code], [400, 'ACCOUNT_KEY_IN_URL'], url.slice(0, 20));
    }
    const made = await app.inject({
      method: 'POST',
      url: `/accounts?key=${account.key}`,
      payload: { name: `Nobody${process.pid}`, kind: 'player' },
    });
    t.equal(made.statusCode, 400);
    t.equal((await app.inject({ url: `/accounts/Nobody${process.pid}` })).statusCode, 404, 'no account was created');
  });

  // On PostgreSQL the budgets are shared by the nodes, which draw portions of them: a client gets
  // at most 1.25 times the burst at once (`shared-buckets.ts`); on SQLite exactly the burst.
  const atOnce = (burst: number) => (stores.kind === 'sqlite' ? [burst, burst] : [burst, Math.ceil(burst * 1.25) + 1]);

  t.test('creating accounts has a budget per address (429 with Retry-After beyond it)', async (t) => {
    const app = await testApp(t, {
      database: await stores.location(t),
      accountCreation: { perSecond: 1 / 600, burst: 4 },
    });
    let created = 0;
    for (;;) {
      const name = `Budget${process.pid}-${created}`;
      const res = await app.inject({ method: 'POST', url: '/accounts', payload: { name, kind: 'bot' } });
      if (res.statusCode === 201) {
        created++;
        continue;
      }
      t.same([res.statusCode, res.json().code], [429, 'RATE_LIMITED']);
      t.ok(Number(res.headers['retry-after']) > 0, 'with Retry-After');
      t.equal((await app.inject({ url: `/accounts/${name}` })).statusCode, 404, 'the refused one was not created');
      break;
    }
    const [least, most] = atOnce(4);
    t.ok(created >= least && created <= most, `${created} created at once`);
  });

  t.test('requests per account share one budget whatever key they use', async (t) => {
    const app = await testApp(t, {
      database: await stores.location(t),
      accountRateLimit: { perSecond: 1 / 600, burst: 4 },
    });
    const account = await newAccount(app);
    const second = (await app.inject({ method: 'POST', url: '/accounts/me/keys', headers: keyed(account) })).json();
    let served = 1;
    for (let i = 0; ; i++) {
      const res = await app.inject({ url: '/accounts/me', headers: keyed(i % 2 === 0 ? account : second) });
      if (res.statusCode === 200) {
        served++;
        continue;
      }
      t.same([res.statusCode, res.json().code], [429, 'RATE_LIMITED']);
      break;
    }
    const [least, most] = atOnce(4);
    t.ok(served >= least && served <= most, `${served} requests served at once over two keys`);
  });
});

t.test('the account budget from the environment: ACCOUNT_RATE_LIMIT_PER_SECOND and _BURST, 0 off', async (t) => {
  t.same(loadConfig({}).accountRateLimit, { perSecond: 10, burst: 20 }, 'by default');
  t.same(loadConfig({ ACCOUNT_RATE_LIMIT_PER_SECOND: '0', ACCOUNT_RATE_LIMIT_BURST: '7' }).accountRateLimit, {
    perSecond: 0,
    burst: 7,
  });
  t.throws(() => loadConfig({ ACCOUNT_RATE_LIMIT_BURST: 'x' }), /ACCOUNT_RATE_LIMIT_BURST must be an integer/);
});
