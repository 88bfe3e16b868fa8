import t from 'tap';
import { play } from '../../../src/engine/index.js';
import { meeple, pass, scored, scenario, tile } from '../../helpers/scenario.js';

// tiles.json, Abbey & Mayor land tiles with special features, rotated: the tunnel road (L),
// the continuous three-way road (M) and the city bridges (C, E). Start tile base/D at (0,0):
// city N, road W-E.

type Scored = ReturnType<typeof scored>[number];
const byPos = (a: { x: number; y: number }, b: { x: number; y: number }) => a.x - b.x || a.y - b.y;
const brief = (e: Scored) => ({
  kind: e.kind,
  tiles: [...e.tiles].sort(byPos),
  points: e.points,
  returned: e.returned,
});
const AM = ['abbey-mayor'] as const;

t.test('the tunnel road (L) runs unbroken under its city: one road, and a separate city', async (t) => {
  //            x=-1       x=0       x=1                         x=2
  //   y=-1                          E r180 (city S) P1
  //   y=0      A r270     D start   L r90: city N-S, road W-E   A r90
  //   y=1                           E r0 (city N)
  const s = scenario({
    expansions: [...AM],
    tiles: ['abbey-mayor/L', 'base/E', 'base/A', 'base/A', 'base/E', 'base/U'],
  });
  s.play(tile(1, 0, 90), meeple(1, 0, 1));
  s.play(tile(1, -1, 180), meeple(1, -1, 0)); // the city is free: the road is not part of it
  s.play(tile(-1, 0, 270), pass);
  t.same(scored(s.last), [], 'the road is still open on the east');
  s.play(tile(2, 0, 90), pass);
  t.same(
    scored(s.last).map(brief),
    [
      {
        kind: 'road',
        tiles: [
          { x: -1, y: 0 },
          { x: 0, y: 0 },
          { x: 1, y: 0 },
          { x: 2, y: 0 },
        ],
        points: [{ seat: 0, points: 4 }],
        returned: [{ owner: 0, kind: 'meeple', x: 1, y: 0, feature: 1 }],
      },
    ],
    'one road of 4 tiles through the tunnel; the city is not closed by it',
  );
  s.play(tile(1, 1, 0), pass);
  t.same(
    scored(s.last).map(brief),
    [
      {
        kind: 'city',
        tiles: [
          { x: 1, y: -1 },
          { x: 1, y: 0 },
          { x: 1, y: 1 },
        ],
        points: [{ seat: 1, points: 8 }],
        returned: [{ owner: 1, kind: 'meeple', x: 1, y: -1, feature: 0 }],
      },
    ],
    'the city across the tunnel is one city: 3 tiles + 1 pennant',
  );
  t.same(s.view().scores, [4, 8]);
});

t.test('the continuous three-way road (M) is complete only when all three ends are closed', async (t) => {
  //            x=-1       x=0       x=1                       x=2
  //   y=-1                          A&M H r0 (road S)
  //   y=0      A r270     D start   M r90: one road W, N, E   A r90
  const s = scenario({ expansions: [...AM], tiles: ['abbey-mayor/M', 'base/A', 'base/A', 'abbey-mayor/H', 'base/U'] });
  s.play(tile(1, 0, 90), meeple(1, 0, 0));
  s.play(tile(-1, 0, 270), pass);
  s.play(tile(2, 0, 90), pass);
  t.same(scored(s.last), [], 'west and east closed, north still open: not complete');
  t.same(s.view().players[0].supply.meeple, 6);
  s.play(tile(1, -1, 0), pass);
  t.same(
    scored(s.last).map(brief),
    [
      {
        kind: 'road',
        tiles: [
          { x: -1, y: 0 },
          { x: 0, y: 0 },
          { x: 1, y: -1 },
          { x: 1, y: 0 },
          { x: 2, y: 0 },
        ],
        points: [{ seat: 0, points: 5 }],
        returned: [{ owner: 0, kind: 'meeple', x: 1, y: 0, feature: 0 }],
      },
    ],
    'one road with all its arms: 5 tiles',
  );
  t.same(s.view().scores, [5, 0]);
});

