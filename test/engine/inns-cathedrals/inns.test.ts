import t from 'tap';
import { meeple, pass, scenario, scored, tile } from '../../helpers/scenario.js';

// docs/rules.md §9.3: roads with an inn. Start tile base/D at (0,0): road W-E.

const IC = ['inns-cathedrals'] as const;

/**
 * A road of 4 tiles: base/W (-1,0), the start tile, `middle` at (1,0) (P0's meeple), base/W (2,0);
 * both junctions end it.
 */
function fourTileRoad(middle: string, rotation: 0 | 90 = 0) {
  const s = scenario({ expansions: [...IC], tiles: [middle, 'base/W', 'base/W'] });
  s.play(tile(1, 0, rotation), meeple(1, 0, 0)); // P0
  s.play(tile(2, 0, 0), pass); // P1
  s.play(tile(-1, 0, 0), pass); // P0 closes the road
  return s;
}

t.test('a completed road with an inn scores 2 per tile', async (t) => {
  const road = scored(fourTileRoad('inns-cathedrals/B').events).filter((e) => e.kind === 'road' && !e.final);
  t.same(
    road.map((e) => [e.tiles.length, e.points, e.returned]),
    [[4, [{ seat: 0, points: 8 }], [{ owner: 0, kind: 'meeple', x: 1, y: 0, feature: 0 }]]],
  );
  const plain = scored(fourTileRoad('base/U', 90).events).filter((e) => e.kind === 'road' && !e.final);
  t.same(
    plain.map((e) => e.points),
    [[{ seat: 0, points: 4 }]],
    'the same road without the inn: 1 per tile',
  );
});

t.test('one inn or several makes no difference: a 5-tile road with two inns scores 10', async (t) => {
  //  x=-1     x=0      x=1        x=2
  //  W r0     D start  I&C/B      I&C/A r0 (curve W-S)
  //                               W r180 (2,1): its N arm ends the road
  const s = scenario({
    expansions: [...IC],
    tiles: ['inns-cathedrals/B', 'inns-cathedrals/A', 'base/W', 'base/W'],
  });
  s.play(tile(1, 0, 0), meeple(1, 0, 0)); // P0
  s.play(tile(2, 0, 0), pass); // P1
  s.play(tile(2, 1, 180), pass); // P0
  s.play(tile(-1, 0, 0), pass); // P1 closes it
  const [road] = scored(s.last);
  t.equal(road.tiles.length, 5);
  t.same(road.points, [{ seat: 0, points: 10 }]);
});

t.test('on the junction inns-cathedrals/C only the east arm has the inn', async (t) => {
  //  x=-1     x=0      x=1              x=2
  //  W r0     D start  I&C/C (W, E*, S)  W r0      * the inn
  const s = scenario({ expansions: [...IC], tiles: ['inns-cathedrals/C', 'base/W', 'base/W'] });
  s.play(tile(1, 0, 0), meeple(1, 0, 0)); // P0 on the west arm (joined to the start road)
  s.play(tile(2, 0, 0), meeple(2, 0, 0)); // P1 on the arm of W that closes C's east arm
  const [east] = scored(s.last);
  t.same([east.tiles.length, east.points], [2, [{ seat: 1, points: 4 }]], 'the east arm: 2 tiles, 2 each');
  s.play(tile(-1, 0, 0), pass); // P0 closes the west arm
  const [west] = scored(s.last);
  t.same([west.tiles.length, west.points], [3, [{ seat: 0, points: 3 }]], 'the west arm has no inn: 1 per tile');
});

t.test('at the end an incomplete road with an inn scores 0', async (t) => {
  const inn = scenario({ expansions: [...IC], tiles: ['inns-cathedrals/B'] });
  inn.play(tile(1, 0, 0), meeple(1, 0, 0));
  t.equal(inn.view().status, 'finished');
  t.same(
    scored(inn.last).map((e) => [e.kind, e.final, e.tiles.length, e.points]),
    [['road', true, 2, []]],
  );
  t.same(inn.view().scores, [0, 0]);
  const plain = scenario({ expansions: [...IC], tiles: ['base/U'] });
  plain.play(tile(1, 0, 90), meeple(1, 0, 0));
  t.same(
    scored(plain.last).map((e) => e.points),
    [[{ seat: 0, points: 2 }]],
    'without the inn: 1 per tile',
  );
});
