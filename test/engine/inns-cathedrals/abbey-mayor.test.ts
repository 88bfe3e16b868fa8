import t from 'tap';
import { legalMoves, play, type Move } from '../../../src/engine/index.js';
import { abbey, barn, draw, figure, meeple, pass, scenario, scored, tile } from '../../helpers/scenario.js';

// docs/rules.md §9.6: Inns & Cathedrals with Abbey & Mayor. Start tile base/D at (0,0): city N,
// road W-E. End-game abbeys are off unless a test needs them.

const AM_IC = ['abbey-mayor', 'inns-cathedrals'] as const;
const NO_END_ABBEYS = { endgameAbbeys: 'none' } as const;
const large = (x: number, y: number, f: number) => figure('largeMeeple', x, y, f);
const at = (m: Move) => (m.type === 'moveWagon' ? `${m.x},${m.y},${m.feature}` : m.type);

t.test('a mayor’s strength (the pennants) adds to a large meeple of the same player', async (t) => {
  //            x=-1            x=0             x=1
  //   y=-2                   E r180 (P1 L)    B
  //   y=-1   E r90 (P0 mayor) [C, 1 pennant]  E r270 (P0 L)
  //   y= 0   U r90           D start          U r90
  const run = (mayor: boolean) => {
    const s = scenario({
      expansions: [...AM_IC],
      rules: NO_END_ABBEYS,
      tiles: ['base/U', 'base/U', 'base/E', 'base/B', 'base/E', 'base/E', 'base/C'],
    });
    s.play(tile(1, 0, 90), pass, tile(-1, 0, 90), pass);
    s.play(tile(1, -1, 270), large(1, -1, 0)); // P0
    s.play(tile(1, -2, 0), pass); // P1
    s.play(tile(-1, -1, 90), mayor ? figure('mayor', -1, -1, 0) : pass); // P0
    s.play(tile(0, -2, 180), large(0, -2, 0)); // P1
    s.play(draw, tile(0, -1, 0)); // P0 fills the hole: 5 tiles, 1 pennant
    return scored(s.last)[0];
  };
  const withMayor = run(true);
  t.same(withMayor.points, [{ seat: 0, points: 12 }], '2 + 1 against 2');
  t.same(
    withMayor.returned.map((f) => [f.owner, f.kind]),
    [
      [0, 'largeMeeple'],
      [0, 'mayor'],
      [1, 'largeMeeple'],
    ],
  );
  t.same(
    run(false).points,
    [
      { seat: 0, points: 12 },
      { seat: 1, points: 12 },
    ],
    'without the mayor: 2 against 2, a tie',
  );
});

t.test('a wagon on a completed inn road scores 2 per tile and may then move', async (t) => {
  const s = scenario({
    expansions: [...AM_IC],
    rules: NO_END_ABBEYS,
    tiles: ['inns-cathedrals/B', 'base/W', 'base/W'],
  });
  s.play(tile(1, 0, 0), figure('wagon', 1, 0, 0)); // P0
  s.play(tile(2, 0, 0), pass); // P1
  s.play(tile(-1, 0, 0), pass); // P0 closes the 4-tile road
  const [road] = scored(s.last);
  t.same(road.points, [{ seat: 0, points: 8 }]);
  const lm = legalMoves(s.game);
  t.same([lm.phase, lm.actor], ['moveWagon', 0]);
  t.ok(
    lm.moves.some((m) => at(m) === '0,0,0'),
    'the start city is a target (c2: on a tile around it)',
  );
  s.play({ type: 'moveWagon', x: 2, y: 0, feature: 1 });
  t.same(
    s.last.filter((e) => e.type === 'wagonMoved'),
    [
      {
        type: 'wagonMoved',
        seat: 0,
        from: { x: 1, y: 0 },
        to: { owner: 0, kind: 'wagon', x: 2, y: 0, feature: 1 },
      },
    ],
  );
});

t.test('at the end a wagon on an incomplete inn road scores 0', async (t) => {
  const s = scenario({ expansions: [...AM_IC], rules: NO_END_ABBEYS, tiles: ['inns-cathedrals/B'] });
  s.play(tile(1, 0, 0), figure('wagon', 1, 0, 0));
  t.same(
    scored(s.last).map((e) => [e.kind, e.final, e.points]),
    [['road', true, []]],
  );
});

t.test(
  'wagonMove c1: the wagon leaving the inn arm of inns-cathedrals/C may go on along the junction’s other arms only',
  async (t) => {
    //  x=0      x=1                  x=2
    //  D start  I&C/C r0 (W, E*, S)  W r0     the wagon on C's east arm (the inn), closed by W
    const run = (wagonMove: 'c1' | 'c2') => {
      const s = scenario({
        expansions: [...AM_IC],
        rules: { ...NO_END_ABBEYS, wagonMove },
        tiles: ['inns-cathedrals/C', 'base/W', 'base/U'],
      });
      s.play(tile(1, 0, 0), figure('wagon', 1, 0, 1)); // P0
      s.play(tile(2, 0, 0), pass); // P1 closes the east arm: 2 tiles with an inn
      t.same(scored(s.last)[0].points, [{ seat: 0, points: 4 }]);
      return legalMoves(s.game).moves.map(at).sort();
    };
    t.same(
      run('c1'),
      ['0,0,1', '1,0,0', '1,0,2', '2,0,1', '2,0,2', 'returnWagon'],
      'the west arm (on C and the start tile), the south arm, and W’s other arms',
    );
    t.ok(run('c2').includes('0,0,0'), 'c2 also offers the start city, which is not connected');
  },
);

