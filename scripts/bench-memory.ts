/**
 * npm run bench:memory — memory while thousands of games are active: the app in-process on a
 * temporary database file, games created and played round-robin (so most requests find their
 * game no longer in memory), RSS and heap (after a full GC) printed as the count grows.
 * BENCH_GAMES (default 5000), BENCH_CACHE_SIZES (default "100,1000,5000").
 */
import { openSqliteStore } from '../src/storage/sqlite/store.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app.js';

const GAMES = Number(process.env.BENCH_GAMES ?? 5000);
const CACHE_SIZES = (process.env.BENCH_CACHE_SIZES ?? '100,1000,5000').split(',').map(Number);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc (npm run bench:memory does)');

const mb = (n: number) => Math.round(n / 1024 / 1024);
function measure() {
  gc!();
  const m = process.memoryUsage();
  return { rss: mb(m.rss), heap: mb(m.heapUsed) };
}

const rows: Record<string, unknown>[] = [];
for (const cacheSize of CACHE_SIZES) {
  const dir = mkdtempSync(join(tmpdir(), 'carcassonne-mem-'));
  const app = await buildApp({
    store: openSqliteStore(join(dir, 'mem.db')),
    cacheSize,
    rateLimit: { perSecond: 0, burst: 0 },
    addressRateLimit: { perSecond: 0, burst: 0 },
  });
  const base = measure();
  const games: { id: string; tokens: string[] }[] = [];
  const started = Date.now();
  const play = async (game: { id: string; tokens: string[] }) => {
    const lm = (await app.inject({ url: `/games/${game.id}/legal-moves` })).json();
    if (lm.actor === null) return;
    await app.inject({
      method: 'POST',
      url: `/games/${game.id}/moves`,
      headers: { authorization: `Bearer ${game.tokens[lm.actor]}` },
      payload: { expectedVersion: lm.version, move: lm.moves[0] },
    });
  };
  for (let i = 0; i < GAMES; i++) {
    const res = await app.inject({
      method: 'POST',
      url: '/games',
      payload: {
        players: [{ name: 'A' }, { name: 'B' }, { name: 'C' }],
        expansions: ['traders-builders', 'abbey-mayor'],
        seed: `mem-${i}`,
      },
    });
    const body = res.json();
    games.push({ id: body.id, tokens: body.seats.map((s: { token: string }) => s.token) });
    // Each new game brings ten moves spread over the games so far.
    for (let k = 0; k < 10; k++) await play(games[(i * 7 + k * 131) % games.length]);
    if ((i + 1) % Math.max(1, Math.floor(GAMES / 5)) === 0 || i + 1 === GAMES) {
      const now = measure();
      rows.push({
        cache: cacheSize,
        games: i + 1,
        'rss MB': now.rss,
        'heap MB': now.heap,
        'heap growth MB': now.heap - base.heap,
        seconds: Math.round((Date.now() - started) / 1000),
      });
      console.log(JSON.stringify(rows.at(-1)));
    }
  }
  await app.close();
  rmSync(dir, { recursive: true, force: true });
}
console.table(rows);