t.test('the continuous road is one feature: a second follower cannot claim another arm', async (t) => {
  //   y=0   D start   M r90 (P0 meeple)   A r90 placed by P1 joins M's east arm: no figure on that road
  const s = scenario({ expansions: [...AM], tiles: ['abbey-mayor/M', 'base/A', 'base/U'] });
  s.play(tile(1, 0, 90), meeple(1, 0, 0));
  s.play(tile(2, 0, 90));
  const r = play(s.game, meeple(2, 0, 1));
  t.equal(r.ok ? 'ok' : r.error.code, 'FEATURE_OCCUPIED');
});

t.test('the city bridge (C) keeps two separate cities: each scores on its own', async (t) => {
  //            x=-1             x=0                      x=1
  //   y=-2                      E r180 (city S)
  //   y=-1     E r90 (city E)   C r0: city N-S (pennant)  E r270 (city W)
  //                             over city W-E
  //   y=0                       D start
  // P0 on the N-S city, P1 on the W-E city.
  const s = scenario({ expansions: [...AM], tiles: ['abbey-mayor/C', 'base/E', 'base/E', 'base/E', 'base/U'] });
  s.play(tile(0, -1, 0), meeple(0, -1, 0));
  s.play(tile(-1, -1, 90), meeple(-1, -1, 0)); // free: the W-E city is not the N-S one
  s.play(tile(0, -2, 180), pass);
  t.same(
    scored(s.last).map(brief),
    [
      {
        kind: 'city',
        tiles: [
          { x: 0, y: -2 },
          { x: 0, y: -1 },
          { x: 0, y: 0 },
        ],
        points: [{ seat: 0, points: 8 }],
        returned: [{ owner: 0, kind: 'meeple', x: 0, y: -1, feature: 0 }],
      },
    ],
    'N-S city: 3 tiles + 1 pennant; the W-E city is untouched',
  );
  s.play(tile(1, -1, 270), pass);
  t.same(
    scored(s.last).map(brief),
    [
      {
        kind: 'city',
        tiles: [
          { x: -1, y: -1 },
          { x: 0, y: -1 },
          { x: 1, y: -1 },
        ],
        points: [{ seat: 1, points: 6 }],
        returned: [{ owner: 1, kind: 'meeple', x: -1, y: -1, feature: 0 }],
      },
    ],
    'W-E city: 3 tiles, no pennant',
  );
  t.same(s.view().scores, [8, 6]);
});

t.test('the city bridge (E) keeps its N city apart from its W-E city', async (t) => {
  //            x=-1             x=0                          x=1
  //   y=-1     E r90 (city E)   A&M E r180: city S (pennant)  E r270 (city W)
  //                             bridged over a W-E city
  //   y=0                       D start
  // The S city closes at once with the start city (nobody); P0's meeple on the W-E city.
  const s = scenario({ expansions: [...AM], tiles: ['abbey-mayor/E', 'base/E', 'base/E', 'base/U'] });
  s.play(tile(0, -1, 180), meeple(0, -1, 1));
  t.same(
    scored(s.last).map(brief),
    [
      {
        kind: 'city',
        tiles: [
          { x: 0, y: -1 },
          { x: 0, y: 0 },
        ],
        points: [],
        returned: [],
      },
    ],
    '2 tiles + 1 pennant, unoccupied: the W-E city with the meeple is not part of it',
  );
  t.same(s.view().figures, [{ owner: 0, kind: 'meeple', x: 0, y: -1, feature: 1 }]);
  s.play(tile(-1, -1, 90), pass);
  t.same(scored(s.last), []);
  s.play(tile(1, -1, 270), pass);
  t.same(scored(s.last).map(brief), [
    {
      kind: 'city',
      tiles: [
        { x: -1, y: -1 },
        { x: 0, y: -1 },
        { x: 1, y: -1 },
      ],
      points: [{ seat: 0, points: 6 }],
      returned: [{ owner: 0, kind: 'meeple', x: 0, y: -1, feature: 1 }],
    },
  ]);
  t.same(s.view().scores, [6, 0]);
});
