import t from 'tap';
import { legalMoves, play, publicView, type GameEvent } from '../../../src/engine/index.js';
import { meeple, pass, scored, scenario, tile } from '../../helpers/scenario.js';

// docs/rules.md §3: a completed road scores 1 point per tile it covers (a tile counts once);
// docs/rules.md §4: an incomplete road scores 1 per tile at the end. Start tile base/D at (0,0):
// city N, road W-E. Road features: base/A 1 (S), base/W 0/1/2 (W/E/S), base/X 0..3
// (N/E/S/W), base/T 1 (S), base/U 0 (N-S), base/V 0 (W-S).

/** A featureScored event with its tiles sorted, so tests do not depend on walk order. */
const norm = (e: ReturnType<typeof scored>[number]) => ({
  ...e,
  tiles: [...e.tiles].sort((a, b) => a.x - b.x || a.y - b.y),
});
const supply = (s: { view(): ReturnType<typeof publicView> }) => s.view().players.map((p) => p.supply.meeple);

t.test('a road closed by a crossroads (base/W) and a monastery (base/A) scores 1 per tile', async (t) => {
  //  (-1,0) W r0   (0,0) D   (1,0) A r90
  //   ─┬─────────────────────────■        P0 meeple on A's road; W closes the west end
  const s = scenario({ tiles: ['base/A', 'base/W', 'base/U'] });
  s.play(tile(1, 0, 90), meeple(1, 0, 1));
  t.same(supply(s), [6, 7]);
  s.play(tile(-1, 0, 0), pass);
  t.same(scored(s.last).map(norm), [
    {
      type: 'featureScored',
      kind: 'road',
      reason: 'road',
      final: false,
      tiles: [
        { x: -1, y: 0 },
        { x: 0, y: 0 },
        { x: 1, y: 0 },
      ],
      points: [{ seat: 0, points: 3 }],
      returned: [{ owner: 0, kind: 'meeple', x: 1, y: 0, feature: 1 }],
    },
  ]);
  t.same(s.view().scores, [3, 0]);
  t.same(supply(s), [7, 7]);
  t.same(s.view().figures, []);
  t.equal(s.view().status, 'active');
});

t.test('a road closed by a four-way crossroads (base/X) and a city (base/T) scores 1 per tile', async (t) => {
  //  (-1,0) X r0   (0,0) D   (1,0) T r90 (road W ends at T's city)
  const s = scenario({ tiles: ['base/T', 'base/X', 'base/U'] });
  s.play(tile(1, 0, 90), meeple(1, 0, 1));
  s.play(tile(-1, 0, 0), pass);
  const ev = scored(s.last).map(norm);
  t.equal(ev.length, 1, "only the road is complete (X's other arms and T's city stay open)");
  t.same(ev[0].tiles, [
    { x: -1, y: 0 },
    { x: 0, y: 0 },
    { x: 1, y: 0 },
  ]);
  t.same(ev[0].points, [{ seat: 0, points: 3 }]);
  t.same(s.view().scores, [3, 0]);
  t.same(supply(s), [7, 7]);
});

t.test('a road loop (closed circle) scores each of its tiles once', async (t) => {
  //          (0,0) D
  //  (0,1) V r270 ─ (1,1) V r0        a ring of four curves, P0's meeple on (0,1)
  //  (0,2) V r180 ─ (1,2) V r90       (1,2) closes the circle
  const s = scenario({ tiles: ['base/V', 'base/V', 'base/V', 'base/V', 'base/U'] });
  s.play(tile(0, 1, 270), meeple(0, 1, 0));
  s.play(tile(1, 1, 0), pass);
  s.play(tile(0, 2, 180), pass);
  t.same(scored(s.last), [], 'three curves are not yet a loop');
  s.play(tile(1, 2, 90), pass);
  t.same(scored(s.last).map(norm), [
    {
      type: 'featureScored',
      kind: 'road',
      reason: 'road',
      final: false,
      tiles: [
        { x: 0, y: 1 },
        { x: 0, y: 2 },
        { x: 1, y: 1 },
        { x: 1, y: 2 },
      ],
      points: [{ seat: 0, points: 4 }],
      returned: [{ owner: 0, kind: 'meeple', x: 0, y: 1, feature: 0 }],
    },
  ]);
  t.same(s.view().scores, [4, 0]);
  t.same(supply(s), [7, 7]);
});

