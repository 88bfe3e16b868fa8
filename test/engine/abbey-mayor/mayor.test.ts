import t from 'tap';
import { legalMoves, play } from '../../../src/engine/index.js';
import { figure, meeple, pass, scored, scenario, tile } from '../../helpers/scenario.js';

// docs/rules.md §2.3 and §3: the mayor (Abbey & Mayor) goes on city segments only; its strength is
// the number of pennants in the whole city, 0 possible (occupies, never scores).
// Start tile base/D at (0,0): city N, road W-E.

type Scored = ReturnType<typeof scored>[number];
const byPos = (a: { x: number; y: number }, b: { x: number; y: number }) => a.x - b.x || a.y - b.y;
const norm = (e: Scored) => ({ ...e, tiles: [...e.tiles].sort(byPos) });
const AM = ['abbey-mayor'] as const;

/**
 * Two cities joined by a bridge tile at (1,-1):
 *
 *            x=0                  x=1              x=2
 *   y=-1   N r90 (city E,S)     [join: city W-E]  east city: city W
 *   y= 0   D start (city N)      U r90             U r90
 *
 * West city = start + (0,-1) with P0's mayor on (0,-1) (no pennant on that tile);
 * east city = (2,-1) with P1's meeple. The join closes one 4-tile city.
 */
function joinBoard(opts: { east: string; join: string; eastRot: 0 | 270 }) {
  const s = scenario({ expansions: [...AM], tiles: ['base/N', 'base/U', 'base/U', opts.east, opts.join, 'base/U'] });
  s.play(tile(0, -1, 90), figure('mayor', 0, -1, 0));
  s.play(tile(1, 0, 90), pass);
  s.play(tile(2, 0, 90), pass);
  s.play(tile(2, -1, opts.eastRot), meeple(2, -1, 0));
  return s;
}
const CITY4 = [
  { x: 0, y: -1 },
  { x: 0, y: 0 },
  { x: 1, y: -1 },
  { x: 2, y: -1 },
];

t.test("a mayor with 0 pennants loses to a meeple: the meeple's owner scores, both figures return", async (t) => {
  // base/E r270 (city W, no pennant) east, base/G (city W-E, no pennant) joins: 0 pennants.
  const s = joinBoard({ east: 'base/E', join: 'base/G', eastRot: 270 });
  t.same(
    s.view().players.map((p) => [p.supply.mayor, p.supply.meeple]),
    [
      [0, 7],
      [1, 6],
    ],
  );
  s.play(tile(1, -1, 0), pass);
  const ev = scored(s.last).map(norm);
  t.same(
    ev.map(({ returned: _r, ...e }) => e),
    [
      {
        type: 'featureScored',
        kind: 'city',
        reason: 'city',
        final: false,
        tiles: CITY4,
        points: [{ seat: 1, points: 8 }],
      },
    ],
  );
  t.same(
    scored(s.last)[0]
      .returned.map((f) => `${f.owner}:${f.kind}`)
      .sort(),
    ['0:mayor', '1:meeple'],
  );
  t.same(s.view().scores, [0, 8]);
  t.same(
    s.view().players.map((p) => [p.supply.mayor, p.supply.meeple]),
    [
      [1, 7],
      [1, 7],
    ],
  );
  t.same(s.view().figures, []);
});

t.test('the mayor counts every pennant of the whole city: 2 pennants beat one meeple', async (t) => {
  // East city abbey-mayor/I (city W, 1 pennant), join base/F (city W-E, 1 pennant): the mayor
  // stands on a tile without a pennant but the city holds 2 -> strength 2 against 1.
  const s = joinBoard({ east: 'abbey-mayor/I', join: 'base/F', eastRot: 0 });
  s.play(tile(1, -1, 0), pass);
  const ev = scored(s.last).map(norm);
  t.equal(ev.length, 1);
  t.same(ev[0].tiles, CITY4);
  t.same(ev[0].points, [{ seat: 0, points: 12 }], '4 tiles + 2 pennants = 12, to the mayor only');
  t.same(ev[0].returned.map((f) => `${f.owner}:${f.kind}`).sort(), ['0:mayor', '1:meeple']);
  t.same(s.view().scores, [12, 0]);
  t.same(
    s.view().players.map((p) => [p.supply.mayor, p.supply.meeple]),
    [
      [1, 7],
      [1, 7],
    ],
  );
});

t.test('a mayor with 1 pennant ties with one meeple: both score', async (t) => {
  // East city base/E r270 (no pennant), join base/F (1 pennant): mayor strength 1 = meeple 1.
  const s = joinBoard({ east: 'base/E', join: 'base/F', eastRot: 270 });
  s.play(tile(1, -1, 0), pass);
  t.same(scored(s.last)[0].points, [
    { seat: 0, points: 10 },
    { seat: 1, points: 10 },
  ]);
  t.same(s.view().scores, [10, 10]);
});

