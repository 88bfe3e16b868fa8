import t from 'tap';
import { legalMoves, play, type Move } from '../../../src/engine/index.js';
import { abbey, figure, meeple, pass, scored, scenario, tile, type Scenario } from '../../helpers/scenario.js';

// docs/rules.md §2.3 and §6: the wagon (Abbey & Mayor). After its feature is scored during the game
// its owner moves it (C2: an incomplete, figure-free road/city/monastery/abbey with a segment
// on the wagon's tile or the 8 around; C1 option: connected to the scored feature) or
// returns it. Start tile base/D at (0,0): city N, road W-E.

const AM = ['abbey-mayor'] as const;
const mv = (x: number, y: number, feature: number): Move => ({ type: 'moveWagon', x, y, feature });
const key = (m: Move) => JSON.stringify(m);
/** The legal wagon moves, in a stable order (returnWagon last). */
const wagonMoves = (s: Scenario) => {
  const lm = legalMoves(s.game);
  const moves = lm.moves
    .filter((m) => m.type === 'moveWagon')
    .map(key)
    .sort();
  const ret = lm.moves.filter((m) => m.type === 'returnWagon').length;
  return { phase: lm.phase, actor: lm.actor, moves, ret };
};
const sorted = (...ms: Move[]) => ms.map(key).sort();
const wagonsOf = (s: Scenario) => s.view().players.map((p) => p.supply.wagon);

t.test('a wagon may stand on a road, city, monastery or abbey, never on a field', async (t) => {
  // base/A r90 at (1,0): monastery 0, road 1 (W), field 2.
  const s = scenario({ expansions: [...AM], tiles: ['base/A', 'base/U'] });
  s.play(tile(1, 0, 90));
  const wagons = legalMoves(s.game).moves.filter((m) => m.type === 'placeFigure' && m.figure === 'wagon');
  t.same(wagons, [figure('wagon', 1, 0, 0), figure('wagon', 1, 0, 1)]);
  const r = play(s.game, figure('wagon', 1, 0, 2));
  t.equal(r.ok ? 'ok' : r.error.code, 'WRONG_FEATURE_KIND');
});

/**
 *            x=-1                   x=0                 x=1
 *   y=-1                          F r90 (city N-S) P1
 *   y= 0   W r0 (P0 wagon on E)   D start             W r0  <- closes the road
 *   y= 1   A r180 (road N)
 * The road (-1,0)-(0,0)-(1,0) is closed by seat 1; P0's wagon stood on (-1,0).
 */
function c2Board() {
  const s = scenario({ expansions: [...AM], tiles: ['base/W', 'base/F', 'base/A', 'base/W', 'base/U'] });
  s.play(tile(-1, 0, 0), figure('wagon', -1, 0, 1));
  s.play(tile(0, -1, 90), meeple(0, -1, 0));
  s.play(tile(-1, 1, 180), pass); // closes W's south arm with the monastery's road (nobody)
  s.play(tile(1, 0, 0), pass);
  return s;
}

t.test('C2: the wagon may move to incomplete, figure-free features on its tile or the 8 around', async (t) => {
  const s = c2Board();
  t.same(
    scored(s.last).map((e) => [e.kind, e.points]),
    [['road', [{ seat: 0, points: 3 }]]],
  );
  t.same(s.view().pendingWagons, [{ seat: 0, x: -1, y: 0 }]);
  // Not targets: (-1,0)'s south arm (complete), the start city and F (P1's meeple), the
  // start road (just scored), fields, and (1,0)'s arms (part of the scored road but 2 away).
  t.same(wagonMoves(s), { phase: 'moveWagon', actor: 0, moves: sorted(mv(-1, 0, 0), mv(-1, 1, 0)), ret: 1 });
  t.equal(s.view().activeSeat, 1, "the wagon owner decides during seat 1's turn");
  const far = play(s.game, mv(1, 0, 1));
  t.equal(far.ok ? 'ok' : far.error.code, 'WAGON_TARGET_INVALID');
  const field = play(s.game, mv(-1, 1, 2));
  t.equal(field.ok ? 'ok' : field.error.code, 'WAGON_TARGET_INVALID');
  s.play(mv(-1, 1, 0));
  t.same(
    s.last.filter((e) => e.type === 'wagonMoved'),
    [{ type: 'wagonMoved', seat: 0, from: { x: -1, y: 0 }, to: { owner: 0, kind: 'wagon', x: -1, y: 1, feature: 0 } }],
  );
  t.ok(s.view().figures.some((f) => f.kind === 'wagon' && f.x === -1 && f.y === 1 && f.feature === 0));
  t.same(wagonsOf(s), [0, 1], 'the wagon stays on the board');
  t.same(s.view().scores, [3, 0]);
  t.equal(s.view().activeSeat, 0, 'then the next seat plays');
});

