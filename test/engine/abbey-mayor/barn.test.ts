import t from 'tap';
import { legalMoves, play, type ExpansionId } from '../../../src/engine/index.js';
import { barn, figure, meeple, pass, scored, scenario, tile, type Scenario } from '../../helpers/scenario.js';

// docs/rules.md §2.3, §4 and §5: the barn (Abbey & Mayor). Start tile base/D at (0,0): city N,
// road W-E, field 2 (north strip, touches the start city), field 3 (south).

const placeBarns = (s: Scenario) => legalMoves(s.game).moves.filter((m) => m.type === 'placeBarn');
const code = (r: ReturnType<typeof play>) => (r.ok ? 'ok' : r.error.code);
/** The scorings of the last move during the game (the last tile's move also runs final scoring). */
const inGame = (s: Scenario) => scored(s.last).filter((e) => !e.final);
const points = (s: Scenario) => inGame(s).map((e) => [e.kind, e.reason, e.points]);

/**
 * A 2x2 block of fields at the south-east corner of the start tile, touching two closed cities:
 *
 *            x=-1           x=0                  x=1
 *   y=0                     D start              U r90 (P1 farmer, south field)
 *   y=1    E r90 (city E)   I r180 (city S,W)    B  <- barn on its NW corner
 *   y=2                     E r0 (city N)
 *
 * With a pig (Traders & Builders) P1 also puts a pig on (2,0) U r90's south field first.
 */
function barnBoard(expansions: ExpansionId[] = ['abbey-mayor'], pig = false) {
  const tiles = [
    'base/I',
    'base/U',
    'base/E',
    'base/E',
    ...(pig ? ['base/U', 'base/U'] : []),
    'base/B',
    'base/E',
    'base/U',
    'base/B',
  ];
  const s = scenario({ expansions, tiles });
  s.play(tile(0, 1, 180), pass);
  s.play(tile(1, 0, 90), meeple(1, 0, 2));
  s.play(tile(0, 2, 0), pass); // closes I's south city (nobody)
  s.play(tile(-1, 1, 90), pass); // closes I's west city (nobody)
  if (pig) s.play(tile(-1, 0, 90), pass, tile(2, 0, 90), figure('pig', 2, 0, 2));
  s.play(tile(1, 1, 0));
  return s;
}

t.test('a barn goes only on a corner where 4 tiles meet with field only: listed as placeBarn', async (t) => {
  const s = barnBoard();
  t.same(placeBarns(s), [barn(1, 1, 'NW')], 'the NE, SE and SW corners of (1,1) touch empty positions');
  t.equal(code(play(s.game, barn(1, 1, 'NE'))), 'BARN_CORNER_INVALID');
  t.equal(code(play(s.game, barn(1, 1, 'SW'))), 'BARN_CORNER_INVALID');
  t.equal(code(play(s.game, barn(0, 1, 'NE'))), 'NOT_ON_NEW_TILE');
});

t.test('a barn placed into a field with farmers scores them 3 per completed city and sends them home', async (t) => {
  const s = barnBoard();
  t.same(
    s.view().players.map((p) => [p.supply.barn, p.supply.meeple]),
    [
      [1, 7],
      [1, 6],
    ],
  );
  s.play(barn(1, 1, 'NW'));
  t.same(
    s.last.find((e) => e.type === 'figurePlaced'),
    {
      type: 'figurePlaced',
      seat: 0,
      figure: { owner: 0, kind: 'barn', x: 1, y: 1, corner: 'NW' },
    },
  );
  const ev = scored(s.last);
  t.equal(ev.length, 1);
  t.same([ev[0].kind, ev[0].reason, ev[0].points, ev[0].final], ['field', 'field', [{ seat: 1, points: 6 }], false]);
  t.same(ev[0].returned, [{ owner: 1, kind: 'meeple', x: 1, y: 0, feature: 2 }]);
  t.same(s.view().scores, [0, 6], 'two closed cities touch the field: 2 x 3');
  t.same(
    s.view().players.map((p) => [p.supply.barn, p.supply.meeple]),
    [
      [0, 7],
      [1, 7],
    ],
  );
  t.same(s.view().figures, [{ owner: 0, kind: 'barn', x: 1, y: 1, corner: 'NW' }], 'the barn stays');
});