t.test('a city holding only a 0-strength mayor is scored for nobody; the mayor returns', async (t) => {
  //   (0,-1) N r90 + P0 mayor   (1,-1) E r270 closes it
  //   (0,0)  D                  (1,0)  U r90
  const s = scenario({ expansions: [...AM], tiles: ['base/N', 'base/U', 'base/E', 'base/U'] });
  s.play(tile(0, -1, 90), figure('mayor', 0, -1, 0));
  s.play(tile(1, 0, 90), pass);
  s.play(tile(1, -1, 270), pass);
  t.same(scored(s.last).map(norm), [
    {
      type: 'featureScored',
      kind: 'city',
      reason: 'city',
      final: false,
      tiles: [
        { x: 0, y: -1 },
        { x: 0, y: 0 },
        { x: 1, y: -1 },
      ],
      points: [],
      returned: [{ owner: 0, kind: 'mayor', x: 0, y: -1, feature: 0 }],
    },
  ]);
  t.same(s.view().scores, [0, 0]);
  t.equal(s.view().players[0].supply.mayor, 1);
  t.same(s.view().figures, []);
});

t.test('a 0-strength mayor still occupies its city: nobody else may enter it', async (t) => {
  //   (0,-1) N r90 + P0 mayor   (1,-1) G (city W-E) extends it, placed by P1
  const s = scenario({ expansions: [...AM], tiles: ['base/N', 'base/G', 'base/U'] });
  s.play(tile(0, -1, 90), figure('mayor', 0, -1, 0));
  s.play(tile(1, -1, 0));
  const moves = legalMoves(s.game).moves;
  t.notOk(
    moves.some((m) => m.type === 'placeFigure' && m.feature === 0),
    'no figure offered on the occupied city',
  );
  for (const f of ['meeple', 'mayor', 'wagon'] as const) {
    const r = play(s.game, figure(f, 1, -1, 0));
    t.equal(r.ok ? 'ok' : r.error.code, 'FEATURE_OCCUPIED', `${f} refused`);
  }
});

t.test('a mayor cannot enter a city that holds a meeple', async (t) => {
  const s = scenario({ expansions: [...AM], tiles: ['base/N', 'base/G', 'base/U'] });
  s.play(tile(0, -1, 90), meeple(0, -1, 0));
  s.play(tile(1, -1, 0));
  const r = play(s.game, figure('mayor', 1, -1, 0));
  t.equal(r.ok ? 'ok' : r.error.code, 'FEATURE_OCCUPIED');
  t.notOk(legalMoves(s.game).moves.some((m) => m.type === 'placeFigure' && m.figure === 'mayor'));
});

t.test('the mayor goes on city segments only', async (t) => {
  // base/D at (1,0) r0: city N (0), road W-E (1), fields (2, 3).
  const s = scenario({ expansions: [...AM], tiles: ['base/D', 'base/U'] });
  s.play(tile(1, 0, 0));
  const mayors = legalMoves(s.game).moves.filter((m) => m.type === 'placeFigure' && m.figure === 'mayor');
  t.same(mayors, [{ type: 'placeFigure', figure: 'mayor', x: 1, y: 0, feature: 0 }]);
  for (const f of [1, 2, 3]) {
    const r = play(s.game, figure('mayor', 1, 0, f));
    t.equal(r.ok ? 'ok' : r.error.code, 'WRONG_FEATURE_KIND', `feature ${f}`);
  }
});

t.test('at the end a mayor scores an incomplete city by its pennants (0 pennants: nothing)', async (t) => {
  //   (0,-1) M r90 (city E,S, 1 pennant) + P0 mayor: start city + M, open to the east
  //   (0,1)  E r180 (city S, no pennant) + P1 mayor: a 1-tile city, open to the south
  const s = scenario({ expansions: [...AM], tiles: ['base/M', 'base/E'] });
  s.play(tile(0, -1, 90), figure('mayor', 0, -1, 0));
  s.play(tile(0, 1, 180), figure('mayor', 0, 1, 0));
  t.equal(s.view().status, 'finished');
  const fin = scored(s.events)
    .filter((e) => e.final)
    .map(norm)
    .sort((a, b) => a.tiles.length - b.tiles.length);
  t.same(
    fin.map((e) => [e.kind, e.tiles, e.points]),
    [
      ['city', [{ x: 0, y: 1 }], []],
      [
        'city',
        [
          { x: 0, y: -1 },
          { x: 0, y: 0 },
        ],
        [{ seat: 0, points: 3 }],
      ],
    ],
  );
  t.same(s.view().scores, [3, 0]);
});
