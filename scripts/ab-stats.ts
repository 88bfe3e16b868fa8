/**
 * The statistics of the A/B benchmarks (`bench-ab.ts`, `bench-answers-ab.ts`, `bench-http-ab.ts`),
 * which time two builds in alternating blocks: besides the ratio of the totals, the median of the
 * rounds' ratios and the ratio of the builds' fast quartiles. A block that met a collection of the
 * other build's garbage, or a neighbour's burst, weighs on the total but hardly moves these two.
 */
import { reportRatios, type Ratios } from './ab-orders.js';

export const median = (xs: number[]): number => {
  const s = xs.slice().sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/**
 * The rate a build's blocks beat in three rounds of four: a neighbour's burst only ever slows a
 * block, so the faster blocks are the less disturbed, and each build's quartile does not depend
 * on what the other build's block of the same round met. A check of one build against a copy
 * of itself (100 rounds, BENCH_BEST=3, load 5–8) gave ×0.93–1.00 here, ×0.98–1.03 for the
 * median of rounds and ×1.03–1.26 for the total: read the three together (docs/performance.md).
 */
export const quartile = (rates: number[]): number =>
  rates.slice().sort((a, b) => a - b)[Math.floor(0.75 * (rates.length - 1))];

/** One build's timings of one kind of answer: units, their µs in all, and each block's µs per unit. */
export interface Timings {
  units: number;
  us: number;
  blocks: number[];
}

/** The A/B answer benches' table: per answer, each build's µs per unit and the three ratios. */
export function printAbTable(results: Record<string, { old: Timings; new: Timings }>): void {
  console.log(
    '| answer | old µs CPU each | new µs CPU each | new ÷ old (total) | new ÷ old (median of rounds) | new ÷ old (fast quartile of blocks) |',
  );
  console.log('|---|---|---|---|---|---|');
  for (const [label, r] of Object.entries(results)) {
    const each = (t: Timings) => t.us / t.units;
    const ratios = r.new.blocks.map((us, i) => us / r.old.blocks[i]);
    // The quartile of rates (units per µs), as bench-ab's.
    const rates = (t: Timings) => t.blocks.map((us) => 1 / us);
    const result: Ratios = {
      label,
      total: each(r.new) / each(r.old),
      median: median(ratios),
      quartile: quartile(rates(r.old)) / quartile(rates(r.new)),
    };
    console.log(
      `| ${label} | ${each(r.old).toFixed(1)} | ${each(r.new).toFixed(1)} | ×${result.total.toFixed(2)} | ×${result.median.toFixed(2)} | ×${result.quartile.toFixed(2)} |`,
    );
    reportRatios(result);
  }
}

/** The header of the table of both orders' means (`runBothOrders`), its rows named by `first`. */
export const abMeansHeader = (first: string): string =>
  `| ${first} | new ÷ old (total CPU) | new ÷ old (median of rounds) | new ÷ old (fast quartile of blocks) |\n|---|---|---|---|`;
