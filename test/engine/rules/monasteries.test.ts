import t from 'tap';
import { legalMoves, publicView } from '../../../src/engine/index.js';
import { meeple, pass, scored, scenario, tile } from '../../helpers/scenario.js';

// docs/rules.md §3: a monastery is complete when all 8 surrounding positions hold tiles: 9 points,
// and its monk returns. docs/rules.md §4: incomplete at the end: 1 + 1 per surrounding tile.
// base/B: feature 0 monastery, 1 field (all around). base/E (city N) rotated so that its city
// faces away from the monastery, base/U r90 (road W-E) beside the start tile.
//
//  (-1,0) U r90    (0,0) D      (1,0) U r90
//  (-1,1) E r270   (0,1) B      (1,1) E r90
//  (-1,2) E r270   (0,2) E r180 (1,2) E r90

const supply = (s: { view(): ReturnType<typeof publicView> }) => s.view().players.map((p) => p.supply.meeple);
const SURROUND = [
  tile(-1, 0, 90),
  tile(1, 0, 90),
  tile(-1, 1, 270),
  tile(1, 1, 90),
  tile(-1, 2, 270),
  tile(1, 2, 90),
] as const;

t.test('a completed monastery scores 9 and its monk returns', async (t) => {
  const s = scenario({
    tiles: ['base/B', 'base/U', 'base/U', 'base/E', 'base/E', 'base/E', 'base/E', 'base/E', 'base/U'],
  });
  s.play(tile(0, 1, 0), meeple(0, 1, 0));
  for (const m of SURROUND) {
    s.play(m, pass);
    t.same(scored(s.last), [], 'not complete before the 8th neighbour');
  }
  t.same(supply(s), [6, 7]);
  s.play(tile(0, 2, 180), pass); // P1 places the 8th neighbour
  const ev = scored(s.last);
  t.equal(ev.length, 1);
  t.match(ev[0], { kind: 'monastery', reason: 'monastery', final: false });
  t.same(ev[0].points, [{ seat: 0, points: 9 }]);
  t.same(ev[0].returned, [{ owner: 0, kind: 'meeple', x: 0, y: 1, feature: 0 }]);
  t.same(s.view().scores, [9, 0]);
  t.same(supply(s), [7, 7]);
  t.same(s.view().figures, []);
});

t.test('a monk placed on a monastery its own tile completes scores 9 in the same turn', async (t) => {
  // The same 3x3 block, with (0,1) left as a hole and the monastery placed last.
  const s = scenario({
    tiles: ['base/U', 'base/U', 'base/E', 'base/E', 'base/E', 'base/E', 'base/E', 'base/B', 'base/U'],
  });
  for (const m of SURROUND) s.play(m, pass);
  s.play(tile(0, 2, 180), pass);
  t.equal(s.view().activeSeat, 1);
  s.play(tile(0, 1, 0));
  t.ok(legalMoves(s.game).moves.some((m) => m.type === 'placeFigure' && m.feature === 0));
  s.play(meeple(0, 1, 0));
  const ev = scored(s.last);
  t.equal(ev.length, 1);
  t.same(ev[0].points, [{ seat: 1, points: 9 }]);
  t.same(ev[0].returned, [{ owner: 1, kind: 'meeple', x: 0, y: 1, feature: 0 }]);
  t.same(s.view().scores, [0, 9]);
  t.same(supply(s), [7, 7]);
});

t.test('an incomplete monastery scores 1 plus 1 per surrounding tile at the end', async (t) => {
  //  (-1,0) U r90  (0,0) D  (1,0) U r90
  //                (0,1) B [P0]             3 neighbours: 1 + 3 = 4
  const s = scenario({ tiles: ['base/B', 'base/U', 'base/U'] });
  s.play(tile(0, 1, 0), meeple(0, 1, 0));
  s.play(tile(-1, 0, 90), pass);
  s.play(tile(1, 0, 90), pass);
  const ev = scored(s.last);
  t.equal(ev.length, 1, 'only the monastery holds a follower');
  t.match(ev[0], { kind: 'monastery', final: true, returned: [] });
  t.same(ev[0].points, [{ seat: 0, points: 4 }]);
  t.same(s.last.at(-1), { type: 'gameEnded', scores: [4, 0] });
});

t.test('one tile completing two monasteries scores both', async (t) => {
  //  (-1,0) U r90   (0,0) D        (1,0) U r90       (2,0) U r90
  //  (-1,1) E r270  (0,1) B [P0]   (1,1) B [P1]      (2,1) E r90
  //  (-1,2) B       (0,2) E r180   (1,2) E r180 (last) (2,2) E r90
  const s = scenario({
    tiles: [
      'base/B',
      'base/B',
      'base/U',
      'base/U',
      'base/U',
      'base/E',
      'base/E',
      'base/B',
      'base/E',
      'base/E',
      'base/E',
      'base/U',
    ],
  });
  s.play(tile(0, 1, 0), meeple(0, 1, 0));
  s.play(tile(1, 1, 0), meeple(1, 1, 0));
  for (const m of [
    tile(-1, 0, 90),
    tile(1, 0, 90),
    tile(2, 0, 90),
    tile(-1, 1, 270),
    tile(2, 1, 90),
    tile(-1, 2, 0),
    tile(2, 2, 90),
    tile(0, 2, 180),
  ]) {
    s.play(m, pass);
    t.same(scored(s.last), []);
  }
  t.same(supply(s), [6, 6]);
  s.play(tile(1, 2, 180), pass);
  const ev = scored(s.last).sort((a, b) => a.points[0].seat - b.points[0].seat);
  t.equal(ev.length, 2);
  t.same(
    ev.map((e) => [e.kind, e.points, e.returned]),
    [
      ['monastery', [{ seat: 0, points: 9 }], [{ owner: 0, kind: 'meeple', x: 0, y: 1, feature: 0 }]],
      ['monastery', [{ seat: 1, points: 9 }], [{ owner: 1, kind: 'meeple', x: 1, y: 1, feature: 0 }]],
    ],
  );
  t.same(s.view().scores, [9, 9]);
  t.same(supply(s), [7, 7]);
  t.same(s.view().figures, []);
});
