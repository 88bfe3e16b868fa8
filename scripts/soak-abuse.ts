/**
 * `npm run soak:abuse`: the attacks of issue 22 at full size against the built server (its own
 * process and database, an open-file limit of 20,000), the attackers on other loopback
 * addresses than the victims and than `/health`'s prober. Prints the figures the issue asks
 * for: a greedy bot's turn in another game while 70 bots-only mcts games run, 40 hints at once,
 * moves' p99 under 6,000 streams on one game, the server's memory before the streams and after
 * they close, and `/health`'s p50/p99 throughout. `test/system/fair-shares.test.ts` is the light
 * version that `npm test` runs.
 *
 * `--only streams` (or `bots`, or `hints`: issue 27's 10 hints at once) runs one scenario. `--against DIR` (repeatable) runs the stream
 * scenario against the build in each checkout DIR instead of this one (its `dist/server.js`),
 * alternating them `--rounds N` times, so that old and new meet the same load of the machine.
 * The stream readers run in a process of their own (`soak-stream-readers.ts`) so that parsing
 * their messages does not delay the answers this process times. Memory is the server's RSS and,
 * after a full garbage collection, its heap (`soak-memory-probe.mjs`, preloaded into the
 * server: the server itself has no such hook). Each checkout's server runs with the memory
 * settings of that checkout's image (`MALLOC_ARENA_MAX`, `NODE_OPTIONS`, `LD_PRELOAD` from its
 * Dockerfile's `ENV` lines), so old and new are measured as they would run. `SOAK_NODE_ARGS` adds options to the server's
 * node (e.g. `--cpu-prof --cpu-prof-dir=DIR`), `SOAK_LOG_LEVEL` sets its log level (warn).
 */