t.test('a tile the road passes twice counts once', async (t) => {
  //          (0,0) D
  //  (0,1) W r0 ─ (1,1) V r0          the road leaves W east and comes back into W from
  //     │             │               the south: W's features 1 (E) and 2 (S) are both
  //  (0,2) V r180 ─ (1,2) V r90       segments of it, yet the road covers 4 tiles, not 5
  const s = scenario({ tiles: ['base/W', 'base/V', 'base/V', 'base/V', 'base/U'] });
  s.play(tile(0, 1, 0), pass);
  s.play(tile(1, 1, 0), meeple(1, 1, 0));
  s.play(tile(0, 2, 180), pass);
  s.play(tile(1, 2, 90), pass);
  const ev = scored(s.last).map(norm);
  t.equal(ev.length, 1);
  t.same(ev[0].tiles, [
    { x: 0, y: 1 },
    { x: 0, y: 2 },
    { x: 1, y: 1 },
    { x: 1, y: 2 },
  ]);
  t.same(ev[0].points, [{ seat: 1, points: 4 }]);
  t.same(s.view().scores, [0, 4]);
  t.same(supply(s), [7, 7]);
});

t.test('an incomplete road scores 1 per tile at the end, and its meeple stays on the board', async (t) => {
  //  (0,0) D ── (1,0) U r90 ── (2,0) U r90      open at D's west and at (2,0)'s east end
  const s = scenario({ tiles: ['base/U', 'base/U'] });
  s.play(tile(1, 0, 90), meeple(1, 0, 0));
  s.play(tile(2, 0, 90), pass);
  t.same(scored(s.last).map(norm), [
    {
      type: 'featureScored',
      kind: 'road',
      reason: 'road',
      final: true,
      tiles: [
        { x: 0, y: 0 },
        { x: 1, y: 0 },
        { x: 2, y: 0 },
      ],
      points: [{ seat: 0, points: 3 }],
      returned: [],
    },
  ]);
  const end = s.last.filter((e) => e.type === 'gameEnded');
  t.same(end, [{ type: 'gameEnded', scores: [3, 0] }]);
  t.same(s.view().scores, [3, 0]);
  t.equal(s.view().status, 'finished');
});

t.test('a meeple on a road joined through other tiles is refused with FEATURE_OCCUPIED', async (t) => {
  //  (-1,0) U r90 ── (0,0) D ── (1,0) U r90 [P0 meeple]
  // P1's new tile at (-1,0) joins P0's road through the start tile.
  const s = scenario({ tiles: ['base/U', 'base/U', 'base/U'] });
  s.play(tile(1, 0, 90), meeple(1, 0, 0));
  s.play(tile(-1, 0, 90));
  const lm = legalMoves(s.game);
  t.same(
    lm.moves
      .filter((m) => m.type === 'placeFigure')
      .map((m) => m.type === 'placeFigure' && m.feature)
      .sort(),
    [1, 2],
    'only the two fields of the new tile are offered',
  );
  const before = JSON.stringify(publicView(s.game));
  const r = play(s.game, meeple(-1, 0, 0));
  t.equal(r.ok, false);
  if (!r.ok) t.equal(r.error.code, 'FEATURE_OCCUPIED');
  t.equal(JSON.stringify(publicView(s.game)), before, 'the refused move changed nothing');
  s.play(meeple(-1, 0, 1));
  t.same(
    s.view().figures.map((f) => [f.owner, f.x, f.y, f.feature]),
    [
      [0, 1, 0, 0],
      [1, -1, 0, 1],
    ],
  );
});

t.test('a meeple on a road its own tile completes scores at once and returns the same turn', async (t) => {
  //  (-1,0) W r0 [P1 meeple on the E arm]   (0,0) D   (1,0) A r90 (empty)
  const s = scenario({ tiles: ['base/A', 'base/W', 'base/U'] });
  s.play(tile(1, 0, 90), pass);
  s.play(tile(-1, 0, 0), meeple(-1, 0, 1));
  const types = s.last.map((e: GameEvent) => e.type);
  t.ok(types.indexOf('figurePlaced') < types.indexOf('featureScored'), 'placed, then scored in the same move');
  const ev = scored(s.last);
  t.equal(ev.length, 1);
  t.same(ev[0].points, [{ seat: 1, points: 3 }]);
  t.same(ev[0].returned, [{ owner: 1, kind: 'meeple', x: -1, y: 0, feature: 1 }]);
  t.same(s.view().scores, [0, 3]);
  t.same(supply(s), [7, 7]);
  t.same(s.view().figures, []);
  t.equal(s.view().activeSeat, 0, 'the turn passed to the next seat');
});
