/**
 * npm run bench:bot-latency — does HTTP latency suffer while bots think? A server process (this
 * script with `--server`: the app on a temporary SQLite file, every seat of the games it
 * creates a bot seat) is loaded with GET /health by
 * autocannon from this process: first idle, then while `BENCH_GAMES` two-player games of mcts
 * (level 3, `BOT_MOVE_MS`) against greedy play themselves in the bot pool. Prints req/s, p50
 * and p99 of both runs and the bot moves committed during the second.
 */
import { openSqliteStore } from '../src/storage/sqlite/store.js';
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

// The server runs from the build (`npm run build`): its migrations and worker file are found
// beside it as in production.
const { buildApp } = (await import(new URL('../dist/app.js', import.meta.url).href)) as typeof import('../src/app.js');

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const GAMES = Number(process.env.BENCH_GAMES ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

type ToParent = { port: number } | { created: number } | { versions: number; loopP99Ms: number; loopMaxMs: number };
type ToChild = 'create' | 'versions';

async function server(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-bots-'));
  const ids: string[] = [];
  // How long the event loop was held: what a thread that blocked on a search would show.
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const app = await buildApp({
    store: openSqliteStore(join(dir, 'games.db')),
    addressRateLimit: { perSecond: 0, burst: 0 },
    bots: {
      moveMs: Number(process.env.BOT_MOVE_MS ?? 100),
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const send = (m: ToParent) => process.send!(m);
  const answer = async (m: ToChild): Promise<void> => {
    if (m === 'create') {
      for (let i = 0; i < GAMES; i++) {
        const players = [{ bot: 'mcts', level: 3 }, { bot: 'greedy' }];
        const res = await app.inject({
          method: 'POST',
          url: '/games',
          payload: { players, expansions: ['traders-builders', 'abbey-mayor'] },
        });
        ids.push(res.json<{ id: string }>().id);
      }
      send({ created: ids.length });
    } else {
      let versions = 0;
      for (const id of ids)
        versions += (JSON.parse((await app.inject({ url: `/games/${id}` })).body) as { version: number }).version;
      send({ versions, loopP99Ms: loop.percentile(99) / 1e6, loopMaxMs: loop.max / 1e6 });
      loop.reset();
    }
  };
  process.on('message', (m: ToChild) => {
    // A failure ends the child, as an unhandled rejection would: the parent sees it exit.
    answer(m).catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
  });
  process.on('disconnect', () => {
    void app.close().finally(() => {
      rmSync(dir, { recursive: true, force: true });
      process.exit(0);
    });
  });
  send({ port: (app.server.address() as AddressInfo).port });
}

function ask<T extends ToParent>(child: ChildProcess, message: ToChild | null): Promise<T> {
  return new Promise((resolve) => {
    child.once('message', (m) => resolve(m as T));
    if (message) child.send(message);
  });
}

async function health(url: string) {
  const r = await autocannon({ url: `${url}/health`, connections: CONNECTIONS, duration: SECONDS });
  return { rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

async function main(): Promise<void> {
  const child = fork(fileURLToPath(import.meta.url), ['--server'], { stdio: 'inherit' });
  const { port } = await ask<{ port: number }>(child, null);
  const url = `http://127.0.0.1:${port}`;
  const idle = await health(url);
  await ask(child, 'create');
  await new Promise((resolve) => setTimeout(resolve, 2000)); // the scan picks the games up
  const before = await ask<{ versions: number; loopP99Ms: number; loopMaxMs: number }>(child, 'versions');
  const busy = await health(url);
  const after = await ask<{ versions: number; loopP99Ms: number; loopMaxMs: number }>(child, 'versions');
  child.disconnect();
  console.log(`GET /health, ${CONNECTIONS} connections, ${SECONDS} s each`);
  console.log(`idle:          ${idle.rps} req/s, p50 ${idle.p50} ms, p99 ${idle.p99} ms, errors ${idle.errors}`);
  console.log(`bots playing:  ${busy.rps} req/s, p50 ${busy.p50} ms, p99 ${busy.p99} ms, errors ${busy.errors}`);
  const ms = (n: number) => n.toFixed(1);
  console.log(
    `server event-loop delay: idle p99 ${ms(before.loopP99Ms)} ms (max ${ms(before.loopMaxMs)}), bots playing p99 ${ms(after.loopP99Ms)} ms (max ${ms(after.loopMaxMs)})`,
  );
  console.log(
    `bot moves committed meanwhile: ${after.versions - before.versions} (${GAMES} games, mcts level 3 against greedy)`,
  );
}

await (process.argv.includes('--server') ? server() : main());
