import t from 'tap';
import { legalMoves, play, type GameEvent } from '../../../src/engine/index.js';
import { abbey, draw, figure, meeple, pass, scored, scenario, tile } from '../../helpers/scenario.js';

// docs/rules.md §2.1–§2.5 and §3: the abbey tile (Abbey & Mayor). Start tile base/D at (0,0): city N,
// road W-E. A hole is an empty position with tiles on its four orthogonal sides.

type Scored = ReturnType<typeof scored>[number];
const byPos = (a: { x: number; y: number }, b: { x: number; y: number }) => a.x - b.x || a.y - b.y;
const norm = (e: Scored) => ({ ...e, tiles: [...e.tiles].sort(byPos) });
const types = (events: GameEvent[]) => events.map((e) => e.type);
const AM = ['abbey-mayor'] as const;

/**
 * A hole at (0,-1) whose four sides show a city, a city, a road and the start city:
 *
 *            x=-1          x=0             x=1
 *   y=-2                 N r90 (city E,S)  M r180 (city S,W, pennant)
 *   y=-1   V r270 (road S,E)  [HOLE]      N r270 (city W,N)
 *   y= 0   V r180 (road E,N)  D start     W r0 (crossroads W,E,S)
 *
 * The city (0,-2)-(1,-2)-(1,-1) touches the hole on its N and E sides; the road
 * (1,0)-(0,0)-(-1,0)-(-1,-1) ends at the hole's W side; the start city ends at its S side.
 * P0: meeple on the road (placed on (-1,0)); P1: meeple on the city (placed on (1,-1)).
 */
function ringBoard(expansions: ('abbey-mayor' | 'traders-builders')[] = [...AM], builder = false) {
  const s = scenario({
    expansions,
    tiles: ['base/V', 'base/W', 'base/V', 'base/N', 'base/M', 'base/N', 'base/U'],
  });
  s.play(tile(-1, 0, 180), meeple(-1, 0, 0));
  s.play(tile(1, 0, 0), pass);
  s.play(tile(-1, -1, 270), builder ? figure('builder', -1, -1, 0) : pass);
  s.play(tile(1, -1, 270), meeple(1, -1, 0));
  s.play(tile(1, -2, 180), pass);
  s.play(tile(0, -2, 90), pass);
  return s;
}

t.test('the draw-or-abbey choice appears only with an abbey in hand and a hole on the board', async (t) => {
  const s = ringBoard();
  // Before the last ring tile there was no hole: every turn drew at once.
  const beforeHole = s.events.filter((e) => e.type === 'tileDrawn').length;
  t.equal(beforeHole, 6);
  const lm = legalMoves(s.game);
  t.equal(lm.phase, 'drawOrAbbey');
  t.equal(lm.actor, 0);
  t.same(lm.moves, [{ type: 'draw' }, { type: 'placeAbbey', x: 0, y: -1 }]);
  t.same(types(s.last).slice(-1), ['turnStarted'], 'no tile is revealed before the choice');
  t.equal(s.view().drawnTile, null);
  s.play(draw);
  t.same(types(s.last), ['tileDrawn']);
  t.equal(s.view().drawnTile, 'base/U');
});

t.test('without the expansion there is no choice; a hole alone does not offer an abbey', async (t) => {
  const s = scenario({ tiles: ['base/V', 'base/W', 'base/V', 'base/N', 'base/M', 'base/N', 'base/U'] });
  s.play(tile(-1, 0, 180), pass, tile(1, 0, 0), pass, tile(-1, -1, 270), pass);
  s.play(tile(1, -1, 270), pass, tile(1, -2, 180), pass, tile(0, -2, 90), pass);
  t.equal(legalMoves(s.game).phase, 'placeTile');
  t.equal(s.view().drawnTile, 'base/U');
  t.equal(s.view().players[0].abbey, undefined);
});