t.test('a barn corner touching a city is refused; a second barn in a barn field is refused', async (t) => {
  const s = barnBoard();
  s.play(barn(1, 1, 'NW'));
  // Seat 1: E r180 at (1,2); its NW corner touches I's south city at (0,1).
  s.play(tile(1, 2, 180));
  t.same(placeBarns(s), []);
  t.equal(code(play(s.game, barn(1, 2, 'NW'))), 'BARN_CORNER_INVALID');
  s.play(pass);
  // Seat 0: U r90 at (2,0): its south field is the barn field, so no farmer there.
  s.play(tile(2, 0, 90));
  const meeples = legalMoves(s.game).moves.filter((m) => m.type === 'placeFigure' && m.figure === 'meeple');
  t.same(meeples, [figure('meeple', 2, 0, 0), figure('meeple', 2, 0, 1)], 'road and north field only');
  t.equal(code(play(s.game, meeple(2, 0, 2))), 'FIELD_HAS_BARN');
  s.play(pass);
  // Seat 1: B at (2,1) closes another all-field corner of the same field.
  s.play(tile(2, 1, 0));
  t.same(placeBarns(s), []);
  t.equal(code(play(s.game, barn(2, 1, 'NW'))), 'FIELD_HAS_BARN');
  t.equal(code(play(s.game, meeple(2, 1, 1))), 'FIELD_HAS_BARN');
  s.play(pass);
  // Last tile: final scoring. P0's barn: 4 per closed city of its field (I's two cities).
  t.equal(s.view().status, 'finished');
  const fin = scored(s.last).filter((e) => e.reason === 'barn');
  t.same(
    fin.map((e) => [e.kind, e.points, e.final]),
    [['field', [{ seat: 0, points: 8 }], true]],
  );
  t.same(s.view().scores, [8, 6]);
});

t.test('with the pig (Traders & Builders) a barn scores the farmer 4 per city; pig and farmer return', async (t) => {
  const s = barnBoard(['traders-builders', 'abbey-mayor'], true);
  t.same(s.view().players[1].supply.pig, 0);
  s.play(barn(1, 1, 'NW'));
  const ev = scored(s.last);
  t.same(
    ev.map((e) => [e.reason, e.points]),
    [['field', [{ seat: 1, points: 8 }]]],
  );
  t.same(ev[0].returned.map((f) => `${f.kind}@${f.x},${f.y}`).sort(), ['meeple@1,0', 'pig@2,0']);
  t.same(
    s.view().players.map((p) => [p.supply.meeple, p.supply.pig]),
    [
      [7, 1],
      [7, 1],
    ],
  );
});

/**
 * One tile T = U r90 at (1,0) joins a farmer field to a barn field (north) and receives a
 * new barn into a farmer field (south):
 *
 *            x=-1           x=0          x=1          x=2          x=3
 *   y=-2                    B
 *   y=-1                    E r180                    B            B  (P1 barn, SW corner)
 *   y= 0    U r90 (P0       D start      [T]          U r90        U r90
 *            farmer N)
 *   y= 1                    B            E r90 (P1    E r270
 *                                         farmer)
 * North: start field 2 + (-1,0) (P0 farmer; touches the closed start city) | barn field
 * (2,0)N-(3,0)N-(2,-1)-(3,-1). South: one field with P1's farmer, touching the closed city
 * (1,1)-(2,1).
 */
function joinBoard(expansions: ExpansionId[] = ['abbey-mayor']) {
  const s = scenario({
    expansions,
    tiles: [
      'base/B',
      'base/E',
      'base/E',
      'base/U',
      'base/U',
      'base/B',
      'base/E',
      'base/B',
      'base/U',
      'base/B',
      'base/U',
    ],
  });
  s.play(tile(0, 1, 0), pass);
  s.play(tile(1, 1, 90), meeple(1, 1, 1));
  s.play(tile(2, 1, 270), pass, tile(2, 0, 90), pass, tile(3, 0, 90), pass, tile(2, -1, 0), pass);
  s.play(tile(0, -1, 180), pass);
  s.play(tile(3, -1, 0), barn(3, -1, 'SW'));
  t.same(scored(s.last), [], 'a barn in a field without farmers scores nothing');
  s.play(tile(-1, 0, 90), meeple(-1, 0, 1));
  s.play(tile(0, -2, 0), pass);
  s.play(tile(1, 0, 90));
  return s;
}