t.test("returnWagon puts the wagon back in its owner's supply", async (t) => {
  const s = c2Board();
  t.same(wagonsOf(s), [0, 1]);
  s.play({ type: 'returnWagon' });
  t.same(
    s.last.filter((e) => e.type === 'wagonReturned'),
    [{ type: 'wagonReturned', seat: 0, from: { x: -1, y: 0 }, reason: 'chosen' }],
  );
  t.same(wagonsOf(s), [1, 1]);
  t.notOk(s.view().figures.some((f) => f.kind === 'wagon'));
});

t.test('a wagon with no target returns by itself', async (t) => {
  //   (0,-1) E r180 + P0 wagon closes the start city; the road around is P1's
  //   (-1,0) U r90 (P1 meeple)   (0,0) D   (1,0) U r90
  const s = scenario({ expansions: [...AM], tiles: ['base/U', 'base/U', 'base/E', 'base/U'] });
  s.play(tile(1, 0, 90), pass);
  s.play(tile(-1, 0, 90), meeple(-1, 0, 0));
  s.play(tile(0, -1, 180), figure('wagon', 0, -1, 0));
  t.same(
    scored(s.last).map((e) => [e.kind, e.points]),
    [['city', [{ seat: 0, points: 4 }]]],
  );
  t.same(
    s.last.filter((e) => e.type === 'wagonReturned'),
    [{ type: 'wagonReturned', seat: 0, from: { x: 0, y: -1 }, reason: 'no-target' }],
  );
  t.notOk(s.events.some((e) => e.type === 'wagonMoved'));
  t.same(wagonsOf(s), [1, 1]);
  t.equal(legalMoves(s.game).phase, 'placeTile');
  t.equal(legalMoves(s.game).actor, 1);
});

t.test('a wagon placed on a feature its own tile completes scores and may move this turn', async (t) => {
  //   (-1,0) W r0   (0,0) D   (1,0) W r0 + P1 wagon on its W arm: closes the start road
  //                 (0,1) B   (1,1) A r180: its road and (1,0)'s S arm close in the same step
  const s = scenario({ expansions: [...AM], tiles: ['base/W', 'base/B', 'base/A', 'base/W', 'base/U'] });
  s.play(tile(-1, 0, 0), pass, tile(0, 1, 0), pass, tile(1, 1, 180), pass);
  s.play(tile(1, 0, 0), figure('wagon', 1, 0, 0));
  const ev = scored(s.last)
    .map((e) => [e.kind, e.tiles.length, e.points])
    .sort();
  t.same(ev, [
    ['road', 2, []],
    ['road', 3, [{ seat: 1, points: 3 }]],
  ]);
  t.same(s.view().scores, [0, 3]);
  // Not targets: (1,0)'s S arm and A's road (completed in this same step), the scored road.
  t.same(wagonMoves(s), {
    phase: 'moveWagon',
    actor: 1,
    ret: 1,
    moves: sorted(mv(1, 0, 1), mv(0, 0, 0), mv(0, 1, 0), mv(1, 1, 0)),
  });
  s.play(mv(0, 0, 0));
  t.same(s.view().figures, [{ owner: 1, kind: 'wagon', x: 0, y: 0, feature: 0 }], 'onto the start city');
  t.equal(s.view().activeSeat, 0);
});

