/**
 * What explaining a refused body costs (npm run bench:validation): the CPU of one `POST /games`
 * whose 64 KB body holds 32,000 wrong `tileOrder` entries, against a valid body's. The goal is
 * under 5 ms: the explanation stops at the array's bound (docs/operations.md, "Validation work is
 * bounded"). The test (test/http/guards/bounded-validation.test.ts) checks what is listed; the
 * time is measured here, where a busy machine makes a slow figure, not a failed suite.
 */
import { buildApp } from '../src/app.js';
import { openStore } from '../src/storage/open-store.js';

const GOAL_MS = 5;
const RUNS = 200;
const PLAYERS = '"players":[{"name":"Ann"},{"name":"Bob"}]';

const store = await openStore({ kind: 'sqlite', path: ':memory:' });
const app = await buildApp({ store, addressRateLimit: { perSecond: 0, burst: 0 } });

/** The CPU (user + system, ms) of each of `runs` injections, sorted. */
async function cpuOf(payload: string, runs: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const before = process.cpuUsage();
    await app.inject({ method: 'POST', url: '/games', headers: { 'content-type': 'application/json' }, payload });
    const used = process.cpuUsage(before);
    times.push((used.user + used.system) / 1000);
  }
  return times.sort((a, b) => a - b);
}

const wrong = `{${PLAYERS},"tileOrder":[${Array(32_000).fill('1').join(',')}]}`;
const valid = `{${PLAYERS}}`;
await cpuOf(wrong, 20); // warm-up: the first requests compile and load code
await cpuOf(valid, 20);
for (const [name, payload] of [
  ['32,000 wrong entries (refused)', wrong],
  ['a valid body (created)', valid],
] as const) {
  const times = await cpuOf(payload, RUNS);
  const at = (q: number) => times[Math.floor(q * (times.length - 1))].toFixed(2);
  console.log(`${name}: CPU per request min ${at(0)} ms, median ${at(0.5)} ms, p95 ${at(0.95)} ms`);
}
const median = (await cpuOf(wrong, RUNS))[RUNS >> 1];
console.log(`goal: the refused body's median under ${GOAL_MS} ms: ${median < GOAL_MS ? 'met' : 'MISSED'}`);
await app.close();
