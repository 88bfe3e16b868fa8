import { createHash } from 'node:crypto';
import t from 'tap';
import { availableParallelism } from 'node:os';
import { loadConfig } from '../../src/config.js';
import { defaultBotWorkers } from '../../src/service/bots/bot-pool.js';
import { LruCache } from '../../src/service/cache/lru-cache.js';
import {
  bearerToken,
  hashToken,
  newSeatToken,
  seatOfDigest,
  tokenDigest,
} from '../../src/service/lifecycle/seat-tokens.js';
import { databasePathFromUrl } from '../../src/storage/sqlite/database.js';
import { parseDatabaseUrl } from '../../src/storage/open-store.js';

t.test('configuration comes from the environment with documented defaults', async (t) => {
  const { maxConnections, ...config } = loadConfig({});
  t.same(config, {
    port: 3000,
    host: '127.0.0.1',
    database: { kind: 'sqlite', path: './data/carcassonne.db' },
    postgres: { poolSize: 10, statementTimeoutMs: 5000, commitWindowMs: 1 },
    sqlite: { commitWindowMs: 0 },
    cacheSize: 1000,
    rateLimit: { perSecond: 100, burst: 200 },
    addressRateLimit: { perSecond: 5, burst: 50 },
    accountRateLimit: { perSecond: 10, burst: 20 },
    logLevel: 'info',
    gameRetentionDays: 0,
    ladderRoundSeconds: 10,
    ladderServerBots: { names: ['RandomBot', 'GreedyBot', 'MctsBot1'], maxGames: 8, meet: false },
    corsOrigins: [],
    frameAncestors: ["'none'"],
    streams: { perAddress: 32, reservedConnections: 32, maxSeconds: 600, opens: { perSecond: 2, burst: 60 } },
    bots: {
      workers: defaultBotWorkers(),
      queueLimit: 256,
      moveMs: 100,
      hintMs: 1000,
      scanSeconds: 30,
      workersPerCreator: Math.max(1, Math.floor(defaultBotWorkers() / 2)),
      gamesPerCreator: 8,
      hintLimits: { concurrency: Math.max(1, Math.floor(defaultBotWorkers() / 2)), queue: 4 },
    },
    hintBudget: { perMinute: 30, burst: 10 },
    analysis: { budgetMs: 300_000, concurrency: 1 },
    timeouts: { headersMs: 10_000 },
    publicUrl: null,
    webhooks: {
      allowHosts: [],
      dns: { servers: [], timeoutMs: 2000 },
      sender: {
        retryDelaysMs: [10e3, 60e3, 300e3, 1800e3, 7200e3, 21600e3, 54000e3],
        timeouts: { connectMs: 3000, responseMs: 10_000 },
        pollMs: 1000,
        concurrency: 16,
        perHostPerMinute: 600,
        perGamePerMinute: 120,
      },
    },
  });
  t.equal(
    Math.round(loadConfig({}).webhooks.sender.retryDelaysMs.reduce((a, b) => a + b, 0) / 3_600_000),
    24,
    'the retries span about a day',
  );
  t.same(loadConfig({ WEBHOOK_ALLOW_HOSTS: ' Hooks.Example, 127.0.0.1:8080/hooks/,[::1]:9000' }).webhooks.allowHosts, [
    { host: 'hooks.example', port: '', path: '' },
    { host: '127.0.0.1', port: '8080', path: '/hooks/' },
    { host: '::1', port: '9000', path: '' },
  ]);
  t.same(loadConfig({ HEADERS_TIMEOUT_MS: '30000' }).timeouts, { headersMs: 30_000 });
  t.throws(() => loadConfig({ HEADERS_TIMEOUT_MS: '5' }), /HEADERS_TIMEOUT_MS/);
  t.equal(loadConfig({ PUBLIC_URL: '' }).publicUrl, null, 'PUBLIC_URL empty is unset');
  t.equal(loadConfig({ PUBLIC_URL: 'https://Play.Example:8443/carc//' }).publicUrl, 'https://play.example:8443/carc');
  t.equal(loadConfig({ PUBLIC_URL: 'http://play.example/' }).publicUrl, 'http://play.example');
  for (const bad of ['play.example', 'ftp://play.example', 'https://play.example/?a=1', 'https://u:p@play.example'])
    t.throws(() => loadConfig({ PUBLIC_URL: bad }), /PUBLIC_URL must be/, `PUBLIC_URL ${bad} refused`);
  t.same(loadConfig({ WEBHOOK_RETRY_SECONDS: '0.5, 2' }).webhooks.sender.retryDelaysMs, [500, 2000]);
  t.throws(() => loadConfig({ WEBHOOK_RETRY_SECONDS: '1,x' }), /WEBHOOK_RETRY_SECONDS must be/);
  t.ok(
    defaultBotWorkers() >= 1 && defaultBotWorkers() === Math.max(1, availableParallelism() - 1),
    'BOT_WORKERS: one core stays for HTTP',
  );
  t.same(
    loadConfig({ BOT_WORKERS: '3', BOT_QUEUE: '10', BOT_MOVE_MS: '250', HINT_MS: '400', BOT_SCAN_SECONDS: '0' }).bots,
    {
      workers: 3,
      queueLimit: 10,
      moveMs: 250,
      hintMs: 400,
      scanSeconds: 0,
      workersPerCreator: 1,
      gamesPerCreator: 8,
      hintLimits: { concurrency: 1, queue: 4 },
    },
  );
  t.match(
    loadConfig({
      BOT_WORKERS: '8',
      BOT_WORKERS_PER_CREATOR: '3',
      BOT_GAMES_PER_CREATOR: '2',
      HINTS_AT_ONCE: '2',
      HINT_QUEUE: '0',
    }).bots,
    {
      workersPerCreator: 3,
      gamesPerCreator: 2,
      hintLimits: { concurrency: 2, queue: 0 },
    },
  );
  t.equal(loadConfig({ BOT_WORKERS: '8' }).bots.workersPerCreator, 4, 'one creator holds half the workers by default');
  t.same(loadConfig({ HINTS_PER_MINUTE: '6', HINT_BURST: '2' }).hintBudget, { perMinute: 6, burst: 2 });
  t.throws(() => loadConfig({ HINTS_AT_ONCE: '0' }), /HINTS_AT_ONCE must be an integer from 1/);
  t.throws(() => loadConfig({ BOT_WORKERS: '0' }), /BOT_WORKERS must be an integer from 1/);
  t.ok(maxConnections >= 1, 'MAX_CONNECTIONS defaults to what the open-file limit allows');
  t.match(
    loadConfig({ PORT: '8080', HOST: '0.0.0.0', DATABASE_URL: '/var/lib/c.db', CACHE_SIZE: '5', LOG_LEVEL: 'warn' }),
    {
      port: 8080,
      host: '0.0.0.0',
      database: { kind: 'sqlite', path: '/var/lib/c.db' },
      cacheSize: 5,
      logLevel: 'warn',
    },
  );
  t.same(
    loadConfig({ RATE_LIMIT_PER_SECOND: '0', RATE_LIMIT_BURST: '7' }).rateLimit,
    { perSecond: 0, burst: 7 },
    '0 turns the limit off',
  );
  t.throws(() => loadConfig({ RATE_LIMIT_BURST: '-1' }), /RATE_LIMIT_BURST must be an integer/);
  t.throws(() => loadConfig({ PORT: 'http' }), /PORT must be an integer/);
  t.throws(() => loadConfig({ PORT: '70000' }));
  t.equal(loadConfig({ GAME_RETENTION_DAYS: '30' }).gameRetentionDays, 30);
  t.equal(loadConfig({ LADDER_ROUND_SECONDS: '0' }).ladderRoundSeconds, 0);
  t.same(loadConfig({ LADDER_SERVER_BOTS: 'none' }).ladderServerBots.names, []);
  t.same(loadConfig({ LADDER_SERVER_BOTS: ' GreedyBot , MctsBot3', LADDER_SERVER_BOT_GAMES: '4' }).ladderServerBots, {
    names: ['GreedyBot', 'MctsBot3'],
    maxGames: 4,
    meet: false,
  });
  t.equal(loadConfig({ LADDER_SERVER_BOTS_MEET: '1' }).ladderServerBots.meet, true);
  t.throws(() => loadConfig({ LADDER_SERVER_BOTS_MEET: 'yes' }), /LADDER_SERVER_BOTS_MEET must be an integer/);
  t.throws(
    () => loadConfig({ LADDER_SERVER_BOTS: 'GreedyBot,Nobody' }),
    /LADDER_SERVER_BOTS names no server bot: Nobody/,
  );
  t.throws(() => loadConfig({ LADDER_SERVER_BOT_GAMES: '1' }), /LADDER_SERVER_BOT_GAMES/);
  t.throws(() => loadConfig({ GAME_RETENTION_DAYS: '1.5' }), /GAME_RETENTION_DAYS must be an integer/);
});

