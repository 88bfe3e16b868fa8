/**
 * Traders & Builders and Abbey & Mayor in one game: the rules where the two meet.
 */
import t from 'tap';
import { legalMoves } from '../../src/engine/index.js';
import { abbey, barn, draw, figure, pass, scenario, scored, tile } from '../helpers/scenario.js';

t.test('completing a goods city with an abbey gives the goods to the abbey placer', async (t) => {
  //        x=0      x=1        x=2       x=3
  //  y=-2  B        B
  //  y=-1  E(r180)  [hole]     TB/Q      E(r270)      Q's wine city runs W-E: the cap at (3,-1)
  //  y=0   D start  U(r90)     U(r90)                 closes it in the east, the hole in the west
  const s = scenario({
    expansions: ['traders-builders', 'abbey-mayor'],
    rules: { endgameAbbeys: 'none' },
    tiles: ['base/E', 'base/U', 'base/U', 'traders-builders/Q', 'base/E', 'base/B', 'base/B', 'base/V', 'base/U'],
  });
  s.play(tile(0, -1, 180), pass); // P0 closes the start city (nobody on it)
  s.play(tile(1, 0, 90), pass); // P1
  s.play(tile(2, 0, 90), pass); // P0
  s.play(tile(2, -1, 0), figure('meeple', 2, -1, 0)); // P1 owns the wine city
  s.play(tile(3, -1, 270), pass); // P0 caps it in the east
  s.play(tile(0, -2, 0), pass); // P1
  s.play(tile(1, -2, 0), pass); // P0: (1,-1) is now a hole
  t.same(
    legalMoves(s.game).moves.slice(0, 2),
    [{ type: 'draw' }, { type: 'placeAbbey', x: 1, y: -1 }],
    'P1 may choose the abbey',
  );
  s.play(draw);
  const far = legalMoves(s.game).moves.find((m) => m.type === 'placeTile' && m.x < 0)!;
  s.play(far, pass); // P1 draws and places far away
  s.play(abbey(1, -1), pass); // P0's abbey closes the wine city from the west
  const city = scored(s.last).find((e) => e.kind === 'city')!;
  t.same(city.points, [{ seat: 1, points: 4 }], 'the owner scores the 2-tile city');
  t.same(city.tiles.length, 2, 'the abbey adds no tile to the city');
  t.same(
    s.last.filter((e) => e.type === 'goodsAwarded'),
    [{ type: 'goodsAwarded', seat: 0, goods: { wine: 1, wheat: 0, cloth: 0 } }],
  );
  t.same(s.view().goods, [
    { wine: 1, wheat: 0, cloth: 0 },
    { wine: 0, wheat: 0, cloth: 0 },
  ]);
  t.same(s.view().scores, [0, 4]);
});

t.test('two barns of different players in one field: each owner scores 4 per completed city once', async (t) => {
  //        x=0      x=1       x=2       x=3
  //  y=-1  E(r180)  B         B*                 * P1's barn at the SW corner of (2,-1)
  //  y=0   D start  U(r90)    U(r90)    A(r90)   A ends the road: north and south fields join
  //  y=1   B        B*                           * P0's barn at the NW corner of (1,1)
  const s = scenario({
    expansions: ['abbey-mayor'],
    rules: { endgameAbbeys: 'none' },
    tiles: ['base/U', 'base/B', 'base/B', 'base/U', 'base/B', 'base/B', 'base/E', 'base/A'],
  });
  s.play(tile(1, 0, 90), pass); // P0
  s.play(tile(0, 1, 0), pass); // P1
  s.play(tile(1, 1, 0), barn(1, 1, 'NW')); // P0: barn south of the road
  s.play(tile(2, 0, 90), pass); // P1
  s.play(tile(1, -1, 0), pass); // P0
  s.play(tile(2, -1, 0), barn(2, -1, 'SW')); // P1: barn north of the road
  s.play(tile(0, -1, 180), pass); // P0 closes the start city
  t.same(s.view().scores, [0, 0], 'barns score nothing during the game without farmers');
  s.play(tile(3, 0, 90), pass); // P1 joins the two barn fields; the pile is empty
  const barns = scored(s.last).filter((e) => e.reason === 'barn');
  t.equal(barns.length, 1, 'the joined field is scored once');
  t.same(
    barns[0].points,
    [
      { seat: 0, points: 4 },
      { seat: 1, points: 4 },
    ],
    'one completed city: 4 each',
  );
  t.same(s.view().scores, [4, 4]);
  t.equal(s.view().status, 'finished');
  t.same(
    s
      .view()
      .figures.filter((f) => f.kind === 'barn')
      .map((f) => [f.owner, f.corner]),
    [
      [0, 'NW'],
      [1, 'SW'],
    ],
  );
});