t.test('an abbey goes only into a hole: NOT_A_HOLE elsewhere, POSITION_OCCUPIED on a tile', async (t) => {
  const s = ringBoard();
  const notHole = play(s.game, abbey(2, 0));
  t.equal(notHole.ok ? 'ok' : notHole.error.code, 'NOT_A_HOLE', '(2,0) touches one tile only');
  const far = play(s.game, abbey(5, 5));
  t.equal(far.ok ? 'ok' : far.error.code, 'NOT_A_HOLE');
  const occupied = play(s.game, abbey(1, 0));
  t.equal(occupied.ok ? 'ok' : occupied.error.code, 'POSITION_OCCUPIED');
});

t.test('an abbey closes two cities and a road at once, adding no tile to them', async (t) => {
  const s = ringBoard();
  t.same(s.view().scores, [0, 0]);
  t.same(
    s.view().players.map((p) => p.supply.meeple),
    [6, 6],
  );
  s.play(abbey(0, -1));
  t.same(types(s.last), ['abbeyPlaced'], 'the abbey is placed without drawing; the figure step follows');
  t.equal(s.view().players[0].abbey, false);
  t.equal(s.view().players[1].abbey, true);
  s.play(pass);
  const ev = scored(s.last)
    .map(norm)
    .sort((a, b) => a.tiles.length - b.tiles.length);
  t.same(ev, [
    {
      type: 'featureScored',
      kind: 'city',
      reason: 'city',
      final: false,
      tiles: [{ x: 0, y: 0 }],
      points: [],
      returned: [],
    },
    {
      type: 'featureScored',
      kind: 'city',
      reason: 'city',
      final: false,
      tiles: [
        { x: 0, y: -2 },
        { x: 1, y: -2 },
        { x: 1, y: -1 },
      ],
      points: [{ seat: 1, points: 8 }], // 3 tiles + 1 pennant, touching the abbey on two sides
      returned: [{ owner: 1, kind: 'meeple', x: 1, y: -1, feature: 0 }],
    },
    {
      type: 'featureScored',
      kind: 'road',
      reason: 'road',
      final: false,
      tiles: [
        { x: -1, y: -1 },
        { x: -1, y: 0 },
        { x: 0, y: 0 },
        { x: 1, y: 0 },
      ],
      points: [{ seat: 0, points: 4 }],
      returned: [{ owner: 0, kind: 'meeple', x: -1, y: 0, feature: 0 }],
    },
  ]);
  t.same(s.view().scores, [4, 8]);
  t.same(
    s.view().players.map((p) => p.supply.meeple),
    [7, 7],
  );
  t.same(s.view().figures, []);
  t.equal(s.view().actor, 1, 'the next seat plays; the filler tile is still in the pile');
  t.equal(s.view().drawnTile, 'base/U');
});

t.test('only a meeple or a wagon may go on the abbey (as a monk), with both expansions', async (t) => {
  const s = ringBoard(['traders-builders', 'abbey-mayor']);
  s.play(abbey(0, -1));
  const lm = legalMoves(s.game);
  t.equal(lm.phase, 'placeFigure');
  t.same(lm.moves, [
    { type: 'placeFigure', figure: 'meeple', x: 0, y: -1, feature: 0 },
    { type: 'placeFigure', figure: 'wagon', x: 0, y: -1, feature: 0 },
    { type: 'undo' },
    { type: 'pass' },
  ]);
  for (const f of ['mayor', 'builder', 'pig'] as const) {
    const r = play(s.game, figure(f, 0, -1, 0));
    t.equal(r.ok ? 'ok' : r.error.code, 'WRONG_FEATURE_KIND', `no ${f} on the abbey`);
  }
  const barnR = play(s.game, { type: 'placeBarn', x: 0, y: -1, corner: 'NW' });
  t.equal(barnR.ok ? 'ok' : barnR.error.code, 'BARN_CORNER_INVALID', 'no barn on an abbey corner');
  s.play(meeple(0, -1, 0));
  t.same(
    s.view().figures.filter((f) => f.x === 0 && f.y === -1),
    [{ owner: 0, kind: 'meeple', x: 0, y: -1, feature: 0 }],
  );
  t.equal(s.view().players[0].supply.meeple, 6, 'road meeple back (+1), monk out (-1)');
});