t.test('DATABASE_URL takes file: URLs, plain paths and :memory:', async (t) => {
  t.equal(databasePathFromUrl('file:./data/x.db'), './data/x.db');
  t.equal(databasePathFromUrl('file:///tmp/x.db'), '/tmp/x.db');
  t.equal(databasePathFromUrl('relative/x.db'), 'relative/x.db');
  t.equal(databasePathFromUrl(':memory:'), ':memory:');
  t.equal(databasePathFromUrl('file::memory:'), ':memory:');
});

t.test(
  'DATABASE_URL: postgres:// selects PostgreSQL, its pool and timeout are configured, other schemes are refused',
  async (t) => {
    const url = 'postgres://carcassonne:secret@db.internal:5432/games';
    t.match(
      loadConfig({ DATABASE_URL: url, PG_POOL_SIZE: '20', PG_STATEMENT_TIMEOUT_MS: '2500', PG_COMMIT_WINDOW_MS: '3' }),
      { database: { kind: 'postgres', url }, postgres: { poolSize: 20, statementTimeoutMs: 2500, commitWindowMs: 3 } },
    );
    t.match(
      loadConfig({ DATABASE_URL: url }),
      { postgres: { commitWindowMs: 1 } },
      'a commit window of 1 ms by default',
    );
    t.same(parseDatabaseUrl('postgresql://h/db'), { kind: 'postgres', url: 'postgresql://h/db' }, 'postgresql:// too');
    t.same(
      parseDatabaseUrl('POSTGRES://h/db'),
      { kind: 'postgres', url: 'POSTGRES://h/db' },
      'the scheme is case-insensitive',
    );
    t.same(parseDatabaseUrl('file:./x.db'), { kind: 'sqlite', path: './x.db' });
    t.same(parseDatabaseUrl('./x.db'), { kind: 'sqlite', path: './x.db' });
    t.same(parseDatabaseUrl(':memory:'), { kind: 'sqlite', path: ':memory:' });
    t.same(parseDatabaseUrl('C:\\data\\x.db'), { kind: 'sqlite', path: 'C:\\data\\x.db' }, 'a drive letter is a path');
    for (const bad of ['mysql://h/db', 'http://h/db', 'sqlite://x.db', 'redis:x']) {
      t.throws(
        () => loadConfig({ DATABASE_URL: bad }),
        /DATABASE_URL has the unsupported scheme .*use postgres:\/\//,
        bad,
      );
    }
    t.throws(() => loadConfig({ PG_POOL_SIZE: '0' }), /PG_POOL_SIZE must be an integer from 1/);
    t.throws(() => loadConfig({ PG_STATEMENT_TIMEOUT_MS: 'soon' }), /PG_STATEMENT_TIMEOUT_MS must be an integer/);
    t.throws(() => loadConfig({ PG_COMMIT_WINDOW_MS: '-1' }), /PG_COMMIT_WINDOW_MS must be an integer from 0/);
  },
);

