import t from 'tap';
import { legalMoves } from '../../../src/engine/index.js';
import { figure, meeple, pass, scenario, scored, tile } from '../../helpers/scenario.js';

// docs/rules.md §9.5: Inns & Cathedrals with Traders & Builders. Start tile base/D at (0,0).

const BOTH = ['traders-builders', 'inns-cathedrals'] as const;
const large = (x: number, y: number, f: number) => figure('largeMeeple', x, y, f);

t.test(
  'a builder joins a road holding only its owner’s large meeple; extending that inn road gives the bonus part, and incomplete it scores 0 at the end',
  async (t) => {
    //  x=0      x=1          x=2       x=3
    //  E r180 (0,-1)
    //  D start  I&C/B (inn)  U r90     U r90      road W-E, open at both ends
    //  B (0,1), B (0,2)
    const s = scenario({
      expansions: [...BOTH],
      tiles: ['inns-cathedrals/B', 'base/E', 'base/U', 'base/B', 'base/U', 'base/B'],
    });
    s.play(tile(1, 0, 0), large(1, 0, 0)); // P0: the large meeple on the inn road
    s.play(tile(0, -1, 180), pass); // P1
    s.play(tile(2, 0, 90));
    t.ok(
      legalMoves(s.game).moves.some((m) => m.type === 'placeFigure' && m.figure === 'builder' && m.feature === 0),
      'the builder may join: the large meeple is P0’s follower there',
    );
    s.play(figure('builder', 2, 0, 0)); // P0
    s.play(tile(0, 1, 0), pass); // P1
    s.play(tile(3, 0, 90), pass); // P0 extends the road holding the builder
    t.same(
      s.last.filter((e) => e.type === 'bonusPartStarted'),
      [{ type: 'bonusPartStarted', seat: 0 }],
    );
    s.play(tile(0, 2, 0), pass); // P0's bonus part takes the last tile
    t.equal(s.view().status, 'finished');
    const road = scored(s.last).find((e) => e.kind === 'road')!;
    t.same([road.final, road.tiles.length, road.points], [true, 4, []], 'an incomplete inn road: 0');
    t.same(s.view().scores, [0, 0]);
  },
);

t.test('a pig joins a field where its owner has a large meeple, and the pig’s majority counts it as 2', async (t) => {
  //        x=-2       x=-1       x=0            x=1          x=2
  //  y=-1                        E r180 (closes the start city)
  //  y=0   U r90 pig  U r90 (L)  D start        U r90 (P1)   A r90: the road ends, the fields join
  const s = scenario({ expansions: [...BOTH], tiles: ['base/E', 'base/U', 'base/U', 'base/A', 'base/U'] });
  s.play(tile(0, -1, 180), pass); // P0
  s.play(tile(1, 0, 90), meeple(1, 0, 1)); // P1: north field
  s.play(tile(-1, 0, 90), large(-1, 0, 2)); // P0: south field
  s.play(tile(2, 0, 90), pass); // P1 joins the two fields
  s.play(tile(-2, 0, 90));
  t.ok(legalMoves(s.game).moves.some((m) => m.type === 'placeFigure' && m.figure === 'pig' && m.feature === 2));
  s.play(figure('pig', -2, 0, 2)); // P0; the pile is empty
  const fields = scored(s.last).filter((e) => e.kind === 'field');
  t.same(
    fields.map((e) => e.points),
    [[{ seat: 0, points: 4 }]],
    'strength 2 against 1: 3 + 1 (pig) for the one completed city',
  );
});
