/**
 * `npm run soak:abuse`: the attacks of issue 22 at full size against the built server (its own
 * process and database, an open-file limit of 20,000), the attackers on other loopback
 * addresses than the victims and than `/health`'s prober. Prints the figures the issue asks
 * for: a greedy bot's turn in another game while 70 bots-only mcts games run, 40 hints at once,
 * moves' p99 under 6,000 streams on one game, the server's memory before the streams and after
 * they close, and `/health`'s p50/p99 throughout. `test/system/fair-shares.test.ts` is the light
 * version that `npm test` runs.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { botFlood, hintFlood, percentile, probeHealth, streamFlood } from '../test/helpers/abuse.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const BOTS_ONLY_GAMES = Number(process.env.SOAK_BOT_GAMES ?? 70);
const STREAMS = Number(process.env.SOAK_STREAMS ?? 6000);

const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

async function startServer(env: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'soak-abuse-'));
  const port = await freePort();
  const child = spawn('bash', ['-c', 'ulimit -n 20000 && exec node dist/server.js'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: join(dir, 'soak.db'), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    if (await fetch(`${url}/health`).then((r) => r.ok, () => false)) break;
    await sleep(100);
  }
  return {
    url,
    pid: child.pid!,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function streamsScenario(): Promise<void> {
  // Streams from many addresses at the default cap of 32 each.
  const server = await startServer({});
  try {
    const health = probeHealth(server.url);
    await sleep(2000);
    const before = rssMb(server.pid);
    const flood = await streamFlood(server.url, { streams: STREAMS, perAddress: 32, moves: 30, everyMs: 300 });
    const during = rssMb(server.pid);
    flood.close();
    await sleep(15_000);
    const after = rssMb(server.pid);
    const { ms, failed } = await health.stop();
    console.log(`streams: ${flood.opened} opened on one game; every stream got every move: ${flood.allGotEverything}`);
    console.log(`  moves under the streams: p50 ${fmt(percentile(flood.moveMs, 0.5))}, p99 ${fmt(percentile(flood.moveMs, 0.99))} (${flood.moveMs.length} moves)`);
    console.log(`  server RSS: ${before.toFixed(0)} MB before, ${during.toFixed(0)} MB with the streams, ${after.toFixed(0)} MB 15 s after they closed (${(((after - before) / before) * 100).toFixed(1)} %)`);
    console.log(`  /health: p50 ${fmt(percentile(ms, 0.5))}, p99 ${fmt(percentile(ms, 0.99))}, ${failed} failed, ${ms.length} answered`);
  } finally {
    await server.stop();
  }
}

async function botsAndHintsScenario(): Promise<void> {
  const server = await startServer({});
  try {
    const health = probeHealth(server.url);
    const bots = await botFlood(server.url, BOTS_ONLY_GAMES, 5);
    console.log(`bots: ${bots.created} bots-only games of 6 mcts level-5 bots from 3 addresses; a greedy bot of another game played its turn in ${fmt(bots.greedyMs)}`);
    const hints = await hintFlood(server.url, 40);
    const by = (s: number) => hints.filter((h) => h.status === s).length;
    console.log(`hints: 40 at once (with the bots-only games still running): ${by(200)} answered, ${by(503)} refused 503, ${by(429)} refused 429; slowest ${fmt(Math.max(...hints.map((h) => h.ms)))}`);
    const { ms, failed } = await health.stop();
    console.log(`  /health during bots and hints: p50 ${fmt(percentile(ms, 0.5))}, p99 ${fmt(percentile(ms, 0.99))}, ${failed} failed, ${ms.length} answered`);
  } finally {
    await server.stop();
  }
}

await botsAndHintsScenario();
await streamsScenario();
