import t from 'tap';
import { legalMoves, play, tileCatalog, type Move } from '../../../src/engine/index.js';
import { abbey, barn, draw, figure, meeple, pass, scenario, scored, tile } from '../../helpers/scenario.js';
import { bendPatterns, LAKE, RiverWalk, riverOrder, walkCourses } from './helpers.js';

// docs/rules.md §10.7: The River with Abbey & Mayor (the abbey, the barn, the wagon), Traders &
// Builders (the builder's bonus part, the pig, no goods) and Inns & Cathedrals (the large
// meeple). The river runs straight south from the spring for six tiles, then bends away west,
// so the land east of it is free for the tests' tiles.

const straightFirst = (first: string[]) => {
  const straights = ['river/B', 'river/C', 'river/D', 'river/F', 'river/H', 'river/K'];
  return [...first, ...straights.filter((x) => !first.includes(x)), 'river/E', 'river/G', 'river/I', 'river/J', LAKE];
};
const ALL = ['traders-builders', 'abbey-mayor', 'inns-cathedrals'] as const;
const kinds = (moves: readonly Move[]) =>
  moves.flatMap((m) =>
    m.type === 'placeFigure' ? [`${m.figure}:${m.feature}`] : m.type === 'placeBarn' ? [`barn:${m.corner}`] : [],
  );

t.test('§10.7 during the river phase no hole forms and no builder falls due, under both turn rules', async (t) => {
  // Every position of every course of every order of straight and bent tiles, with all three
  // other expansions: the seat to play always draws (it holds an abbey, but there is no hole:
  // the abbey would be offered as soon as one existed), and no river tile extends a road or a
  // city (each meets the one before at the river only), so no builder may be placed and no
  // bonus part starts. The builder's second part would draw the next tile of the pile; with
  // this river it never falls due while river tiles remain.
  for (const riverTurns of ['c2', 'lookahead'] as const) {
    let positions = 0;
    const wrong: string[] = [];
    for (const pattern of bendPatterns()) {
      walkCourses(riverOrder(pattern), { expansions: [...ALL], rules: { riverTurns } }, (node) => {
        positions++;
        const lm = legalMoves(node.game);
        if (node.placed < 11 && lm.phase !== 'placeTile') wrong.push(`${node.course}: ${lm.phase}`);
        if (node.events.some((e) => e.type === 'bonusPartStarted' || e.type === 'abbeyPlaced'))
          wrong.push(`${node.course}: a bonus part or an abbey`);
        if (kinds(node.figureStep).some((k) => k.startsWith('builder'))) wrong.push(`${node.course}: a builder`);
      });
    }
    t.same(wrong, [], `${riverTurns}: ${positions} positions`);
  }
});

t.test('§10.7 the abbey: offered once a hole exists, it closes a city on a river tile (2 points)', async (t) => {
  // C at (0,1) turned 90: its cities face east and west. After the river, monasteries at (1,0),
  // (2,0), (2,1) and (1,2) leave (1,1) a hole beside C's east city.
  const s = scenario({
    expansions: ['abbey-mayor', 'river'],
    rules: { endgameAbbeys: 'none' },
    tiles: [...straightFirst(['river/C', 'river/D']), 'base/B', 'base/B', 'base/B', 'base/B', 'base/E'],
  });
  const w = new RiverWalk(s);
  w.step('S', meeple(0, 1, 0)); // P0: knight in C's east city
  w.walk('SSSSSRLRL').step('lake'); // the lake is P0's: P1 plays next
  for (const [x, y] of [
    [1, 0],
    [2, 0],
    [2, 1],
    [1, 2],
  ]) {
    const lm = legalMoves(s.game);
    t.equal(lm.phase, 'placeTile', `no hole yet before (${x},${y})`);
    s.play(tile(x, y, 0), pass);
  }
  const lm = legalMoves(s.game);
  t.same([lm.phase, lm.actor, lm.moves], ['drawOrAbbey', 1, [draw, abbey(1, 1)]]);
  s.play(abbey(1, 1), pass);
  const [city] = scored(s.last);
  t.same(
    [city.kind, city.tiles, city.points, city.returned.map((f) => [f.owner, f.kind])],
    ['city', [{ x: 0, y: 1 }], [{ seat: 0, points: 2 }], [[0, 'meeple']]],
    'the abbey adds no tile to the city',
  );
});

t.test('§10.7 the barn: a corner of a river tile is a field corner unless a city reaches it', async (t) => {
  // C (0,1) with its cities east and west, D (0,2) and F (0,3) with fields east and west.
  // East of them: base/E at (1,1) closing C's east city, then monasteries at (1,2) and (1,3).
  const s = scenario({
    expansions: ['abbey-mayor', 'river'],
    rules: { endgameAbbeys: 'none' },
    tiles: [...straightFirst(['river/C', 'river/D', 'river/F']), 'base/E', 'base/B', 'base/B', 'base/E'],
  });
  const w = new RiverWalk(s);
  w.step('S');
  w.step('S', meeple(0, 2, 2)); // P1: a farmer on D's east bank
  w.walk('SSSSRLRL').step('lake'); // P0 placed the lake
  s.play(tile(1, 1, 270), pass); // P1: base/E, its city west: C's east city is closed
  s.play(tile(1, 2, 0)); // P0: a monastery at (1,2)
  // (1,2)'s north-west corner: C's south-east corner, where C's east city reaches.
  t.same(
    kinds(legalMoves(s.game).moves).filter((k) => k.startsWith('barn')),
    [],
    'no barn corner on (1,2)',
  );
  const refused = play(s.game, barn(1, 2, 'NW'));
  t.equal(refused.ok ? 'ok' : refused.error.code, 'BARN_CORNER_INVALID');
  s.play(pass);
  s.play(tile(1, 3, 0)); // P1: a monastery at (1,3)
  // (1,3)'s north-west corner: D's south-east and F's north-east, field on both sides of the river's edge.
  t.ok(kinds(legalMoves(s.game).moves).includes('barn:NW'), 'a barn on the corner of D and F');
  s.play(barn(1, 3, 'NW'));
  const [field] = scored(s.last);
  t.same(
    [field.reason, field.points, field.returned.map((f) => [f.owner, f.kind, f.x, f.y])],
    ['field', [{ seat: 1, points: 3 }], [[1, 'meeple', 0, 2]]],
    "P1's farmer is scored at once (C's east city, completed, touches the bank) and returns",
  );
});

