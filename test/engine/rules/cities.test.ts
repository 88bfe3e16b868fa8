import t from 'tap';
import { legalMoves, play, publicView } from '../../../src/engine/index.js';
import { meeple, pass, scored, scenario, tile } from '../../helpers/scenario.js';

// docs/rules.md §3: a completed city scores 2 per tile + 2 per pennant (2 tiles = 4, no small-city
// rule); docs/rules.md §4: an incomplete city scores 1 per tile + 1 per pennant at the end.
// Majority: the players with the most followers all score the full value; all followers on
// the scored feature return. Start tile base/D at (0,0) has its city on N.
// City features: base/E 0 (N), base/M 0 (N,E + pennant), base/N 0 (N,E), base/G 0 (W,E),
// base/I 0 (N) and 1 (E) (two separate cities), base/K 0 (N), base/C 0 (all four + pennant).

const norm = (e: ReturnType<typeof scored>[number]) => ({
  ...e,
  tiles: [...e.tiles].sort((a, b) => a.x - b.x || a.y - b.y),
});
const supply = (s: { view(): ReturnType<typeof publicView> }) => s.view().players.map((p) => p.supply.meeple);

t.test('a two-tile city scores 4 when closed, and its meeple returns', async (t) => {
  //  (0,-1) E r180 [P0 meeple]     city S
  //  (0,0)  D                      city N
  const s = scenario({ tiles: ['base/E', 'base/U'] });
  s.play(tile(0, -1, 180), meeple(0, -1, 0));
  t.same(scored(s.last).map(norm), [
    {
      type: 'featureScored',
      kind: 'city',
      reason: 'city',
      final: false,
      tiles: [
        { x: 0, y: -1 },
        { x: 0, y: 0 },
      ],
      points: [{ seat: 0, points: 4 }],
      returned: [{ owner: 0, kind: 'meeple', x: 0, y: -1, feature: 0 }],
    },
  ]);
  t.same(s.view().scores, [4, 0]);
  t.same(supply(s), [7, 7]);
  t.same(s.view().figures, []);
});

t.test('a completed city scores 2 per pennant on top of 2 per tile', async (t) => {
  //  (0,-1) M r90 [P0] ─ (1,-1) M r180        two pennants
  //  (0,0)  D            (1,0)  K r0           K's city N closes the ring: 4 tiles
  const s = scenario({ tiles: ['base/M', 'base/M', 'base/K', 'base/U'] });
  s.play(tile(0, -1, 90), meeple(0, -1, 0));
  s.play(tile(1, -1, 180), pass);
  t.same(scored(s.last), []);
  s.play(tile(1, 0, 0), pass);
  const ev = scored(s.last).map(norm);
  t.equal(ev.length, 1);
  t.same(ev[0].tiles, [
    { x: 0, y: -1 },
    { x: 0, y: 0 },
    { x: 1, y: -1 },
    { x: 1, y: 0 },
  ]);
  t.same(ev[0].points, [{ seat: 0, points: 12 }], '4 tiles x 2 + 2 pennants x 2');
  t.same(s.view().scores, [12, 0]);
  t.same(supply(s), [7, 7]);
});

t.test('an incomplete city scores 1 per tile and 1 per pennant at the end', async (t) => {
  //  (0,-1) M r90 [P0]    city E (open) and S, one pennant
  //  (0,0)  D
  const s = scenario({ tiles: ['base/M'] });
  s.play(tile(0, -1, 90), meeple(0, -1, 0));
  t.same(scored(s.last).map(norm), [
    {
      type: 'featureScored',
      kind: 'city',
      reason: 'city',
      final: true,
      tiles: [
        { x: 0, y: -1 },
        { x: 0, y: 0 },
      ],
      points: [{ seat: 0, points: 3 }],
      returned: [],
    },
  ]);
  t.same(s.last.at(-1), { type: 'gameEnded', scores: [3, 0] });
});

t.test('one tile closing two cities at once scores both, including the meeple it brings', async (t) => {
  //  (0,-1) I r90 ─ (1,-1) E r270 [P1]     I's city 0 (now E) closes P1's cap,
  //  (0,0)  D       (1,0)  U r90           I's city 1 (now S) closes D's city (P0 meeple on it)
  const s = scenario({ tiles: ['base/U', 'base/E', 'base/I', 'base/U'] });
  s.play(tile(1, 0, 90), pass);
  s.play(tile(1, -1, 270), meeple(1, -1, 0));
  s.play(tile(0, -1, 90));
  t.ok(
    legalMoves(s.game).moves.some((m) => m.type === 'placeFigure' && m.feature === 1),
    'the city this tile completes is still free, so a meeple may go there',
  );
  s.play(meeple(0, -1, 1));
  const ev = scored(s.last)
    .map(norm)
    .sort((a, b) => a.points[0].seat - b.points[0].seat);
  t.same(ev, [
    {
      type: 'featureScored',
      kind: 'city',
      reason: 'city',
      final: false,
      tiles: [
        { x: 0, y: -1 },
        { x: 0, y: 0 },
      ],
      points: [{ seat: 0, points: 4 }],
      returned: [{ owner: 0, kind: 'meeple', x: 0, y: -1, feature: 1 }],
    },
    {
      type: 'featureScored',
      kind: 'city',
      reason: 'city',
      final: false,
      tiles: [
        { x: 0, y: -1 },
        { x: 1, y: -1 },
      ],
      points: [{ seat: 1, points: 4 }],
      returned: [{ owner: 1, kind: 'meeple', x: 1, y: -1, feature: 0 }],
    },
  ]);
  t.same(s.view().scores, [4, 4]);
  t.same(supply(s), [7, 7]);
  t.same(s.view().figures, []);
});