/**
 *            x=-1          x=0                x=1
 *   y=-2                  B                  E r180 (city S)
 *   y=-1                  N r90 (P0 wagon)   A&M G r270: city W, city N, road S, road E (last tile)
 *   y= 0   W r0           D start            V r90 (road W,N) (P1 wagon)
 * Seat 1's G closes P0's city, P1's road and the little city (1,-2)-(1,-1). G's east road
 * is the only target near P1's wagon, and also near P0's.
 */
function twoWagons() {
  const s = scenario({
    expansions: [...AM],
    tiles: ['base/N', 'base/V', 'base/W', 'base/B', 'base/E', 'abbey-mayor/G', 'base/U'],
  });
  s.play(tile(0, -1, 90), figure('wagon', 0, -1, 0));
  s.play(tile(1, 0, 90), figure('wagon', 1, 0, 0));
  s.play(tile(-1, 0, 0), pass, tile(0, -2, 0), pass, tile(1, -2, 180), pass);
  s.play(tile(1, -1, 270), pass);
  return s;
}

t.test('two wagons decide in seat order from the active player; the first move takes the target', async (t) => {
  const s = twoWagons();
  const ev = scored(s.last)
    .map((e) => [e.kind, e.tiles.length, e.points])
    .sort();
  t.same(ev, [
    ['city', 2, []],
    ['city', 3, [{ seat: 0, points: 6 }]],
    ['road', 4, [{ seat: 1, points: 4 }]],
  ]);
  t.same(s.view().scores, [6, 4]);
  t.same(
    s.view().pendingWagons,
    [
      { seat: 1, x: 1, y: 0 },
      { seat: 0, x: 0, y: -1 },
    ],
    'seat 1 is active: it decides first',
  );
  t.same(wagonMoves(s), { phase: 'moveWagon', actor: 1, moves: sorted(mv(1, -1, 3)), ret: 1 });
  s.play(mv(1, -1, 3));
  t.same(
    wagonMoves(s),
    {
      phase: 'moveWagon',
      actor: 0,
      ret: 1,
      moves: sorted(mv(-1, 0, 0), mv(-1, 0, 2), mv(0, -2, 0)),
    },
    "G's east road now holds P1's wagon",
  );
  const taken = play(s.game, mv(1, -1, 3));
  t.equal(taken.ok ? 'ok' : taken.error.code, 'WAGON_TARGET_INVALID');
  s.play(mv(0, -2, 0));
  t.same(
    s
      .view()
      .figures.filter((f) => f.kind === 'wagon')
      .sort((a, b) => a.owner - b.owner),
    [
      { owner: 0, kind: 'wagon', x: 0, y: -2, feature: 0 },
      { owner: 1, kind: 'wagon', x: 1, y: -1, feature: 3 },
    ],
  );
  t.equal(legalMoves(s.game).actor, 0, "seat 0's turn follows");
  t.equal(legalMoves(s.game).phase, 'placeTile');
});

t.test('when the first wagon returns, the second may take the shared target', async (t) => {
  const s = twoWagons();
  s.play({ type: 'returnWagon' });
  t.same(wagonMoves(s).moves, sorted(mv(-1, 0, 0), mv(-1, 0, 2), mv(0, -2, 0), mv(1, -1, 3)));
  t.equal(wagonMoves(s).actor, 0);
});

/**
 *   (-2,0) U r90   (-1,0) W r0   (0,0) D   (1,0) A r90 + P1 wagon on its road (closes it)
 *                                (0,1) B
 */
function linkBoard(wagonMove: 'c1' | 'c2') {
  const s = scenario({
    expansions: [...AM],
    rules: { wagonMove },
    tiles: ['base/W', 'base/U', 'base/B', 'base/A', 'base/U'],
  });
  s.play(tile(-1, 0, 0), pass, tile(-2, 0, 90), pass, tile(0, 1, 0), pass);
  s.play(tile(1, 0, 90), figure('wagon', 1, 0, 1));
  return s;
}