t.test('§10.7 the wagon: it moves to features on river tiles, never onto the river', async (t) => {
  // C (0,1) and B (0,2), both turned 90: C's cities east and west, B's city east and its bridge
  // road west.
  const s = scenario({
    expansions: ['abbey-mayor', 'river'],
    rules: { endgameAbbeys: 'none' },
    tiles: [...straightFirst(['river/C', 'river/B']), 'base/A', 'base/E'],
  });
  const w = new RiverWalk(s);
  w.step('S');
  w.step('S', figure('wagon', 0, 2, 1)); // P1: a wagon on B's bridge road
  w.walk('SSSSRLRL').step('lake'); // P0 placed the lake
  s.play(tile(-1, 2, 270), pass); // P1 ends the road at a monastery's road: 2 tiles
  const [road] = scored(s.last);
  t.same([road.kind, road.points], ['road', [{ seat: 1, points: 2 }]]);
  const lm = legalMoves(s.game);
  t.same(
    [lm.phase, lm.actor, lm.moves],
    [
      'moveWagon',
      1,
      [
        { type: 'moveWagon', x: 0, y: 2, feature: 0 },
        { type: 'moveWagon', x: 0, y: 1, feature: 0 },
        { type: 'moveWagon', x: 0, y: 1, feature: 1 },
        { type: 'moveWagon', x: -1, y: 2, feature: 0 },
        { type: 'returnWagon' },
      ],
    ],
    "B's city, C's two cities, the monastery: no river, no field",
  );
  for (const [x, y, feature] of [
    [0, 2, 2],
    [0, 1, 2],
    [0, 3, 0],
  ]) {
    const r = play(s.game, { type: 'moveWagon', x, y, feature });
    t.equal(r.ok ? 'ok' : r.error.code, 'WAGON_TARGET_INVALID', `not onto the river at (${x},${y})`);
  }
  s.play({ type: 'moveWagon', x: 0, y: 1, feature: 1 });
  t.match(s.view().figures, [{ owner: 1, kind: 'wagon', x: 0, y: 1, feature: 1 }]);
});

t.test('§10.7 the large meeple, the mayor and the pig on river tiles, and no goods', async (t) => {
  // C (0,1) and B (0,2) turned 90 (cities east), D (0,3), F (0,4), H (0,5): D's east bank runs
  // on along B's south-east field (which touches B's city) and F's and H's east banks.
  const s = scenario({
    expansions: [...ALL, 'river'],
    rules: { endgameAbbeys: 'none' },
    tiles: [...straightFirst(['river/C', 'river/B', 'river/D', 'river/F', 'river/H']), 'base/E', 'base/E'],
  });
  const w = new RiverWalk(s);
  w.step('S', figure('largeMeeple', 0, 1, 0)); // P0: a large knight in C's east city
  w.step('S', figure('mayor', 0, 2, 0)); // P1: a mayor in B's east city (no pennant: strength 0)
  w.step('S', meeple(0, 3, 2)); // P0: a farmer on D's east bank
  w.step('S');
  w.place('S'); // P0: H turned 90, its east bank is feature 3
  t.equal(s.view().tiles.at(-1)?.rotation, 90);
  t.ok(kinds(legalMoves(s.game).moves).includes('pig:3'), "P0's pig may join the farmer's field on H");
  s.play(figure('pig', 0, 5, 3));
  w.walk('SRLRL').step('lake'); // P0 placed the lake
  s.play(tile(1, 1, 270), pass); // P1 closes C's east city
  t.same(
    scored(s.last).map((e) => [e.kind, e.points, e.returned.map((f) => f.kind)]),
    [['city', [{ seat: 0, points: 4 }], ['largeMeeple']]],
  );
  s.play(tile(1, 2, 270), pass); // P0 closes B's east city: the mayor has no pennant to count
  const end = scored(s.last);
  t.same(
    end.map((e) => [e.kind, e.reason, e.points, e.returned.map((f) => f.kind), e.final]),
    [
      ['city', 'city', [], ['mayor'], false],
      ['field', 'field', [{ seat: 0, points: 4 }], [], true],
    ],
    "the mayor's city scores for nobody; at the end P0's farmer with the pig: 4 for B's city",
  );
  t.same(s.view().scores, [8, 0]);
  t.notOk(
    s.events.some((e) => e.type === 'goodsAwarded'),
    'river tiles carry no goods',
  );
  t.notOk(
    tileCatalog()
      .tiles.filter((x) => x.set === 'river')
      .some((x) => x.features.some((f) => f.kind === 'city' && f.goods !== undefined)),
  );
});
