/**
 * Traders & Builders pig (docs/rules.md §2.3, §4 (fields)): placed on a field segment of the new tile
 * whose field holds one of its owner's farmers; at the end, a player with the field majority
 * (ties included) and a pig there scores 4 instead of 3 per completed city. The pig itself
 * never counts for majority.
 *
 * Start tile base/D at (0,0): city N, road W-E, field 3 south of the road. y grows to the south.
 * The common board (cities C1 south of the start):
 *
 *            (0,0)  start            field F = start's south field + (0,1)
 *            (0,1)  base/E r180  \   C1 = the 2-tile city (0,1)+(0,2), completed by (0,2)
 *            (0,2)  base/E r0    /   field G = the field around (0,2)
 *   Both F and G touch C1. base/B at (1,1) joins F, base/B at (1,2) joins G; both together join F+G.
 */
import t from 'tap';
import { legalMoves, play, type GameEvent, type Move } from '../../../src/engine/index.js';
import { figure, meeple, pass, scenario, scored, tile, type Scenario } from '../../helpers/scenario.js';

const TB = ['traders-builders' as const];
const pig = (x: number, y: number, feature: number) => figure('pig', x, y, feature);
const refusal = (s: Scenario, m: Move) => {
  const r = play(s.game, m);
  return r.ok ? 'accepted' : r.error.code;
};
const pigMoves = (s: Scenario) =>
  legalMoves(s.game).moves.filter((m) => m.type === 'placeFigure' && m.figure === 'pig');
const fields = (events: GameEvent[]) => scored(events).filter((e) => e.kind === 'field');

/** P0 farmer in F, P1 farmer in G (C1 completed by P1's tile). P0 to play `rest[0]`. */
function twoFarmers(rest: string[]): Scenario {
  const s = scenario({ expansions: TB, tiles: ['base/E', 'base/E', ...rest] });
  return s.play(tile(0, 1, 180), meeple(0, 1, 1), tile(0, 2, 0), meeple(0, 2, 1));
}

t.test("a pig goes only into a field holding one of its owner's farmers", async (t) => {
  const s = scenario({ expansions: TB, tiles: ['base/E', 'base/B', 'base/B', 'base/B'] });
  s.play(tile(0, 1, 180));
  t.same(pigMoves(s), [], 'no pig into a field without farmers');
  t.equal(refusal(s, pig(0, 1, 1)), 'PIG_NEEDS_FARMER');
  t.equal(refusal(s, pig(0, 1, 0)), 'WRONG_FEATURE_KIND', 'never on a city');
  s.play(meeple(0, 1, 1));
  // P1 extends F (P0's farmer only): no pig for P1.
  s.play(tile(1, 1));
  t.same(pigMoves(s), [], "an opponent's farmer does not allow a pig");
  t.equal(refusal(s, pig(1, 1, 1)), 'PIG_NEEDS_FARMER');
  s.play(pass);
  // P0 extends F again: the pig is allowed there.
  s.play(tile(1, 2));
  t.same(pigMoves(s), [{ type: 'placeFigure', figure: 'pig', x: 1, y: 2, feature: 1 }]);
  s.play(pig(1, 2, 1));
  t.same(
    s.last.filter((e) => e.type === 'figurePlaced'),
    [{ type: 'figurePlaced', seat: 0, figure: { owner: 0, kind: 'pig', x: 1, y: 2, feature: 1 } }],
  );
  t.same(s.view().players[0].supply, { meeple: 6, builder: 1, pig: 0 });
});

t.test('a pig with the field majority makes each completed city worth 4 instead of 3', async (t) => {
  // F (P0 farmer + pig, via (1,1)) and G (P1 farmer, extended at (-1,2)) stay apart; both touch C1.
  const s = twoFarmers(['base/B', 'base/B']);
  s.play(tile(1, 1), pig(1, 1, 1), tile(-1, 2), pass);
  t.equal(s.view().status, 'finished');
  const f = fields(s.last);
  t.equal(f.length, 2, 'two separate fields');
  t.same(
    new Set(f.map((e) => JSON.stringify(e.points))),
    new Set(['[{"seat":0,"points":4}]', '[{"seat":1,"points":3}]']),
  );
  t.same(
    f.map((e) => e.returned),
    [[], []],
    'nothing returns in final scoring',
  );
  t.same(s.view().scores, [4, 3]);
  t.same(
    s.view().players.map((p) => p.supply.pig),
    [0, 1],
  );
  t.same(
    s.view().figures.filter((f) => f.kind === 'pig'),
    [{ owner: 0, kind: 'pig', x: 1, y: 1, feature: 1 }],
  );
});

