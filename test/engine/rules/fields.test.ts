import t from 'tap';
import { legalMoves, publicView } from '../../../src/engine/index.js';
import { meeple, pass, scored, scenario, tile } from '../../helpers/scenario.js';

// docs/rules.md §4 (fields, final scoring only): for each field with farmers, the players with the
// most farmers score 3 per *completed* city touching the field; a city may be counted by
// several fields. Farmers stay on the board all game (nothing completes a field).
// Start tile base/D: field 2 is the strip between its city (N) and road, field 3 the south.
// base/U r90 (road W-E): field 1 north of the road, 2 south. base/E: city 0, field 1.
// base/G r90: city N-S (0), field 1 on the E edge, field 2 on the W edge.

const supply = (s: { view(): ReturnType<typeof publicView> }) => s.view().players.map((p) => p.supply.meeple);
const sortTiles = (ts: { x: number; y: number }[]) => [...ts].sort((a, b) => a.x - b.x || a.y - b.y);
const fieldEvents = (s: { last: Parameters<typeof scored>[0] }) => scored(s.last).filter((e) => e.kind === 'field');

t.test('a field scores 3 per completed city it touches; an incomplete city is not counted', async (t) => {
  //  (0,-1) E r180 ─ (1,-1) E r90 (city E, left open)
  //  (0,0)  D      ─ (1,0)  U r90 [P0 farmer, north field]
  // One field: D's strip, U's north side and both E's fields. It touches the closed city
  // D+E(0,-1) and the open city of E(1,-1).
  const s = scenario({ tiles: ['base/U', 'base/E', 'base/E'] });
  s.play(tile(1, 0, 90), meeple(1, 0, 1));
  s.play(tile(0, -1, 180), pass);
  const city = scored(s.last);
  t.same(
    city.map((e) => [e.kind, e.points, e.returned]),
    [['city', [], []]],
    'the empty closed city scores nobody',
  );
  t.same(s.view().figures, [{ owner: 0, kind: 'meeple', x: 1, y: 0, feature: 1 }], 'the farmer stays');
  t.same(supply(s), [6, 7]);
  s.play(tile(1, -1, 90), pass);
  const ev = fieldEvents(s);
  t.equal(ev.length, 1);
  t.same(sortTiles(ev[0].tiles), [
    { x: 0, y: -1 },
    { x: 0, y: 0 },
    { x: 1, y: -1 },
    { x: 1, y: 0 },
  ]);
  t.match(ev[0], { reason: 'field', final: true, returned: [] });
  t.same(ev[0].points, [{ seat: 0, points: 3 }], '1 completed city x 3');
  t.same(s.last.at(-1), { type: 'gameEnded', scores: [3, 0] });
});

t.test('a field touching two completed cities scores 6', async (t) => {
  //  (0,-1) I r90 [P0 farmer on field 2: W and N edges] ─ (1,-1) E r270
  //  (0,0)  D                                             (1,0)  U r90
  // I closes both D's city (with its city 1) and E's (with its city 0); I's field touches both.
  const s = scenario({ tiles: ['base/U', 'base/E', 'base/I'] });
  s.play(tile(1, 0, 90), pass);
  s.play(tile(1, -1, 270), pass);
  s.play(tile(0, -1, 90), meeple(0, -1, 2));
  t.same(scored(s.last).filter((e) => e.kind === 'city' && !e.final).length, 2, 'both cities closed');
  const ev = fieldEvents(s);
  t.equal(ev.length, 1);
  t.same(ev[0].tiles, [{ x: 0, y: -1 }]);
  t.same(ev[0].points, [{ seat: 0, points: 6 }], '2 completed cities x 3');
  t.same(s.view().scores, [6, 0]);
});

