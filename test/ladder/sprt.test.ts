/**
 * The ladder's sequential test (`src/service/ladder/sprt.ts`, `docs/ladder.md`) against
 * log-likelihood ratios worked out by hand. With elo0 = 0 and elo1 = 50: s0 = 0.5 and
 * s1 = 1 / (1 + 10^(−50/400)) = 1 / (1 + 0.749894) = 0.571463. With alpha = beta = 0.05 the
 * bounds are ln(0.05 / 0.95) = −2.944439 and ln(0.95 / 0.05) = +2.944439. Every count below is
 * the real pairs; the test adds one pair won and one lost (x = 1, x = 0) before computing.
 */
import t, { type Test } from 'tap';
import {
  bounds,
  DEFAULT_SPRT,
  expectedShare,
  logLikelihoodRatio,
  reversed,
  sprt,
} from '../../src/service/ladder/sprt.js';

const CLOSE = 1e-5;
const near = (t: Test, actual: number, expected: number, what: string) =>
  t.ok(Math.abs(actual - expected) < CLOSE, `${what}: ${actual} is ${expected}`);

t.test('the parameters: elo 0 and 50 are shares 0.5 and 0.571463; the bounds are ±2.944439', async (t) => {
  t.same(DEFAULT_SPRT, { elo0: 0, elo1: 50, alpha: 0.05, beta: 0.05 });
  near(t, expectedShare(0), 0.5, 's0');
  near(t, expectedShare(50), 0.571463, 's1');
  const { lower, upper } = bounds(DEFAULT_SPRT);
  near(t, lower, -2.944439, 'lower');
  near(t, upper, 2.944439, 'upper');
});

t.test('four pairs won both: LLR 0.918758, the test continues', async (t) => {
  // With the virtual pairs: one 0, five 1s; N = 6, mean = 5/6, variance = (25/36 + 5 × 1/36) / 6 = 5/36.
  // LLR = 6 × 0.071463 × (10/6 − 1.071463) / (2 × 5/36) = 0.428778 × 0.595204 / 0.277778 = 0.918758.
  const result = sprt([0, 0, 0, 0, 4]);
  near(t, result.llr, 0.918758, 'llr');
  t.equal(result.verdict, 'continue');
  t.equal(result.pairs, 4, 'the virtual pairs are not counted as played');
});

t.test('ten pairs won both: LLR 4.276456, H1 accepted (A is stronger)', async (t) => {
  // N = 12, mean = 11/12, variance = ((11/12)² + 11 × (1/12)²) / 12 = 132/144 / 12 = 11/144.
  // LLR = 12 × 0.071463 × (22/12 − 1.071463) / (22/144) = 0.857558 × 0.761870 / 0.152778 = 4.276456.
  const result = sprt([0, 0, 0, 0, 10]);
  near(t, result.llr, 4.276456, 'llr');
  t.equal(result.verdict, 'H1');
});

t.test('thirty split pairs: LLR −5.229545, H0 accepted (A is not stronger by 50)', async (t) => {
  // N = 32, mean = 1/2, variance = (¼ + ¼) / 32 = 1/64.
  // LLR = 32 × 0.071463 × (1 − 1.071463) / (2/64) = −32 × 0.00510697 / 0.03125 = −5.229545.
  const result = sprt([0, 0, 30, 0, 0]);
  near(t, result.llr, -5.229545, 'llr');
  t.equal(result.verdict, 'H0');
});

t.test('a mixed record (1, 2, 3, 4, 5 pairs from lost both to won both): LLR 1.145401', async (t) => {
  // With the virtual pairs: 2, 2, 3, 4, 6 pairs of x = 0, ¼, ½, ¾, 1; N = 17.
  // mean = (0.5 + 1.5 + 3 + 6) / 17 = 11/17 = 0.647059; E[x²] = (0.125 + 0.75 + 2.25 + 6) / 17 = 0.536765;
  // variance = 0.536765 − 0.418685 = 0.118080.
  // LLR = 17 × 0.071463 × (1.294118 − 1.071463) / 0.236159 = 1.214873 × 0.222655 / 0.236159 = 1.145401.
  near(t, logLikelihoodRatio([1, 2, 3, 4, 5], DEFAULT_SPRT), 1.145401, 'llr');
  t.equal(sprt([1, 2, 3, 4, 5]).verdict, 'continue');
});

t.test('no pairs: LLR 0 (the virtual pairs say nothing), the test continues', async (t) => {
  // N = 2, mean = 1/2, variance = 1/4: 2s − s0 − s1 = 1 − 1.071463 ≠ 0, so LLR = 2 × 0.071463 × (−0.071463) / 0.5.
  near(t, sprt([0, 0, 0, 0, 0]).llr, -0.020428, 'llr');
  t.equal(sprt([0, 0, 0, 0, 0]).verdict, 'continue');
});

t.test('the other side: B lost the pairs A won', async (t) => {
  t.same(reversed([1, 2, 3, 4, 5]), [5, 4, 3, 2, 1]);
  t.equal(sprt(reversed([0, 0, 0, 0, 10])).verdict, 'H0', 'B is not stronger than A');
});

t.test('stricter parameters ask for more pairs', async (t) => {
  // alpha = beta = 0.01: the upper bound is ln(0.99 / 0.01) = 4.595120, above 4.276456.
  const strict = { ...DEFAULT_SPRT, alpha: 0.01, beta: 0.01 };
  near(t, sprt([0, 0, 0, 0, 10], strict).upper, 4.59512, 'upper');
  t.equal(sprt([0, 0, 0, 0, 10], strict).verdict, 'continue');
});