t.test("SQLITE_COMMIT_WINDOW_MS sets SQLite's group commit window (docs/performance.md, the move route)", async (t) => {
  t.same(loadConfig({ SQLITE_COMMIT_WINDOW_MS: '2' }).sqlite, { commitWindowMs: 2 });
  t.throws(() => loadConfig({ SQLITE_COMMIT_WINDOW_MS: '1001' }), /SQLITE_COMMIT_WINDOW_MS must be an integer from 0/);
});

t.test('seat tokens: random, stored hashed, matched to their seat', async (t) => {
  const tokens = [newSeatToken(), newSeatToken(), newSeatToken()];
  const hashes = tokens.map((tk) => Buffer.from(hashToken(tk), 'hex'));
  t.equal(new Set(tokens).size, 3);
  t.same(
    tokens.map((tk) => seatOfDigest(tokenDigest(tk), hashes)),
    [0, 1, 2],
  );
  t.equal(seatOfDigest(tokenDigest(newSeatToken()), hashes), null);
  t.equal(
    hashToken(tokens[0]),
    createHash('sha256').update(tokens[0]).digest('hex'),
    'sha256, as stored since release 1',
  );
  t.notOk(hashToken(tokens[0]).includes(tokens[0]));
  t.equal(bearerToken(`Bearer ${tokens[0]}`), tokens[0]);
  t.equal(bearerToken(`bearer ${tokens[0]}`), tokens[0], 'the scheme is case-insensitive');
  for (const header of [undefined, '', 'Bearer', `Basic ${tokens[0]}`, 'Bearer short', `Bearer ${tokens[0]} extra`]) {
    t.equal(bearerToken(header), null, String(header));
  }
});

t.test('the LRU cache drops the least recently used entry', async (t) => {
  const cache = new LruCache<string, number>(2);
  cache.set('a', 1);
  cache.set('b', 2);
  t.equal(cache.get('a'), 1);
  cache.set('c', 3);
  t.equal(cache.get('b'), undefined, 'b was least recently used');
  t.equal(cache.get('a'), 1);
  t.equal(cache.size, 2);
  const none = new LruCache<string, number>(0);
  none.set('a', 1);
  t.equal(none.get('a'), undefined);
});
