import t from 'tap';
import { keyOf } from '../../src/engine/geometry.js';
import { KeyGrid } from '../../src/engine/key-grid.js';

// The grid behind the board and the open positions (src/engine/key-grid.ts): it starts small
// around the start tile and grows when a position beyond it is set.

t.test('a value set anywhere a game can reach is read back; elsewhere 0', (t) => {
  const g = new KeyGrid();
  const spots: [number, number, number][] = [
    [0, 0, 1],
    [12, -12, 2],
    [13, 0, 3],
    [-40, 7, 4],
    [0, 90, 5],
    [-400, -400, 6],
    [400, 400, 7],
  ];
  for (const [x, y, v] of spots) g.set(keyOf(x, y), v);
  for (const [x, y, v] of spots) t.equal(g.get(keyOf(x, y)), v, `(${x},${y})`);
  t.equal(g.get(keyOf(1, 1)), 0);
  t.equal(g.get(keyOf(-41, 7)), 0);
  t.equal(g.get(keyOf(401, 0)), 0, 'beyond the rectangle');
  t.equal(g.get(-5), 0, 'a key no position has');
  t.end();
});

t.test('a copy is independent of its original', (t) => {
  const g = new KeyGrid();
  g.set(keyOf(3, 4), 9);
  const c = g.copy();
  c.set(keyOf(3, 4), 1);
  c.set(keyOf(-50, 50), 2);
  t.equal(g.get(keyOf(3, 4)), 9);
  t.equal(g.get(keyOf(-50, 50)), 0);
  t.equal(c.get(keyOf(3, 4)), 1);
  t.equal(c.get(keyOf(-50, 50)), 2);
  t.end();
});