t.test('barn placement and a barn-field join on the same tile: 3 per city and 1 per city', async (t) => {
  const s = joinBoard();
  t.same(placeBarns(s), [barn(1, 0, 'SW')]);
  t.notOk(
    legalMoves(s.game).moves.some((m) => m.type === 'placeFigure' && m.feature === 1),
    "T's north field: farmer and barn",
  );
  t.ok(['FEATURE_OCCUPIED', 'FIELD_HAS_BARN'].includes(code(play(s.game, meeple(1, 0, 1)))));
  s.play(barn(1, 0, 'SW'));
  const ev = inGame(s).sort((a, b) => a.reason.localeCompare(b.reason));
  t.same(
    ev.map((e) => [e.kind, e.reason, e.points, e.returned]),
    [
      ['field', 'barn-join', [{ seat: 0, points: 1 }], [{ owner: 0, kind: 'meeple', x: -1, y: 0, feature: 1 }]],
      ['field', 'field', [{ seat: 1, points: 3 }], [{ owner: 1, kind: 'meeple', x: 1, y: 1, feature: 1 }]],
    ],
  );
  // The game ends: each barn owner scores 4 per closed city of its field.
  t.equal(s.view().status, 'finished');
  const fin = scored(s.last)
    .filter((e) => e.reason === 'barn')
    .map((e) => e.points)
    .sort((a, b) => a[0].seat - b[0].seat);
  t.same(fin, [[{ seat: 0, points: 4 }], [{ seat: 1, points: 4 }]]);
  t.same(s.view().scores, [1 + 4, 3 + 4]);
  t.same(
    s.view().players.map((p) => p.supply.meeple),
    [7, 7],
  );
  t.same(
    s
      .view()
      .figures.map((f) => `${f.owner}:${f.kind}`)
      .sort(),
    ['0:barn', '1:barn'],
  );
});

t.test('a pig placed on the joining tile scores 2 per city with its farmer, then both return', async (t) => {
  const s = joinBoard(['traders-builders', 'abbey-mayor']);
  s.play(figure('pig', 1, 0, 1));
  t.same(points(s), [['field', 'barn-join', [{ seat: 0, points: 2 }]]]);
  t.same(
    inGame(s)[0]
      .returned.map((f) => `${f.owner}:${f.kind}`)
      .sort(),
    ['0:meeple', '0:pig'],
  );
  t.equal(s.view().players[0].supply.pig, 1);
  // End: P1's barn 4 (start city); P1's farmer in the south field 3 (city (1,1)-(2,1)).
  t.same(s.view().scores, [2, 7]);
});

t.test('a join without a new barn: the farmers of the joined field score 1 per city', async (t) => {
  const s = joinBoard();
  s.play(pass);
  t.same(points(s), [['field', 'barn-join', [{ seat: 0, points: 1 }]]]);
  // End: P1's barn 4 (start city); P1's farmer in the south field 3.
  t.same(s.view().scores, [1, 7]);
});

t.test("a city closed by the barn's own tile counts as completed for the barn scoring", async (t) => {
  //            x=0                 x=1                   x=2
  //   y=0      D start             U r90 (P1 farmer S)   U r90
  //   y=1      I r180 (city S,W)   E r90 (city E) +barn  E r270 (city W)
  //   y=2      E r0 (city N)
  // (1,1) closes the city (1,1)-(2,1) and gets P1's barn: I's south city + that city = 2;
  // I's west city stays open.
  const s = scenario({
    expansions: ['abbey-mayor'],
    tiles: ['base/I', 'base/U', 'base/E', 'base/U', 'base/E', 'base/E', 'base/U'],
  });
  s.play(tile(0, 1, 180), pass);
  s.play(tile(1, 0, 90), meeple(1, 0, 2));
  s.play(tile(0, 2, 0), pass, tile(2, 0, 90), pass, tile(2, 1, 270), pass);
  s.play(tile(1, 1, 90), barn(1, 1, 'NW'));
  t.same(
    points(s),
    [
      ['city', 'city', []],
      ['field', 'field', [{ seat: 1, points: 6 }]],
    ],
    'city first, then the barn field',
  );
  t.same(s.view().scores, [0, 6]);
});