t.test("an abbey never triggers the builder bonus, even when it closes the builder's road", async (t) => {
  // Same ring with Traders & Builders: P0's builder stands on the road with P0's meeple.
  const s = ringBoard(['traders-builders', 'abbey-mayor'], true);
  t.same(s.view().players[0].supply.builder, 0);
  s.play(abbey(0, -1), pass);
  t.notOk(
    s.last.some((e) => e.type === 'bonusPartStarted'),
    'no second part',
  );
  t.same(scored(s.last).find((e) => e.kind === 'road')!.points, [{ seat: 0, points: 4 }]);
  t.equal(s.view().players[0].supply.builder, 1, 'the builder went home with the last follower');
  t.same(types(s.last).slice(-2), ['turnStarted', 'tileDrawn']);
  t.equal(s.view().activeSeat, 1);
  t.equal(s.view().bonusPart, false);
});

/**
 * A full 3x3 ring around the hole (0,1), with P1's monastery at (-1,1) waiting for it:
 *
 *            x=-2      x=-1       x=0       x=1
 *   y=0     U r90     U r90      D start   U r90
 *   y=1     B         B (P1)     [HOLE]    B
 *   y=2     B         A          A         E r180
 */
function fullRing() {
  const s = scenario({
    expansions: [...AM],
    tiles: [
      'base/U',
      'base/U',
      'base/U',
      'base/B',
      'base/B',
      'base/B',
      'base/B',
      'base/A',
      'base/A',
      'base/E',
      'base/U',
    ],
  });
  s.play(tile(-1, 0, 90), pass, tile(-2, 0, 90), pass, tile(1, 0, 90), pass);
  s.play(tile(-1, 1, 0), meeple(-1, 1, 0));
  s.play(tile(-2, 1, 0), pass, tile(1, 1, 0), pass, tile(-2, 2, 0), pass, tile(-1, 2, 0), pass);
  s.play(tile(0, 2, 0), pass); // seat 0: the hole (0,1) appears
  s.play(draw, tile(1, 2, 180), pass); // seat 1 chooses to draw
  return s;
}

t.test('an abbey surrounded on all 8 sides is complete at once: its monk scores 9', async (t) => {
  const s = fullRing();
  t.same(legalMoves(s.game).moves, [{ type: 'draw' }, { type: 'placeAbbey', x: 0, y: 1 }]);
  s.play(abbey(0, 1), meeple(0, 1, 0));
  const ev = scored(s.last)
    .map(norm)
    .sort((a, b) => b.kind.localeCompare(a.kind));
  t.same(
    ev.map((e) => [e.kind, e.points, e.returned]),
    [
      ['monastery', [{ seat: 1, points: 9 }], [{ owner: 1, kind: 'meeple', x: -1, y: 1, feature: 0 }]],
      ['abbey', [{ seat: 0, points: 9 }], [{ owner: 0, kind: 'meeple', x: 0, y: 1, feature: 0 }]],
    ],
  );
  t.equal(ev.find((e) => e.kind === 'abbey')!.tiles.length, 9);
  t.same(s.view().scores, [9, 9], "the abbey also completes P1's monastery at (-1,1)");
  t.same(
    s.view().players.map((p) => p.supply.meeple),
    [7, 7],
  );
  t.same(s.view().figures, []);
});

t.test("an abbey completing a neighbour's monastery scores it 9 even without a monk", async (t) => {
  const s = fullRing();
  s.play(abbey(0, 1), pass);
  t.same(
    scored(s.last)
      .map((e) => [e.kind, e.points])
      .sort(),
    [
      ['abbey', []],
      ['monastery', [{ seat: 1, points: 9 }]],
    ],
  );
  t.same(s.view().scores, [0, 9]);
});
