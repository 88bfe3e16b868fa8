import t from 'tap';
import { legalMoves, play, type Game, type Move } from '../../src/engine/index.js';
import { meeple, pass, scenario, tile } from '../helpers/scenario.js';

// Perft-style counts of legal moves on fixed positions, worked out by hand from the tile
// edges (tiles.json, rotation 0, edges N E S W; C = city, R = road, F = field).
//
// Rotating a tile by r quarter turns clockwise makes its original edge i face direction i + r,
// so over the 4 rotations every original edge faces a given direction exactly once. A
// position with a single placed neighbour therefore accepts as many rotations as the tile
// has edges of the kind that neighbour shows. Every rotation is its own move, even when a
// symmetric tile looks the same (base/C, base/X).

const placements = (g: Game) => legalMoves(g).moves.filter((m) => m.type === 'placeTile');
const at = (ms: Move[], x: number, y: number) =>
  ms.filter((m) => m.type === 'placeTile' && m.x === x && m.y === y).length;

// Around the lone start tile D (city N, road E, field S, road W) the open positions are
//   (0,-1) needs a city facing S    -> number of city edges
//   (1,0)  needs a road facing W    -> number of road edges
//   (0,1)  needs a field facing N   -> number of field edges
//   (-1,0) needs a road facing E    -> number of road edges
// total = cities + 2 roads + fields = 4 + roads.
//            edges N E S W   [(0,-1), (1,0), (0,1), (-1,0)]
const AROUND_START: Record<string, [number, number, number, number]> = {
  A: [0, 1, 3, 1], // F F R F  monastery, road S                   5
  B: [0, 0, 4, 0], // F F F F  monastery                            4
  C: [4, 0, 0, 0], // C C C C                                       4
  D: [1, 2, 1, 2], // C R F R                                       6
  E: [1, 0, 3, 0], // C F F F                                       4
  F: [2, 0, 2, 0], // F C F C  city W-E                             4
  G: [2, 0, 2, 0], // F C F C                                       4
  H: [2, 0, 2, 0], // F C F C  two caps W and E                     4
  I: [2, 0, 2, 0], // C C F F  two caps N and E                     4
  J: [1, 2, 1, 2], // C R R F                                       6
  K: [1, 2, 1, 2], // C F R R                                       6
  L: [1, 3, 0, 3], // C R R R                                       7
  M: [2, 0, 2, 0], // C C F F                                       4
  N: [2, 0, 2, 0], // C C F F                                       4
  O: [2, 2, 0, 2], // C R R C                                       6
  P: [2, 2, 0, 2], // C R R C                                       6
  Q: [3, 0, 1, 0], // C C F C                                       4
  R: [3, 0, 1, 0], // C C F C                                       4
  S: [3, 1, 0, 1], // C C R C                                       5
  T: [3, 1, 0, 1], // C C R C                                       5
  U: [0, 2, 2, 2], // R F R F                                       6
  V: [0, 2, 2, 2], // F F R R                                       6
  W: [0, 3, 1, 3], // F R R R                                       7
  X: [0, 4, 0, 4], // R R R R                                       8
};

t.test('placements of each base tile around the lone start tile', async (t) => {
  t.equal(Object.keys(AROUND_START).length, 24);
  for (const [letter, want] of Object.entries(AROUND_START)) {
    const s = scenario({ tiles: [`base/${letter}`] });
    const ms = placements(s.game);
    t.same([at(ms, 0, -1), at(ms, 1, 0), at(ms, 0, 1), at(ms, -1, 0)], want, `base/${letter} per position`);
    t.equal(
      ms.length,
      want.reduce((a, b) => a + b, 0),
      `base/${letter}: ${ms.length} placements`,
    );
    t.equal(legalMoves(s.game).moves.length, ms.length, 'nothing but placements is offered');
    for (const m of ms) t.ok(play(s.game, m).ok, `base/${letter} ${JSON.stringify(m)} accepted`);
  }
});