t.test('C1: targets are the features linked to the scored road, at any distance', async (t) => {
  const s = linkBoard('c1');
  t.same(
    scored(s.last).map((e) => e.points),
    [[{ seat: 1, points: 3 }]],
  );
  // W's other arms (the west one reaching (-2,0): any of its tiles) and A's monastery; not
  // the start city or the monastery (0,1), which are only nearby.
  t.same(wagonMoves(s), {
    phase: 'moveWagon',
    actor: 1,
    ret: 1,
    moves: sorted(mv(-2, 0, 0), mv(-1, 0, 0), mv(-1, 0, 2), mv(1, 0, 0)),
  });
  s.play(mv(-2, 0, 0));
  t.same(s.view().figures, [{ owner: 1, kind: 'wagon', x: -2, y: 0, feature: 0 }]);
});

t.test("C2 on the same board: only what lies on the wagon's tile or around it", async (t) => {
  const s = linkBoard('c2');
  t.same(wagonMoves(s).moves, sorted(mv(1, 0, 0), mv(0, 0, 0), mv(0, 1, 0)));
});

/** The abbey-ring board of abbey-mayor-abbey.test.ts, with P0's wagon on the western road. */
function abbeyRing(opts: { wagonMove: 'c1' | 'c2'; east: 'base/W' | 'base/U' }) {
  const s = scenario({
    expansions: [...AM],
    rules: { wagonMove: opts.wagonMove },
    tiles: ['base/V', opts.east, 'base/V', 'base/N', 'base/M', 'base/N', 'base/B', 'base/U'],
  });
  s.play(tile(-1, 0, 180), opts.east === 'base/W' ? figure('wagon', -1, 0, 0) : pass);
  s.play(tile(1, 0, opts.east === 'base/W' ? 0 : 90), pass);
  s.play(tile(-1, -1, 270), pass, tile(1, -1, 270), pass, tile(1, -2, 180), pass, tile(0, -2, 90), pass);
  return s;
}

t.test('C1: a road closed by an abbey is connected to that abbey', async (t) => {
  //  hole (0,-1) between (0,-2), (1,-1), (0,0) and (-1,-1); the road (-1,-1)..(1,0) ends at
  //  the abbey on the west and at W's crossroads on the east.
  const s = abbeyRing({ wagonMove: 'c1', east: 'base/W' });
  s.play(abbey(0, -1), pass);
  t.same(scored(s.last).find((e) => e.kind === 'road')!.points, [{ seat: 0, points: 4 }]);
  t.same(wagonMoves(s), {
    phase: 'moveWagon',
    actor: 0,
    ret: 1,
    moves: sorted(mv(1, 0, 1), mv(1, 0, 2), mv(0, -1, 0)),
  });
});

t.test('C1: a wagon on a completed abbey may move to a road the abbey closes ("and vice versa")', async (t) => {
  //  Same ring, but (1,0) is a straight road (U r90): the road leaves the abbey and stays open
  //  to the east. P0 puts a wagon on the abbey; base/B at (-1,-2) then completes the abbey.
  const s = abbeyRing({ wagonMove: 'c1', east: 'base/U' });
  s.play(abbey(0, -1), figure('wagon', 0, -1, 0));
  s.play(tile(-1, -2, 0), pass);
  t.same(
    scored(s.last).map((e) => [e.kind, e.points]),
    [['abbey', [{ seat: 0, points: 9 }]]],
  );
  t.same(wagonMoves(s), {
    phase: 'moveWagon',
    actor: 0,
    ret: 1,
    moves: sorted(mv(-1, -1, 0), mv(-1, 0, 0), mv(0, 0, 1), mv(1, 0, 0)),
  });
});

t.test("C2 on that board: the abbey's wagon reaches the road and the new monastery nearby", async (t) => {
  const s = abbeyRing({ wagonMove: 'c2', east: 'base/U' });
  s.play(abbey(0, -1), figure('wagon', 0, -1, 0));
  s.play(tile(-1, -2, 0), pass);
  t.same(
    scored(s.last).map((e) => [e.kind, e.points]),
    [['abbey', [{ seat: 0, points: 9 }]]],
  );
  t.same(wagonMoves(s).moves, sorted(mv(-1, -1, 0), mv(-1, 0, 0), mv(0, 0, 1), mv(1, 0, 0), mv(-1, -2, 0)));
});