t.test('a city touching two separate fields is counted by each of them', async (t) => {
  //  (0,-2) E r180 [P1 farmer]          field all around E's city
  //  (0,-1) G r90  [P0 farmer on W]     the city runs N-S through G: fields W and E apart
  //  (0,0)  D                           the city D+G+E (3 tiles) closes when E is placed
  const s = scenario({ tiles: ['base/G', 'base/E'] });
  s.play(tile(0, -1, 90), meeple(0, -1, 2));
  s.play(tile(0, -2, 180), meeple(0, -2, 1));
  const ev = fieldEvents(s).sort((a, b) => a.points[0].seat - b.points[0].seat);
  t.equal(ev.length, 2);
  t.same(
    ev.map((e) => [sortTiles(e.tiles), e.points]),
    [
      [[{ x: 0, y: -1 }], [{ seat: 0, points: 3 }]],
      [[{ x: 0, y: -2 }], [{ seat: 1, points: 3 }]],
    ],
  );
  t.same(s.view().scores, [3, 3]);
});

// The next two share a board:
//  (0,-1) E r180 [P0 farmer]   (1,-1) B (majority test only: joins E's field to the rest)
//  (-1,0) U r90 [P0 farmer N]  (0,0) D   (1,0) A r90 (its field joins D's N and S fields)
//                              (0,1) B [P1 farmer]
const FIELD_TILES = ['base/U', 'base/B', 'base/E', 'base/A'];
function buildFields(tiles: string[]) {
  const s = scenario({ tiles });
  s.play(tile(-1, 0, 90), meeple(-1, 0, 1));
  s.play(tile(0, 1, 0), meeple(0, 1, 1));
  s.play(tile(0, -1, 180), meeple(0, -1, 1));
  return s;
}

t.test('farmers are never returned during the game, even when a city they touch closes', async (t) => {
  const s = buildFields([...FIELD_TILES, 'base/B']);
  t.same(
    scored(s.last).map((e) => [e.kind, e.points, e.returned]),
    [['city', [], []]],
  );
  t.same(supply(s), [5, 6]);
  t.same(s.view().figures.length, 3);
  s.play(tile(1, 0, 90));
  t.notOk(
    legalMoves(s.game).moves.some((m) => m.type === 'placeFigure' && m.feature === 2),
    "A's field now joins farmed fields: no farmer there",
  );
  s.play(pass);
  t.same(scored(s.last), []);
  t.same(supply(s), [5, 6]);
  t.same(s.view().scores, [0, 0]);
});

t.test('farmers tied in a field both score it', async (t) => {
  const s = buildFields(FIELD_TILES);
  s.play(tile(1, 0, 90), pass); // last tile: A joins P0's north field and P1's south field
  const ev = fieldEvents(s);
  t.equal(ev.length, 2);
  const joined = ev.find((e) => e.tiles.length > 1)!;
  const alone = ev.find((e) => e.tiles.length === 1)!;
  t.same(sortTiles(joined.tiles), [
    { x: -1, y: 0 },
    { x: 0, y: 0 },
    { x: 0, y: 1 },
    { x: 1, y: 0 },
  ]);
  t.same(
    joined.points,
    [
      { seat: 0, points: 3 },
      { seat: 1, points: 3 },
    ],
    '1 farmer each',
  );
  t.same(alone.tiles, [{ x: 0, y: -1 }]);
  t.same(alone.points, [{ seat: 0, points: 3 }]);
  t.same(s.view().scores, [6, 3]);
});

t.test('in a field with 2 farmers against 1 only the majority scores', async (t) => {
  const s = buildFields([...FIELD_TILES, 'base/B']);
  s.play(tile(1, 0, 90), pass);
  s.play(tile(1, -1, 0), pass); // B joins E's field (P0) to the big field
  const ev = fieldEvents(s);
  t.equal(ev.length, 1);
  t.equal(ev[0].tiles.length, 6);
  t.same(ev[0].points, [{ seat: 0, points: 3 }], 'P0 2 farmers, P1 1; the city D+E counts once');
  t.same(s.view().scores, [3, 0]);
});