import { execFileSync, fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { botFlood, hintFlood, percentile, playMoves, probeHealth, streamedGame } from '../test/helpers/abuse.js';
import type { ReadersAnswer, ReadersAsk } from './soak-stream-readers.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const BOTS_ONLY_GAMES = Number(process.env.SOAK_BOT_GAMES ?? 70);
const STREAMS = Number(process.env.SOAK_STREAMS ?? 6000);
const { values: args } = parseArgs({
  options: {
    only: { type: 'string' },
    against: { type: 'string', multiple: true },
    rounds: { type: 'string', default: '1' },
  },
});

const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
/** The CPU time the process has used, in ms (user and system; /proc/<pid>/stat counts in 1/100 s). */
const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
/**
 * The server's RSS once glibc has handed back the free memory it keeps (`malloc_trim`, called
 * through gdb): what stays up before but not after is the allocator's, not the server's. Undefined without gdb.
 */
function trimmedRssMb(pid: number): number | undefined {
  try {
    execFileSync('gdb', ['-p', String(pid), '-batch', '-ex', 'call (int)malloc_trim(0)'], {
      stdio: 'ignore',
      timeout: 60_000,
    });
    return rssMb(pid);
  } catch {
    return undefined;
  }
}
/** The memory settings a checkout's image runs its server with: its Dockerfile's `ENV` of them. */
function imageMemoryEnv(checkout: string): Record<string, string> {
  let text: string;
  try {
    text = readFileSync(join(checkout, 'Dockerfile'), 'utf8');
  } catch {
    return {};
  }
  const env: Record<string, string> = {};
  // ENV lines with their continuations joined; values may be double-quoted.
  for (const [, body] of text.replace(/\\\n\s*/g, ' ').matchAll(/^ENV\s+(.*)$/gm)) {
    for (const [, key, quoted, plain] of body.matchAll(/(\w+)=(?:"([^"]*)"|(\S*))/g)) {
      if (['MALLOC_ARENA_MAX', 'NODE_OPTIONS', 'LD_PRELOAD'].includes(key)) env[key] = quoted ?? plain;
    }
  }
  return env;
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

async function startServer(env: Record<string, string>, checkout = root) {
  const dir = mkdtempSync(join(tmpdir(), 'soak-abuse-'));
  const port = await freePort();
  const memoryFile = join(dir, 'memory.json');
  const probe = new URL('./soak-memory-probe.mjs', import.meta.url).href;
  const child = spawn(
    'bash',
    [
      '-c',
      `ulimit -n 20000 && exec node --expose-gc ${process.env.SOAK_NODE_ARGS ?? ''} --import ${probe} dist/server.js`,
    ],
    {
      cwd: checkout,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: join(dir, 'soak.db'),
        LOG_LEVEL: process.env.SOAK_LOG_LEVEL ?? 'warn',
        SOAK_MEMORY_FILE: memoryFile,
        ...imageMemoryEnv(checkout),
        ...env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    if (
      await fetch(`${url}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await sleep(100);
  }
  return {
    url,
    pid: child.pid!,
    /** RSS, and after a full garbage collection the heap's used and held bytes and what lies outside it (Buffers), in MB. */
    async memory(): Promise<{ rss: number; heap: number; heapTotal: number; external: number }> {
      rmSync(memoryFile, { force: true });
      child.kill('SIGUSR2');
      for (let i = 0; i < 100; i++) {
        await sleep(100);
        try {
          const m = JSON.parse(readFileSync(memoryFile, 'utf8')) as NodeJS.MemoryUsage;
          const mb = (n: number) => n / 1024 / 1024;
          return { rss: rssMb(child.pid!), heap: mb(m.heapUsed), heapTotal: mb(m.heapTotal), external: mb(m.external) };
        } catch {
          // not written yet
        }
      }
      throw new Error('the server did not report its memory');
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function ask(child: ChildProcess, message: ReadersAsk | null): Promise<ReadersAnswer> {
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve(m as ReadersAnswer));
    child.once('exit', () => reject(new Error('the stream readers exited')));
    if (message) child.send(message);
  });
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

async function streamsScenario(checkout = root): Promise<void> {
  // Streams from many addresses at the default cap of 32 each.
  const server = await startServer({}, checkout);
  try {
    const loadBefore = load();
    const health = probeHealth(server.url);
    await sleep(2000);
    const before = await health.aside(() => server.memory());
    const game = await streamedGame(server.url);
    const readers = fork(
      fileURLToPath(new URL('./soak-stream-readers.ts', import.meta.url)),
      [server.url, game.id, String(STREAMS), '32'],
      { execArgv: ['--import', 'tsx'] },
    );
    const cpuBefore = cpuMs(server.pid);
    const { opened } = (await ask(readers, null)) as { opened: number };
    const cpuOpened = cpuMs(server.pid);
    const { moveMs, turnMs, version } = await playMoves(server.url, game, { moves: 30, everyMs: 300 });
    const { all } = (await ask(readers, { version })) as { all: boolean };
    const cpuMoved = cpuMs(server.pid);
    // A full GC and gdb's attach stop the server: the probe stands aside meanwhile.
    const during = await health.aside(() => server.memory());
    const closed = new Promise((r) => readers.once('exit', r));
    const cpuBeforeClose = cpuMs(server.pid);
    readers.send('close' satisfies ReadersAsk);
    await closed;
    await sleep(15_000);
    const cpuClosed = cpuMs(server.pid);
    const rssAfter = rssMb(server.pid);
    const after = await health.aside(() => server.memory());
    // The probe's full collection frees the closed sockets' native memory with their objects.
    await sleep(3000);
    const rssAfterGc = rssMb(server.pid);
    const trimmed = await health.aside(() => trimmedRssMb(server.pid));
    const { ms, failed } = await health.stop();
    const change = (a: number, b: number) => `${(((b - a) / a) * 100).toFixed(1)} %`;
    console.log(
      `streams (${checkout}; ${JSON.stringify(imageMemoryEnv(checkout))}): ${opened} opened on one game; every stream got every move: ${all}; load average ${loadBefore} → ${load()}`,
    );
    // The server's CPU is what the load of the machine does not change: latencies it does.
    console.log(
      `  server CPU: ${((cpuOpened - cpuBefore) / opened).toFixed(2)} ms per stream opened; ${((cpuMoved - cpuOpened) / moveMs.length).toFixed(1)} ms per move delivered to every stream (the move included); ${((cpuClosed - cpuBeforeClose) / opened).toFixed(2)} ms per stream closed (with /health's 15 s)`,
    );
    console.log(
      `  moves under the streams: p50 ${fmt(percentile(moveMs, 0.5))}, p99 ${fmt(percentile(moveMs, 0.99))} (${moveMs.length} moves); with the legal moves read before: p50 ${fmt(percentile(turnMs, 0.5))}, p99 ${fmt(percentile(turnMs, 0.99))}`,
    );
    console.log(
      `  server RSS: ${before.rss.toFixed(0)} MB before, ${during.rss.toFixed(0)} MB with the streams, ${rssAfter.toFixed(0)} MB 15 s after they closed (${change(before.rss, rssAfter)}), ${rssAfterGc.toFixed(0)} MB 3 s after a full collection (${change(before.rss, rssAfterGc)}); ${trimmed === undefined ? 'no gdb to trim the allocator' : `${trimmed.toFixed(0)} MB once gdb trimmed the allocator again (${change(before.rss, trimmed)})`}`,
    );
    const heap = (m: typeof before) =>
      `${m.heap.toFixed(1)} MB (of ${m.heapTotal.toFixed(0)} MB held; ${m.external.toFixed(1)} MB outside)`;
    console.log(
      `  server heap after a full GC: ${heap(before)} before, ${heap(during)} with the streams, ${heap(after)} after (used: ${change(before.heap, after.heap)})`,
    );
    console.log(
      `  /health: p50 ${fmt(percentile(ms, 0.5))}, p99 ${fmt(percentile(ms, 0.99))}, ${failed} failed, ${ms.length} answered`,
    );
  } finally {
    await server.stop();
  }
}

/**
 * Issue 27's hint latency: 10 hints at once (each its own game, address and seat), `HINT_ROUNDS`
 * times (after one uncounted round) on a server with nothing else to do; the answered ones against the hint's budget
 * (`HINT_MS`, 1,000 ms by default) + 50 ms, and `/health` meanwhile.
 */
async function hintsScenario(): Promise<void> {
  const server = await startServer({});
  const rounds = Number(process.env.SOAK_HINT_ROUNDS ?? 5);
  try {
    // Uncounted: a fresh server compiles its answers' serializers on the first answers of each
    // route (fast-json-stringify's Ajv validators for unions: hundreds of ms on this machine),
    // which would be charged to the hints. The target is about a server that is running.
    await hintFlood(server.url, 10);
    const health = probeHealth(server.url);
    const hints: { status: number; ms: number }[] = [];
    for (let round = 0; round < rounds; round++) hints.push(...(await hintFlood(server.url, 10)));
    const { ms, failed } = await health.stop();
    const answered = hints.filter((h) => h.status === 200).map((h) => h.ms);
    const refused = hints.filter((h) => h.status !== 200);
    const statuses = [...new Set(refused.map((h) => h.status))].join(', ') || 'none';
    console.log(
      `hints: ${rounds} × 10 at once: ${answered.length} answered, p50 ${fmt(percentile(answered, 0.5))}, p99 ${fmt(percentile(answered, 0.99))} (budget 1,000 ms + 50: ${percentile(answered, 0.99) <= 1050 ? 'met' : 'MISSED'}); ` +
        `${refused.length} refused (${statuses}), slowest refusal ${fmt(Math.max(0, ...refused.map((h) => h.ms)))}`,
    );
    console.log(
      `  /health during the hints: p50 ${fmt(percentile(ms, 0.5))}, p99 ${fmt(percentile(ms, 0.99))} (target < 50 ms), ${failed} failed, ${ms.length} answered`,
    );
  } finally {
    await server.stop();
  }
}

async function botsAndHintsScenario(): Promise<void> {
  const server = await startServer({});
  try {
    const health = probeHealth(server.url);
    const bots = await botFlood(server.url, BOTS_ONLY_GAMES, 5);
    console.log(
      `bots: ${bots.created} bots-only games of 6 mcts level-5 bots from 3 addresses; a greedy bot of another game played its turn in ${fmt(bots.greedyMs)}`,
    );
    const hints = await hintFlood(server.url, 40);
    const by = (s: number) => hints.filter((h) => h.status === s).length;
    console.log(
      `hints: 40 at once (with the bots-only games still running): ${by(200)} answered, ${by(503)} refused 503, ${by(429)} refused 429; slowest ${fmt(Math.max(...hints.map((h) => h.ms)))}`,
    );
    const { ms, failed } = await health.stop();
    console.log(
      `  /health during bots and hints: p50 ${fmt(percentile(ms, 0.5))}, p99 ${fmt(percentile(ms, 0.99))}, ${failed} failed, ${ms.length} answered`,
    );
  } finally {
    await server.stop();
  }
}

if (args.only === undefined || args.only === 'bots') await botsAndHintsScenario();
if (args.only === undefined || args.only === 'hints') await hintsScenario();
if (args.only === undefined || args.only === 'streams') {
  const checkouts = args.against?.map((dir) => resolve(dir)) ?? [root];
  for (let round = 0; round < Number(args.rounds); round++)
    for (const checkout of checkouts) await streamsScenario(checkout);
}