t.test('a city with two segments on one tile counts that tile once', async (t) => {
  //  (0,0) D
  //  (0,1) I r90 [P0] ═ (1,1) N r180      I's cities 0 (E) and 1 (S) are joined around
  //      ║                   ║            the block: one ring city of 4 tiles = 8, not 10
  //  (0,2) N r0    ═══ (1,2) N r270
  const s = scenario({ tiles: ['base/I', 'base/N', 'base/N', 'base/N', 'base/U'] });
  s.play(tile(0, 1, 90), meeple(0, 1, 0));
  s.play(tile(1, 1, 180), pass);
  s.play(tile(0, 2, 0), pass);
  t.same(scored(s.last), []);
  s.play(tile(1, 2, 270), pass);
  const ev = scored(s.last).map(norm);
  t.equal(ev.length, 1);
  t.same(ev[0].tiles, [
    { x: 0, y: 1 },
    { x: 0, y: 2 },
    { x: 1, y: 1 },
    { x: 1, y: 2 },
  ]);
  t.same(ev[0].points, [{ seat: 0, points: 8 }]);
  t.same(s.view().scores, [8, 0]);
  t.same(supply(s), [7, 7]);
});

t.test('two players tied on a city both score its full value', async (t) => {
  //  (0,-1) N r90 [P0] ─ (1,-1) G r0 ─ (2,-1) E r270 [P1]     G joins both halves
  //  (0,0)  D            (1,0)  U r90   (2,0)  U r90
  const s = scenario({ tiles: ['base/N', 'base/U', 'base/U', 'base/E', 'base/G', 'base/U'] });
  s.play(tile(0, -1, 90), meeple(0, -1, 0));
  s.play(tile(1, 0, 90), pass);
  s.play(tile(2, 0, 90), pass);
  s.play(tile(2, -1, 270), meeple(2, -1, 0));
  t.same(supply(s), [6, 6]);
  s.play(tile(1, -1, 0), pass);
  const ev = scored(s.last).map(norm);
  t.equal(ev.length, 1);
  t.same(
    ev[0].points,
    [
      { seat: 0, points: 8 },
      { seat: 1, points: 8 },
    ],
    '4 tiles, both tied at 1',
  );
  t.same(ev[0].returned.map((f) => f.owner).sort(), [0, 1]);
  t.same(s.view().scores, [8, 8]);
  t.same(supply(s), [7, 7]);
  t.same(s.view().figures, []);
});

t.test('with 2 followers against 1 only the majority scores, and all followers return', async (t) => {
  //                    (-1,-2) B     (0,-2) E r180 [P0]
  //  (-1,-1) E r90 [P0]  (0,-1) C     (1,-1) E r270 [P1]      C joins all four caps
  //  (-1,0)  U r90       (0,0)  D     (1,0)  U r90   (2,0) U r90
  const s = scenario({
    tiles: ['base/U', 'base/U', 'base/E', 'base/E', 'base/B', 'base/U', 'base/E', 'base/C', 'base/U'],
  });
  s.play(tile(-1, 0, 90), pass);
  s.play(tile(1, 0, 90), pass);
  s.play(tile(-1, -1, 90), meeple(-1, -1, 0));
  s.play(tile(1, -1, 270), meeple(1, -1, 0));
  s.play(tile(-1, -2, 0), pass);
  s.play(tile(2, 0, 90), pass);
  s.play(tile(0, -2, 180), meeple(0, -2, 0));
  t.same(supply(s), [5, 6]);
  s.play(tile(0, -1, 0)); // C's only feature is the occupied city: no figure step
  t.same(
    s.last.filter((e) => e.type === 'figureSkipped'),
    [{ type: 'figureSkipped', seat: 1, reason: 'no-legal-placement' }],
  );
  const ev = scored(s.last).map(norm);
  t.equal(ev.length, 1);
  t.same(ev[0].tiles, [
    { x: -1, y: -1 },
    { x: 0, y: -2 },
    { x: 0, y: -1 },
    { x: 0, y: 0 },
    { x: 1, y: -1 },
  ]);
  t.same(ev[0].points, [{ seat: 0, points: 12 }], '5 tiles x 2 + 1 pennant x 2, P0 only');
  t.same(ev[0].returned.map((f) => f.owner).sort(), [0, 0, 1]);
  t.same(s.view().scores, [12, 0]);
  t.same(supply(s), [7, 7]);
  t.same(s.view().figures, []);
});

t.test('a meeple on a city joined to an occupied one is refused with FEATURE_OCCUPIED', async (t) => {
  //  (0,-1) N r90 [P0] ─ (1,-1) G r0 (P1's new tile, city joined through N)
  //  (0,0)  D
  const s = scenario({ tiles: ['base/N', 'base/G', 'base/U'] });
  s.play(tile(0, -1, 90), meeple(0, -1, 0));
  s.play(tile(1, -1, 0));
  const offered = legalMoves(s.game).moves.flatMap((m) => (m.type === 'placeFigure' ? [m.feature] : []));
  t.same(offered.sort(), [1, 2], "only G's two fields");
  const game = s.game;
  const before = JSON.stringify(publicView(game));
  const r = play(game, meeple(1, -1, 0));
  t.same(r.ok ? null : r.error.code, 'FEATURE_OCCUPIED');
  t.equal(JSON.stringify(publicView(game)), before);
});
