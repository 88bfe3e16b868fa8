import t from 'tap';
import { figure, meeple, pass, scenario, scored, tile } from '../../helpers/scenario.js';

// docs/rules.md §9.4: cities with a cathedral. Start tile base/D at (0,0): city N.

const IC = ['inns-cathedrals'] as const;

/**
 * A city of 6 tiles and 1 pennant: the start city, base/F r90 (0,-1) with its pennant, the
 * cathedral (0,-2) and three base/E caps on its other sides. P0's meeple is on F's city; P1's
 * farmer in the field of the cap (1,-2), which touches only this city.
 *
 *            x=-1          x=0             x=1
 *   y=-3                   E r180
 *   y=-2   E r90 (last)    I&C/K           E r270 (P1 farmer)
 *   y=-1                   F r90 (P0)
 *   y= 0                   D start
 */
function cathedralCity(lastCap: boolean) {
  const tiles = ['base/F', 'inns-cathedrals/K', 'base/E', 'base/E', 'base/E'];
  const s = scenario({ expansions: [...IC], tiles: lastCap ? tiles : tiles.slice(0, 4) });
  s.play(tile(0, -1, 90), meeple(0, -1, 0)); // P0
  s.play(tile(0, -2, 0)); // P1: the cathedral joins P0's city; nothing else on it to stand on
  s.play(tile(0, -3, 180), pass); // P0
  s.play(tile(1, -2, 270), meeple(1, -2, 1)); // P1: farmer
  if (lastCap) s.play(tile(-1, -2, 90), pass); // P0 closes the city; the pile is empty
  return s;
}

t.test('a completed city with a cathedral scores 3 per tile and 3 per pennant', async (t) => {
  const s = cathedralCity(true);
  const city = scored(s.events).find((e) => e.kind === 'city' && !e.final)!;
  t.same([city.tiles.length, city.points], [6, [{ seat: 0, points: 21 }]], '3 x (6 tiles + 1 pennant)');
  t.same(city.returned, [{ owner: 0, kind: 'meeple', x: 0, y: -1, feature: 0 }]);
});

t.test('fields are unchanged: a completed cathedral city counts as one completed city (3)', async (t) => {
  const s = cathedralCity(true);
  const fields = scored(s.last).filter((e) => e.kind === 'field');
  t.same(
    fields.map((e) => e.points),
    [[{ seat: 1, points: 3 }]],
  );
  t.same(s.view().scores, [21, 3]);
});

t.test('at the end an incomplete city with a cathedral scores 0, and is worth nothing to farmers', async (t) => {
  const s = cathedralCity(false);
  t.equal(s.view().status, 'finished');
  t.same(
    scored(s.last).map((e) => [e.kind, e.final, e.tiles.length, e.points]),
    [
      ['city', true, 5, []],
      ['field', true, 1, []],
    ],
  );
  t.same(s.view().scores, [0, 0]);
});

t.test('one cathedral or both makes no difference: 8 tiles with two cathedrals score 24', async (t) => {
  //            x=-1     x=0     x=1
  //   y=-3              E r180
  //   y=-2     E r90    K       E r270
  //   y=-1     E r90    K       E r270
  //   y= 0              D start
  const s = scenario({
    expansions: [...IC],
    tiles: ['inns-cathedrals/K', 'inns-cathedrals/K', 'base/E', 'base/E', 'base/E', 'base/E', 'base/E'],
  });
  s.play(tile(0, -1, 0), meeple(0, -1, 0)); // P0
  s.play(tile(0, -2, 0), tile(1, -1, 270), pass, tile(-1, -1, 90), pass);
  s.play(tile(1, -2, 270), pass, tile(-1, -2, 90), pass, tile(0, -3, 180), pass);
  const [city] = scored(s.last);
  t.same([city.tiles.length, city.points], [8, [{ seat: 0, points: 24 }]]);
});

t.test("at the end an incomplete cathedral city scores 0, a mayor's share included", async (t) => {
  const opts = { expansions: ['abbey-mayor', 'inns-cathedrals'] as const, rules: { endgameAbbeys: 'none' as const } };
  const s = scenario({ ...opts, expansions: [...opts.expansions], tiles: ['base/F', 'inns-cathedrals/K'] });
  s.play(tile(0, -1, 90), figure('mayor', 0, -1, 0), tile(0, -2, 0));
  t.same(
    scored(s.last).map((e) => [e.kind, e.final, e.points]),
    [['city', true, []]],
  );
  const open = scenario({ ...opts, expansions: [...opts.expansions], tiles: ['base/F'] });
  open.play(tile(0, -1, 90), figure('mayor', 0, -1, 0));
  t.same(
    scored(open.last).map((e) => e.points),
    [[{ seat: 0, points: 3 }]],
    'control: an incomplete plain city pays the mayor 2 tiles + 1 pennant',
  );
});