// A four-tile board:
//            (0,-2)
//   (-1,-1)  (0,-1) E r180  (1,-1)
//   (-1,0)   (0,0)  D       (1,0) U r90   (2,0)
//            (0,1)          (1,1)
// E r180: city S (closing D's city), fields N, E, W. U r90: road W-E, fields N and S.
// Open positions and what they need:
//   (0,-2) S=F, (-1,-1) E=F, (0,1) N=F, (1,1) N=F    four positions needing one field
//   (2,0) W=R, (-1,0) E=R                            two positions needing one road
//   (1,-1) W=F and S=F                               needs two clockwise-adjacent field edges
// So count = 4 f + 2 r + p, where f = field edges, r = road edges and p = number of
// clockwise-consecutive edge pairs (N-E, E-S, S-W, W-N) that are both field.
// (No tile fits where it would need a city: the only city edge on the board is closed.)
const FOUR_TILE: Record<string, { f: number; r: number; p: number; total: number }> = {
  A: { f: 3, r: 1, p: 2, total: 16 }, // F F R F: pairs N-E, W-N
  B: { f: 4, r: 0, p: 4, total: 20 }, // F F F F
  E: { f: 3, r: 0, p: 2, total: 14 }, // C F F F: pairs E-S, S-W
  K: { f: 1, r: 2, p: 0, total: 8 }, //  C F R R
  U: { f: 2, r: 2, p: 0, total: 12 }, // R F R F
  V: { f: 2, r: 2, p: 1, total: 13 }, // F F R R: pair N-E
  W: { f: 1, r: 3, p: 0, total: 10 }, // F R R R
  X: { f: 0, r: 4, p: 0, total: 8 }, //  R R R R
};

t.test('placements of some tiles on a four-tile board', async (t) => {
  for (const [letter, { f, r, p, total }] of Object.entries(FOUR_TILE)) {
    t.equal(4 * f + 2 * r + p, total, `${letter}: the hand count adds up`);
    const s = scenario({ tiles: ['base/E', 'base/U', `base/${letter}`] });
    s.play(tile(0, -1, 180), pass, tile(1, 0, 90), pass);
    const ms = placements(s.game);
    t.equal(ms.length, total, `base/${letter}: ${total} placements`);
    t.equal(at(ms, 1, -1), p, `base/${letter} at (1,-1)`);
    t.equal(at(ms, 0, -2) + at(ms, -1, -1) + at(ms, 0, 1) + at(ms, 1, 1), 4 * f);
    t.equal(at(ms, 2, 0) + at(ms, -1, 0), 2 * r);
    for (const m of ms) t.ok(play(s.game, m).ok);
  }
});

t.test('base/C fits nowhere on the four-tile board and is discarded', async (t) => {
  const s = scenario({ tiles: ['base/E', 'base/U', 'base/C', 'base/B'] });
  s.play(tile(0, -1, 180), pass, tile(1, 0, 90), pass);
  t.same(
    s.last.filter((e) => e.type === 'tileDiscarded').map((e) => e.type === 'tileDiscarded' && e.tile),
    ['base/C'],
  );
  t.equal(placements(s.game).length, FOUR_TILE.B.total, 'the next tile, base/B, is the one to place');
});

const figureFeatures = (g: Game) => legalMoves(g).moves.flatMap((m) => (m.type === 'placeFigure' ? [m.feature] : []));

t.test('figure moves on a new tile: every free feature, plus pass and undo', async (t) => {
  // base/L at (1,0) r0 beside the start tile: city 0, roads 1 (W, joins D's road), 2 (E),
  // 3 (S), fields 4 (N strip, joins D's), 5 (SW), 6 (SE). All 7 are free: 7 + undo + pass
  // (the figure step lists the undo of the tile before the pass; it was 8 before undo).
  const a = scenario({ tiles: ['base/L'] });
  a.play(tile(1, 0, 0));
  t.same(figureFeatures(a.game), [0, 1, 2, 3, 4, 5, 6]);
  t.equal(legalMoves(a.game).moves.length, 9);
  t.same(legalMoves(a.game).moves.slice(-2), [{ type: 'undo' }, pass]);

  // P0 holds the road through U(1,0) r90. base/L at (2,0) r0 joins that road with its road 1,
  // and its fields 4 and 5 join U's free north and south fields: 6 features + undo + pass.
  const b = scenario({ tiles: ['base/U', 'base/L'] });
  b.play(tile(1, 0, 90), meeple(1, 0, 0), tile(2, 0, 0));
  t.same(figureFeatures(b.game), [0, 2, 3, 4, 5, 6]);
  t.equal(legalMoves(b.game).moves.length, 8);

  // If P0 farms U's north field instead (road free), L's field 4 is the one taken: 6 + undo + pass.
  const c = scenario({ tiles: ['base/U', 'base/B', 'base/L'] });
  c.play(tile(1, 0, 90), meeple(1, 0, 1), tile(0, 1, 0), pass);
  c.play(tile(2, 0, 0));
  t.same(figureFeatures(c.game), [0, 1, 2, 3, 5, 6]);
  t.equal(legalMoves(c.game).moves.length, 8);
});
