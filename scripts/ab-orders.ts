/**
 * The two start orders of an A/B bench (`bench-ab.ts`, `bench-http-ab.ts`). Whichever build is
 * loaded or started second measures differently from the first, by a few per cent, for no
 * reason either build's code holds (docs/performance.md, "The load order"). So by default
 * (BENCH_ORDER=both) a bench runs itself twice, each time in a process of its own, the old build
 * first and then the new one, prints each run's table and, per row, the geometric mean of the two
 * runs' ratios, in which the bias cancels. BENCH_ORDER=old-first or new-first runs one order.
 */
import { spawnSync } from 'node:child_process';

export const ORDERS = ['old-first', 'new-first'] as const;
export type Order = (typeof ORDERS)[number];

/** A row's three ratios in one run, as the bench's table prints them. */
export interface Ratios {
  label: string;
  total: number;
  median: number;
  quartile: number;
}

const RATIOS_LINE = '#ratios ';

/** BENCH_ORDER, checked: `both` by default. */
export function benchOrder(): Order | 'both' {
  const option = process.env.BENCH_ORDER ?? 'both';
  if (option !== 'both' && !(ORDERS as readonly string[]).includes(option))
    throw new Error(`BENCH_ORDER must be both, old-first or new-first, not ${option}`);
  return option as Order | 'both';
}

/** A row's ratios, on a line of their own for the `both` run that started this one-order run. */
export function reportRatios(ratios: Ratios): void {
  if (process.env.BENCH_RATIOS_LINES === '1') console.log(RATIOS_LINE + JSON.stringify(ratios));
}

/**
 * Runs this script (with this process's Node options and arguments) once per order, prints each
 * run's output and then, under `header` (the table's header row with its separator), each row's
 * label and the geometric means of its ratios; exits.
 */
export function runBothOrders(header: string): never {
  const runs = ORDERS.map((order) => {
    const run = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
      env: { ...process.env, BENCH_ORDER: order, BENCH_RATIOS_LINES: '1' },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      maxBuffer: 1 << 24,
    });
    if (run.status !== 0) throw new Error(`the ${order} run failed (${run.status ?? run.signal})`);
    const lines = run.stdout.split('\n');
    for (const line of lines) if (line !== '' && !line.startsWith(RATIOS_LINE)) console.log(line);
    return lines.filter((l) => l.startsWith(RATIOS_LINE)).map((l) => JSON.parse(l.slice(RATIOS_LINE.length)) as Ratios);
  });
  const mean = (a: number, b: number) => `×${Math.sqrt(a * b).toFixed(2)}`;
  console.log("\nBoth orders, the geometric mean of the two runs' ratios (the start order's bias cancels):");
  console.log(header);
  for (const a of runs[0]) {
    const b = runs[1].find((r) => r.label === a.label);
    if (b !== undefined)
      console.log(
        `| ${a.label} | ${mean(a.total, b.total)} | ${mean(a.median, b.median)} | ${mean(a.quartile, b.quartile)} |`,
      );
  }
  process.exit(0);
}
