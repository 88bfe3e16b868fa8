import t from 'tap';
import { legalMoves, play } from '../../../src/engine/index.js';
import { figure, meeple, pass, scenario, scored, tile } from '../../helpers/scenario.js';

// docs/rules.md §9.2: the large meeple. Start tile base/D at (0,0): city N, road W-E, the field
// between them (feature 2) and the field south of the road (feature 3).

const IC = ['inns-cathedrals'] as const;
const large = (x: number, y: number, f: number) => figure('largeMeeple', x, y, f);

/**
 * Two city pieces joined with the start city by base/C at (0,-1), closing a city of 5 tiles and
 * 1 pennant (12 points):
 *
 *            x=-1            x=0             x=1
 *   y=-2                   E r180 (city S)  B
 *   y=-1   E r90 (city E)  [C, last]        E r270 (city W)   P0: large meeple
 *   y= 0   U r90           D start          U r90
 *
 * P1 owns the west piece (-1,-1) and, with `p1North`, the north piece (0,-2) too.
 */
function joinedCity(p1North: 'meeple' | 'largeMeeple' | null) {
  const s = scenario({
    expansions: [...IC],
    tiles: ['base/U', 'base/U', 'base/E', 'base/E', 'base/B', 'base/E', 'base/C'],
  });
  s.play(tile(1, 0, 90), pass); // P0
  s.play(tile(-1, 0, 90), pass); // P1
  s.play(tile(1, -1, 270), large(1, -1, 0)); // P0: the east piece
  s.play(tile(-1, -1, 90), meeple(-1, -1, 0)); // P1: the west piece
  s.play(tile(1, -2, 0), pass); // P0
  s.play(tile(0, -2, 180), p1North ? figure(p1North, 0, -2, 0) : pass); // P1: the north piece
  s.play(tile(0, -1, 0)); // P0 joins them all: the city is complete
  return s;
}

t.test('a large meeple is placed under the meeple rules: wherever a meeple may go, and only there', async (t) => {
  const s = scenario({ expansions: [...IC], tiles: ['base/U', 'base/U', 'base/E', 'base/E'] });
  s.play(tile(1, 0, 90), pass, tile(-1, 0, 90), pass);
  s.play(tile(1, -1, 270));
  const moves = legalMoves(s.game).moves.filter((m) => m.type === 'placeFigure');
  const spots = (kind: string) =>
    moves.flatMap((m) => (m.type === 'placeFigure' && m.figure === kind ? [`${m.x},${m.y},${m.feature}`] : []));
  t.same(spots('largeMeeple'), spots('meeple'), 'the same spots');
  t.same(spots('meeple'), ['1,-1,0', '1,-1,1'], 'the city and the field of base/E');
  s.play(large(1, -1, 0));
  t.same(s.view().players[0].supply, { meeple: 7, largeMeeple: 0 });
  t.same(
    s.last.find((e) => e.type === 'figurePlaced'),
    {
      type: 'figurePlaced',
      seat: 0,
      figure: { owner: 0, kind: 'largeMeeple', x: 1, y: -1, feature: 0 },
    },
  );
});

t.test('a large meeple may not join a feature that holds a follower: FEATURE_OCCUPIED', async (t) => {
  const s = scenario({ expansions: [...IC], tiles: ['base/U', 'base/U'] });
  s.play(tile(1, 0, 90), meeple(1, 0, 0)); // P0 on the start road
  s.play(tile(2, 0, 90)); // P1 extends it
  const r = play(s.game, large(2, 0, 0));
  t.equal(r.ok ? 'ok' : r.error.code, 'FEATURE_OCCUPIED');
  t.ok(
    legalMoves(s.game).moves.some((m) => m.type === 'placeFigure' && m.figure === 'largeMeeple' && m.feature === 1),
    'the free field is still open to it',
  );
});

t.test('a large meeple (strength 2) beats a meeple (1): its owner alone scores the full 12', async (t) => {
  const s = joinedCity(null);
  const [city] = scored(s.last);
  t.same(city.points, [{ seat: 0, points: 12 }], 'not doubled: 2 per tile and pennant');
  t.equal(city.tiles.length, 5);
  t.same(city.returned, [
    { owner: 0, kind: 'largeMeeple', x: 1, y: -1, feature: 0 },
    { owner: 1, kind: 'meeple', x: -1, y: -1, feature: 0 },
  ]);
  t.same(s.view().scores, [12, 0]);
  t.same(
    s.view().players.map((p) => p.supply),
    [
      { meeple: 7, largeMeeple: 1 },
      { meeple: 7, largeMeeple: 1 },
    ],
    'both return after the scoring',
  );
});

t.test('two meeples of one player (2) tie a large meeple (2): both score 12', async (t) => {
  const [city] = scored(joinedCity('meeple').last);
  t.same(city.points, [
    { seat: 0, points: 12 },
    { seat: 1, points: 12 },
  ]);
});

t.test('strengths add up per player: a large meeple and a meeple (3) beat a large meeple (2)', async (t) => {
  // P1's meeple west and large meeple north: 3 against P0's large meeple.
  const [city] = scored(joinedCity('largeMeeple').last);
  t.same(city.points, [{ seat: 1, points: 12 }]);
  t.equal(city.returned.length, 3);
});

t.test('a large meeple may go onto a feature the tile completes and is scored at once', async (t) => {
  const s = scenario({ expansions: [...IC], tiles: ['base/E', 'base/E'] });
  s.play(tile(0, -1, 180), large(0, -1, 0));
  t.same(
    s.last.filter((e) => e.type === 'featureScored'),
    [
      {
        type: 'featureScored',
        kind: 'city',
        tiles: [
          { x: 0, y: -1 },
          { x: 0, y: 0 },
        ],
        reason: 'city',
        points: [{ seat: 0, points: 4 }],
        returned: [{ owner: 0, kind: 'largeMeeple', x: 0, y: -1, feature: 0 }],
        final: false,
      },
    ],
  );
  t.equal(s.view().players[0].supply.largeMeeple, 1);
});

t.test('as a farmer it stays to the end and counts 2 against a meeple in the final field scoring', async (t) => {
  //        x=-1       x=0             x=1          x=2
  //  y=-1             E r180 (closes the start city)
  //  y=0   U r90      D start         U r90        A r90 (the road ends: north and south fields join)
  // P1's meeple in the north field (1,0); P0's large meeple in the south field (-1,0).
  const s = scenario({ expansions: [...IC], tiles: ['base/E', 'base/U', 'base/U', 'base/A'] });
  s.play(tile(0, -1, 180), pass); // P0: the start city is complete
  s.play(tile(1, 0, 90), meeple(1, 0, 1)); // P1: north field
  s.play(tile(-1, 0, 90), large(-1, 0, 2)); // P0: south field
  s.play(tile(2, 0, 90), pass); // P1 joins the fields; the pile is empty
  const fields = scored(s.last).filter((e) => e.kind === 'field');
  t.same(
    fields.map((e) => e.points),
    [[{ seat: 0, points: 3 }]],
    'one completed city, 3 to the large meeple',
  );
  t.same(s.view().scores, [3, 0]);
  t.ok(s.view().figures.some((f) => f.kind === 'largeMeeple' && f.x === -1 && f.y === 0));
});