t.test('no large meeple on a field holding a barn; a barn-triggered scoring pays a large meeple farmer', async (t) => {
  //          x=-1     x=0           x=1
  //  y=-2             B             B (barn SW)
  //  y=-1    B        E r180 (P0 L in its field; closes the start city)   B
  //  y=0              D start
  const s = scenario({
    expansions: [...AM_IC],
    rules: NO_END_ABBEYS,
    tiles: ['base/E', 'base/B', 'base/B', 'base/B', 'base/B'],
  });
  s.play(tile(0, -1, 180), large(0, -1, 1)); // P0: farmer in the field round the start city
  s.play(tile(1, -1, 0), pass); // P1
  s.play(tile(0, -2, 0), pass); // P0
  s.play(tile(1, -2, 0), barn(1, -2, 'SW')); // P1: the barn scores the field at once
  const [field] = scored(s.last);
  t.same(
    [field.kind, field.reason, field.points, field.returned],
    ['field', 'field', [{ seat: 0, points: 3 }], [{ owner: 0, kind: 'largeMeeple', x: 0, y: -1, feature: 1 }]],
  );
  s.play(tile(-1, -1, 0));
  const r = play(s.game, large(-1, -1, 1));
  t.equal(r.ok ? 'ok' : r.error.code, 'FIELD_HAS_BARN');
  t.notOk(legalMoves(s.game).moves.some((m) => m.type === 'placeFigure' && m.feature === 1));
});

t.test('a barn scores 4 per completed city at the end, a cathedral city included', async (t) => {
  //            x=-1      x=0      x=1       x=2
  //   y=-3               E r180
  //   y=-2     E r90     K        E r270    B
  //   y=-1               F r90    B         B (barn NW)
  //   y= 0               D start
  const s = scenario({
    expansions: [...AM_IC],
    rules: NO_END_ABBEYS,
    tiles: ['base/F', 'inns-cathedrals/K', 'base/E', 'base/E', 'base/E', 'base/B', 'base/B', 'base/B'],
  });
  s.play(tile(0, -1, 90), meeple(0, -1, 0), tile(0, -2, 0), tile(0, -3, 180), pass);
  s.play(tile(1, -2, 270), pass, tile(-1, -2, 90), pass); // P0 closes the cathedral city
  t.same(s.view().scores, [21, 0]);
  s.play(tile(2, -2, 0), pass, tile(1, -1, 0), pass, tile(2, -1, 0), barn(2, -1, 'NW'));
  const barns = scored(s.last).filter((e) => e.reason === 'barn');
  t.same(
    barns.map((e) => e.points),
    [[{ seat: 1, points: 4 }]],
  );
});

t.test('an abbey closes a cathedral city (3 per tile) and takes a large meeple as its monk', async (t) => {
  //          x=-1    x=0      x=1      x=2
  //  y=-2            E r180   B
  //  y=-1    E r90   K (P0)   [hole]   B
  //  y=0             D start  U r90    U r90
  const s = scenario({
    expansions: [...AM_IC],
    rules: NO_END_ABBEYS,
    tiles: ['inns-cathedrals/K', 'base/E', 'base/E', 'base/U', 'base/U', 'base/B', 'base/B', 'base/B'],
  });
  s.play(tile(0, -1, 0), meeple(0, -1, 0)); // P0
  s.play(tile(0, -2, 180), pass, tile(-1, -1, 90), pass, tile(1, 0, 90), pass);
  s.play(tile(2, 0, 90), pass, tile(1, -2, 0), pass, tile(2, -1, 0), pass); // (1,-1) is a hole
  s.play(abbey(1, -1)); // P1
  const monks = legalMoves(s.game).moves.filter((m) => m.type === 'placeFigure');
  t.same(monks.map((m) => m.type === 'placeFigure' && m.figure).sort(), ['largeMeeple', 'meeple', 'wagon']);
  s.play(large(1, -1, 0)); // the scoring step follows the figure step
  const [city] = scored(s.last);
  t.same([city.kind, city.tiles.length, city.points], ['city', 4, [{ seat: 0, points: 12 }]], 'the abbey adds no tile');
  t.ok(s.view().figures.some((f) => f.kind === 'largeMeeple' && f.owner === 1 && f.x === 1 && f.y === -1));
});

t.test('an abbey closes an inn road: 2 per tile, no tile added', async (t) => {
  //            x=-1               x=0              x=1
  //   y=-2                      N r90            M r180
  //   y=-1   V r270 (road S,E)  [HOLE]           N r270
  //   y= 0   I&C/A r180 (inn)   D start          W r0
  const s = scenario({
    expansions: [...AM_IC],
    rules: NO_END_ABBEYS,
    tiles: ['inns-cathedrals/A', 'base/W', 'base/V', 'base/N', 'base/M', 'base/N', 'base/U'],
  });
  s.play(tile(-1, 0, 180), meeple(-1, 0, 0)); // P0 on the inn road
  s.play(tile(1, 0, 0), pass, tile(-1, -1, 270), pass, tile(1, -1, 270), pass);
  s.play(tile(1, -2, 180), pass, tile(0, -2, 90), pass);
  s.play(abbey(0, -1), pass); // P0
  const road = scored(s.last).find((e) => e.kind === 'road')!;
  t.same([road.tiles.length, road.points], [4, [{ seat: 0, points: 8 }]]);
});
