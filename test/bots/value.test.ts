/**
 * From points to chances (src/bots/value.ts, docs/analysis.md "Calibration"): the squash is a
 * softmax of the seats' mean scores over the temperature √(a² + b²·tiles left), so two seats'
 * chances sum to 1 and swap when their means swap, a seat's chance grows with its lead, and the
 * same lead counts for more the fewer tiles are left.
 */
import t from 'tap';
import { SQUASH, chancesOf, temperature } from '../../src/bots/value.js';

const near = (a: number, b: number) => Math.abs(a - b) < 1e-9;

t.test('the fitted temperature: a 2.19 points at the last tile, √(2.19² + 2.64²·36) with 36 tiles left', async (t) => {
  t.same(SQUASH, { a: 2.19, b: 2.64 });
  t.ok(near(temperature(0), 2.19));
  t.ok(near(temperature(36), Math.sqrt(2.19 ** 2 + 2.64 ** 2 * 36)), `${temperature(36)}`);
  t.ok(near(temperature(-3), 2.19), 'no tiles below none');
});

t.test('a 10-point lead with 36 tiles left is a 65.1 % chance', async (t) => {
  const [lead, behind] = chancesOf([30, 20], temperature(36));
  t.equal(lead.toFixed(3), '0.651');
  t.ok(near(lead, 1 / (1 + Math.exp(-10 / Math.sqrt(2.19 ** 2 + 2.64 ** 2 * 36)))));
  t.ok(near(lead + behind, 1), "two seats' chances sum to 1");
});

t.test("two seats' chances sum to 1 and swap with their means", async (t) => {
  for (const tiles of [0, 1, 12, 40, 71])
    for (const [m0, m1] of [
      [0, 0],
      [12, 7],
      [-3, 40],
      [101, 99.5],
    ]) {
      const [p0, p1] = chancesOf([m0, m1], temperature(tiles));
      const [q0, q1] = chancesOf([m1, m0], temperature(tiles));
      t.ok(near(p0 + p1, 1), `${m0}:${m1}, ${tiles} tiles left`);
      t.ok(near(p0, q1) && near(p1, q0), `${m0}:${m1} swapped, ${tiles} tiles left`);
    }
  t.same(chancesOf([25, 25], temperature(50)), [0.5, 0.5], 'level: even');
});

t.test("a seat's chance grows with its lead, and a lead weighs more with fewer tiles left", async (t) => {
  for (const tiles of [0, 5, 30, 70]) {
    let last = 0;
    for (let lead = -60; lead <= 60; lead += 0.5) {
      const p = chancesOf([lead, 0], temperature(tiles))[0];
      t.ok(p > last || (p === 1 && last === 1), `lead ${lead}, ${tiles} tiles left`);
      last = p;
    }
  }
  for (const lead of [1, 8, 25]) {
    const byTiles = [70, 30, 5, 0].map((tiles) => chancesOf([lead, 0], temperature(tiles))[0]);
    t.ok(
      byTiles.every((p, i) => i === 0 || p > byTiles[i - 1]),
      `a ${lead}-point lead: ${byTiles.map((p) => p.toFixed(3)).join(' < ')}`,
    );
  }
});