t.test('tied field majority: both tied players score, only the pig owner 4 per city', async (t) => {
  // P0 pig at (1,1) in F; P1's base/B at (1,2) joins G to F: 1 farmer each.
  const s = twoFarmers(['base/B', 'base/B']);
  s.play(tile(1, 1), pig(1, 1, 1), tile(1, 2), pass);
  const f = fields(s.last);
  t.equal(f.length, 1, 'one joined field');
  t.equal(f[0].tiles.length, 5);
  t.same(f[0].points, [
    { seat: 0, points: 4 },
    { seat: 1, points: 3 },
  ]);
  t.same(s.view().scores, [4, 3]);
});

t.test('two pigs of different players in one tied field: both score 4 per city', async (t) => {
  // As above, but P1 joins the fields with its own pig at (1,2) (allowed: P1's farmer is in G).
  const s = twoFarmers(['base/B', 'base/B']);
  s.play(tile(1, 1), pig(1, 1, 1), tile(1, 2));
  t.same(pigMoves(s), [{ type: 'placeFigure', figure: 'pig', x: 1, y: 2, feature: 1 }]);
  s.play(pig(1, 2, 1));
  t.same(
    fields(s.last).map((e) => e.points),
    [
      [
        { seat: 0, points: 4 },
        { seat: 1, points: 4 },
      ],
    ],
  );
  t.same(s.view().scores, [4, 4]);
  t.same(
    s
      .view()
      .figures.filter((f) => f.kind === 'pig')
      .map((f) => f.owner),
    [0, 1],
    'pigs stay on the board',
  );
});

t.test('a pig without the field majority gives nothing, and does not count as a farmer', async (t) => {
  //   (0,-1) base/E r180 closes the start city C0 (P0, last tile)
  //   (0,0) start | (1,0) base/U r90, P0 farmer north of the road (start's north field) | (2,0) base/A r90
  //   (0,1) E r180, P0 farmer (F) | (1,1) base/B joins F and G
  //   (0,2) E r0,  P1 farmer (G)  | (1,2) base/B, P1 pig
  // base/A at (2,0) ends the road, joining the north field to F: P0 2 farmers, P1 1 farmer + pig.
  const s = twoFarmers(['base/U', 'base/B', 'base/B', 'base/A', 'base/E']);
  s.play(tile(1, 0, 90), meeple(1, 0, 1));
  s.play(tile(1, 2), pig(1, 2, 1));
  s.play(tile(1, 1), pass, tile(2, 0, 90), pass, tile(0, -1, 180), pass);
  t.equal(s.view().status, 'finished');
  const f = fields(s.last);
  t.equal(f.length, 1, 'a single field with all farmers');
  t.same(f[0].points, [{ seat: 0, points: 6 }], 'P0: 2 completed cities x 3; P1 nothing despite its pig');
  t.same(s.view().scores, [6, 0]);
});

t.test('a pig with a 2-1 majority against a pigless opponent: 4 per city for the owner only', async (t) => {
  // Same board; P0 puts its pig at (1,1) instead and P1 places nothing.
  const s = twoFarmers(['base/U', 'base/B', 'base/B', 'base/A', 'base/E']);
  s.play(tile(1, 0, 90), meeple(1, 0, 1));
  s.play(tile(1, 2), pass);
  s.play(tile(1, 1), pig(1, 1, 1), tile(2, 0, 90), pass, tile(0, -1, 180), pass);
  t.same(
    fields(s.last).map((e) => e.points),
    [[{ seat: 0, points: 8 }]],
  );
  t.same(s.view().scores, [8, 0]);
});
