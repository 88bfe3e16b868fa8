import t from 'tap';
import { legalMoves, play, type Move } from '../../../src/engine/index.js';
import { meeple, pass, scenario, scored, tile } from '../../helpers/scenario.js';
import { LAKE, RiverWalk } from './helpers.js';

// docs/rules.md §10.6: the river is no feature (no figure, no scoring, it joins nothing); every
// other feature of a river tile works as usual; the river parts the fields of its two banks,
// which meet again round the spring and the lake; no field passes under a bridge.

/** A river that runs straight south from the spring for six tiles, then bends away west. */
const STRAIGHT_FIRST = (first: string[]) => {
  const straights = ['river/B', 'river/C', 'river/D', 'river/F', 'river/H', 'river/K'];
  return [...first, ...straights.filter((x) => !first.includes(x)), 'river/E', 'river/G', 'river/I', 'river/J', LAKE];
};
const figures = (s: { game: Parameters<typeof legalMoves>[0] }) =>
  legalMoves(s.game).moves.flatMap((m) => (m.type === 'placeFigure' ? [`${m.figure}:${m.feature}`] : []));

t.test('§10.6 the river is no feature: no figure may stand on it', async (t) => {
  const w = new RiverWalk(scenario({ expansions: ['river'], tiles: STRAIGHT_FIRST(['river/D']) }));
  w.s.play(tile(0, 1, 0));
  // river/D: 0 the river, 1 the west field, 2 the east field.
  t.same(figures(w.s), ['meeple:1', 'meeple:2']);
  const r = play(w.s.game, meeple(0, 1, 0));
  t.same(r.ok ? null : r.error, { code: 'WRONG_FEATURE_KIND', reason: 'a meeple may not stand on a river' });
});

t.test('§10.6 the banks: parted by the river, joined round the spring; no field passes under a bridge', async (t) => {
  // river/D at (0,1): its west and east fields both reach the spring's one field, so they are
  // one field round the spring: a farmer on the west bank holds the east bank too.
  const wrap = new RiverWalk(scenario({ expansions: ['river'], tiles: STRAIGHT_FIRST(['river/D', 'river/F']) }));
  wrap.step('S', meeple(0, 1, 1)); // P0 farms the west bank
  wrap.s.play(tile(0, 2, 0));
  t.same(figures(wrap.s), [], "P1 may farm neither bank of river/F: both are P0's field");
  // river/K at (0,1) first: its road crosses the river on a bridge and parts the south banks from
  // the north ones (which meet round the spring). Below it, river/D's banks stay apart.
  const bridge = new RiverWalk(
    scenario({ expansions: ['river'], tiles: STRAIGHT_FIRST(['river/K', 'river/D', 'river/F']) }),
  );
  bridge.step('S'); // K in rotation 0: road W-E; fields 2 NW, 3 NE, 4 SE, 5 SW
  bridge.step('S', meeple(0, 2, 1)); // P1 farms river/D's west bank
  bridge.s.play(tile(0, 3, 0));
  t.same(figures(bridge.s), ['meeple:2'], "P0 may farm river/F's east bank, not its west bank (P1's)");
});

t.test('§10.6 a city, a bridge road, a monastery and a through road on river tiles score as usual', async (t) => {
  // The river runs straight south from the spring: C (0,1), B (0,2), D, F, H (0,5), K (0,6),
  // then bends away west. Each straight tile lies in its first listed rotation: C with its north
  // city facing east, B with its city east and its road (from the city gate, over a bridge) west,
  // H with its road west, K with its road west-east.
  const s = scenario({
    expansions: ['river'],
    tiles: [...STRAIGHT_FIRST(['river/C', 'river/B', 'river/D', 'river/F', 'river/H', 'river/K']), 'base/E', 'base/A'],
  });
  const w = new RiverWalk(s);
  w.step('S', meeple(0, 1, 0)); // P0: knight in C's city, facing east
  w.step('S', meeple(0, 2, 1)); // P1: thief on B's bridge road, leaving west
  w.walk('SS'); // D, F
  w.step('S', meeple(0, 5, 0)); // P0: monk in H's monastery
  w.step('S', meeple(0, 6, 0)); // P1: thief on K's road
  w.walk('RLRL').step('lake');
  t.same(
    s
      .view()
      .tiles.slice(1, 7)
      .map((x) => `${x.tile}@${x.x},${x.y}r${x.rotation}`),
    ['river/C@0,1r90', 'river/B@0,2r90', 'river/D@0,3r0', 'river/F@0,4r0', 'river/H@0,5r90', 'river/K@0,6r0'],
  );
  // P1 caps C's city from the east with base/E and farms base/E's field.
  s.play(tile(1, 1, 270), meeple(1, 1, 1));
  const [city] = scored(s.last);
  t.same(
    [city.kind, city.tiles, city.points, city.returned],
    [
      'city',
      [
        { x: 1, y: 1 },
        { x: 0, y: 1 },
      ],
      [{ seat: 0, points: 4 }],
      [{ owner: 0, kind: 'meeple', x: 0, y: 1, feature: 0 }],
    ],
  );
  // P0 ends B's road at a monastery's road (base/A): 2 tiles.
  s.play(tile(-1, 2, 270), pass);
  const end = scored(s.last);
  t.same(
    end.map((e) => [e.kind, e.points, e.final]),
    [
      ['road', [{ seat: 1, points: 2 }], false],
      ['road', [{ seat: 1, points: 1 }], true],
      ['monastery', [{ seat: 0, points: 3 }], true],
      ['field', [{ seat: 1, points: 3 }], true],
    ],
    "the bridge road scores 2; at the end K's road 1, H's monastery 1 + 2 tiles around it, the farmer 3 for the city",
  );
  t.same(s.view().scores, [7, 6]);
  t.notOk(
    s.events.some((e) => e.type === 'featureScored' && e.tiles.some((p) => p.x === 0 && p.y === 3)),
    'the river on river/D was never scored',
  );
});

t.test('§10.6 the river joins nothing: a placement next to river tiles joins only land features', async (t) => {
  // A land tile beside river/D's west field joins that field and nothing across the river.
  const s = scenario({ expansions: ['river'], tiles: [...STRAIGHT_FIRST(['river/D']), 'base/B', 'base/B'] });
  const w = new RiverWalk(s);
  w.step('S', meeple(0, 1, 2)); // P0 farms river/D's east bank, which wraps round the spring to its west bank
  w.walk('SSSSSRLRL').step('lake');
  const moves: Move[] = legalMoves(s.game).moves.filter((m) => m.type === 'placeTile' && m.x === -1 && m.y === 1);
  t.ok(moves.length > 0, 'a monastery tile fits west of river/D');
  s.play(moves[0]);
  t.same(figures(s), ['meeple:0'], 'its field is the farmed bank: only the monastery is free');
});
