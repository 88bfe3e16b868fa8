/**
 * Traders & Builders builder (docs/rules.md §2.3, §2.5, §3): placed on a road or city of the new tile
 * whose incomplete feature holds one of the owner's followers; never counts for majority;
 * returns with its feature; a first-part tile that extends its feature gives the owner a
 * second part of the turn (never a third).
 *
 * Start tile base/D at (0,0): city N, road W-E. y grows to the south.
 */
import t from 'tap';
import { legalMoves, play, type GameEvent, type Move } from '../../../src/engine/index.js';
import { figure, meeple, pass, scenario, scored, tile, type Scenario } from '../../helpers/scenario.js';

const TB = ['traders-builders' as const];
const builder = (x: number, y: number, feature: number) => figure('builder', x, y, feature);
const types = (events: GameEvent[]) => events.map((e) => e.type);
const refusal = (s: Scenario, m: Move) => {
  const r = play(s.game, m);
  return r.ok ? 'accepted' : r.error.code;
};
const builderMoves = (s: Scenario) =>
  legalMoves(s.game).moves.filter((m) => m.type === 'placeFigure' && m.figure === 'builder');

/**
 *            (0,-1) T&B/T r180 (wine city, open E; P1)
 *   (0,0) start | (1,0) base/U r90, P0 meeple | (2,0) base/U r90, P0 builder | (3,0) ...
 *            (0,1) base/B (P1)
 * After these four turns it is P0's turn with `rest[0]`.
 */
function builderOnRoad(rest: string[]): Scenario {
  const s = scenario({ expansions: TB, tiles: ['base/U', 'traders-builders/T', 'base/U', 'base/B', ...rest] });
  return s.play(
    tile(1, 0, 90),
    meeple(1, 0, 0),
    tile(0, -1, 180),
    pass,
    tile(2, 0, 90),
    builder(2, 0, 0),
    tile(0, 1),
    pass,
  );
}

t.test('a builder goes only onto a road or city where its owner already has a follower', async (t) => {
  const s = scenario({ expansions: TB, tiles: ['base/U', 'base/U', 'base/U', 'base/B'] });
  // P0's first tile (1,0): the road holds nobody yet.
  s.play(tile(1, 0, 90));
  t.same(builderMoves(s), [], 'no builder on an empty road');
  t.equal(refusal(s, builder(1, 0, 0)), 'BUILDER_NEEDS_FOLLOWER');
  s.play(meeple(1, 0, 0));
  // P1 extends the same road west (-1,0): it holds only P0's meeple.
  s.play(tile(-1, 0, 90));
  t.same(builderMoves(s), [], "an opponent's follower does not allow a builder");
  t.equal(refusal(s, builder(-1, 0, 0)), 'BUILDER_NEEDS_FOLLOWER');
  t.equal(refusal(s, builder(-1, 0, 1)), 'WRONG_FEATURE_KIND', 'never on a field');
  s.play(pass);
  // P0 extends it east (2,0): builder allowed on the road, only there.
  s.play(tile(2, 0, 90));
  t.same(builderMoves(s), [{ type: 'placeFigure', figure: 'builder', x: 2, y: 0, feature: 0 }]);
  s.play(builder(2, 0, 0));
  t.same(
    s.last.filter((e) => e.type === 'figurePlaced'),
    [{ type: 'figurePlaced', seat: 0, figure: { owner: 0, kind: 'builder', x: 2, y: 0, feature: 0 } }],
  );
  const v = s.view();
  t.same(v.players[0].supply, { meeple: 6, builder: 0, pig: 1 });
  t.same(v.figures, [
    { owner: 0, kind: 'meeple', x: 1, y: 0, feature: 0 },
    { owner: 0, kind: 'builder', x: 2, y: 0, feature: 0 },
  ]);
  t.equal(v.activeSeat, 1, 'a builder placed this turn gives no second part on its own tile');
  t.equal(v.bonusPart, false);
  t.notOk(s.last.some((e) => e.type === 'bonusPartStarted'));
});

t.test('a builder in a city: placed beside the knight, its city extended gives a second part', async (t) => {
  //   (0,-1) T&B/T r180 (wine, city S+E), P0 knight | (1,-1) T&B/Q r0 (wine, city W-E), P0 builder
  //   | (2,-1) base/E r270 closes the city (P0)            fillers base/B at (0,1), (1,1), (-1,1)
  const s = scenario({
    expansions: TB,
    tiles: ['traders-builders/T', 'base/B', 'traders-builders/Q', 'base/B', 'base/E', 'base/B'],
  });
  s.play(tile(0, -1, 180), meeple(0, -1, 0), tile(0, 1), pass, tile(1, -1, 0));
  t.same(builderMoves(s), [{ type: 'placeFigure', figure: 'builder', x: 1, y: -1, feature: 0 }]);
  s.play(builder(1, -1, 0));
  t.same(s.view().players[0].supply, { meeple: 6, builder: 0, pig: 1 });
  s.play(tile(1, 1), pass, tile(2, -1, 270), pass);
  t.same(types(s.last), ['figureSkipped', 'featureScored', 'goodsAwarded', 'bonusPartStarted', 'tileDrawn']);
  t.same(scored(s.last)[0].points, [{ seat: 0, points: 8 }], '4 tiles, no pennant');
  t.same(
    scored(s.last)[0].returned.map((f) => f.kind),
    ['meeple', 'builder'],
  );
  t.same(s.view().goods?.[0], { wine: 2, wheat: 0, cloth: 0 });
  t.same(s.view().players[0].supply, { meeple: 7, builder: 1, pig: 1 });
  t.equal(legalMoves(s.game).actor, 0);
});

t.test('a builder may not go onto a road the new tile completes', async (t) => {
  //   (-1,0) base/W r0 (P1, road ends at the crossing) | start | (1,0) U r90 P0 meeple | (2,0) base/A r90 closes
  const s = scenario({ expansions: TB, tiles: ['base/U', 'base/W', 'base/A', 'base/B'] });
  s.play(tile(1, 0, 90), meeple(1, 0, 0), tile(-1, 0, 0), pass, tile(2, 0, 90));
  t.same(builderMoves(s), [], 'not listed');
  t.equal(refusal(s, builder(2, 0, 1)), 'FEATURE_COMPLETE');
  s.play(pass);
  t.same(
    scored(s.last).map((e) => e.points),
    [[{ seat: 0, points: 4 }]],
  );
  t.same(s.view().players[0].supply, { meeple: 7, builder: 1, pig: 1 });
});

t.test('a builder never counts for majority: builder + 1 meeple lose to 2 meeples', async (t) => {
  //            (1,-1) B   (2,-1) B
  //   (-1,0) V r270 | start | (1,0) U r90 P0 meeple | (2,0) U r90 P0 builder | (3,0) A r90
  //   (-1,1) V r180 | (0,1) V r0 P1 meeple | (1,1) V r270 P1 meeple | (2,1) A r90
  //                 | (0,2) V r180        | (1,2) V r90
  // P1's two roads join at (0,2)/(1,2); the last tile (-1,0) joins them to P0's road and closes it.
  const s = scenario({
    expansions: TB,
    tiles: [
      'base/U',
      'base/V',
      'base/U',
      'base/V',
      'base/V',
      'base/V',
      'base/A',
      'base/V',
      'base/B',
      'base/A',
      'base/B',
      'base/V',
      'base/B',
    ],
  });
  s.play(tile(1, 0, 90), meeple(1, 0, 0), tile(0, 1, 0), meeple(0, 1, 0));
  s.play(tile(2, 0, 90), builder(2, 0, 0), tile(1, 1, 270), meeple(1, 1, 0));
  s.play(tile(0, 2, 180), pass, tile(1, 2, 90), pass, tile(2, 1, 90), pass, tile(-1, 1, 180), pass);
  s.play(tile(1, -1), pass, tile(3, 0, 90), pass, tile(2, -1), pass);
  t.same(
    s.view().players.map((p) => p.supply),
    [
      { meeple: 6, builder: 0, pig: 1 },
      { meeple: 5, builder: 1, pig: 1 },
    ],
  );
  t.same(s.view().scores, [0, 0]);
  s.play(tile(-1, 0, 270), pass);
  const road = scored(s.last);
  t.equal(road.length, 1);
  t.equal(road[0].tiles.length, 11);
  t.same(road[0].points, [{ seat: 1, points: 11 }], 'P1 alone: the builder adds no strength');
  t.same(
    new Set(road[0].returned.map((f) => `${f.owner}:${f.kind}:${f.x},${f.y}`)),
    new Set(['0:meeple:1,0', '0:builder:2,0', '1:meeple:0,1', '1:meeple:1,1']),
  );
  const v = s.view();
  t.same(v.scores, [0, 11]);
  t.same(
    v.players.map((p) => p.supply),
    [
      { meeple: 7, builder: 1, pig: 1 },
      { meeple: 7, builder: 1, pig: 1 },
    ],
  );
  t.same(v.figures, []);
});

t.test('a builder returns with its road when the road is scored, and stays while it is open', async (t) => {
  //   (-1,0) base/W r0 (P1) | start | (1,0) U P0 meeple | (2,0) U P0 builder | (3,0) base/A r90 closes (P0)
  const s = scenario({ expansions: TB, tiles: ['base/U', 'base/W', 'base/U', 'base/B', 'base/A', 'base/B', 'base/B'] });
  s.play(tile(1, 0, 90), meeple(1, 0, 0), tile(-1, 0, 0), pass, tile(2, 0, 90), builder(2, 0, 0), tile(0, 1), pass);
  t.same(
    s.view().figures.map((f) => f.kind),
    ['meeple', 'builder'],
    'still there while the road is open',
  );
  s.play(tile(3, 0, 90), pass);
  const road = scored(s.last);
  t.same(
    road.map((e) => e.points),
    [[{ seat: 0, points: 5 }]],
  );
  t.same(road[0].returned, [
    { owner: 0, kind: 'meeple', x: 1, y: 0, feature: 0 },
    { owner: 0, kind: 'builder', x: 2, y: 0, feature: 0 },
  ]);
  t.same(s.view().players[0].supply, { meeple: 7, builder: 1, pig: 1 });
  t.same(s.view().figures, []);
});

t.test("extending the builder's road gives a second part to the same player", async (t) => {
  const s = builderOnRoad(['base/U', 'base/B', 'base/B']);
  t.equal(legalMoves(s.game).actor, 0);
  t.notOk(
    s.events.some((e) => e.type === 'bonusPartStarted'),
    'no bonus yet',
  );
  // P0 extends the road at (3,0): after scoring, P0 draws again.
  s.play(tile(3, 0, 90), pass);
  t.same(types(s.last), ['figureSkipped', 'bonusPartStarted', 'tileDrawn']);
  t.same(s.last[1], { type: 'bonusPartStarted', seat: 0 });
  t.same(s.last[2], { type: 'tileDrawn', seat: 0, tile: 'base/B' });
  const lm = legalMoves(s.game);
  t.equal(lm.actor, 0);
  t.equal(lm.phase, 'placeTile');
  const v = s.view();
  t.equal(v.bonusPart, true);
  t.equal(v.activeSeat, 0);
  t.equal(v.drawnTile, 'base/B');
  t.equal(v.tilesLeftTotal, 1);
  // The second part: place (1,1), then the turn goes to P1.
  s.play(tile(1, 1), pass);
  t.same(
    s.last.filter((e) => e.type === 'turnStarted'),
    [{ type: 'turnStarted', seat: 1 }],
  );
  t.equal(s.view().bonusPart, false);
  t.equal(legalMoves(s.game).actor, 1);
});

t.test('the second part can complete and score another feature, and its goods go to the player', async (t) => {
  // Second part: base/E at (1,-1) r270 closes the wine city {start, (0,-1), (1,-1)} with a knight.
  const s = builderOnRoad(['base/U', 'base/E', 'base/B']);
  s.play(tile(3, 0, 90), pass, tile(1, -1, 270), meeple(1, -1, 0));
  t.same(
    scored(s.last).map((e) => [e.kind, e.points]),
    [['city', [{ seat: 0, points: 6 }]]],
  );
  t.same(scored(s.last)[0].returned, [{ owner: 0, kind: 'meeple', x: 1, y: -1, feature: 0 }]);
  t.same(
    s.last.filter((e) => e.type === 'goodsAwarded'),
    [{ type: 'goodsAwarded', seat: 0, goods: { wine: 1, wheat: 0, cloth: 0 } }],
  );
  const v = s.view();
  t.same(v.scores, [6, 0]);
  t.same(v.goods, [
    { wine: 1, wheat: 0, cloth: 0 },
    { wine: 0, wheat: 0, cloth: 0 },
  ]);
  t.equal(v.players[0].supply.meeple, 6, 'the road meeple stays, the knight came home');
  t.equal(v.activeSeat, 1);
});

t.test("no third part even if the second tile extends the builder's road again", async (t) => {
  const s = builderOnRoad(['base/U', 'base/U', 'base/B', 'base/U', 'base/B']);
  s.play(tile(3, 0, 90), pass);
  t.equal(s.view().bonusPart, true);
  s.play(tile(4, 0, 90), pass);
  t.same(types(s.last), ['figureSkipped', 'turnStarted', 'tileDrawn']);
  t.same(s.last[1], { type: 'turnStarted', seat: 1 });
  t.equal(legalMoves(s.game).actor, 1);
  t.equal(s.view().bonusPart, false);
  // The builder stays on the open road: on P0's next turn, extending it gives a bonus again.
  s.play(tile(1, 1), pass, tile(5, 0, 90), pass);
  t.same(
    s.last.filter((e) => e.type === 'bonusPartStarted'),
    [{ type: 'bonusPartStarted', seat: 0 }],
  );
});

t.test("the second part happens even when the first tile completed the builder's road", async (t) => {
  //   (-1,0) base/W r0 (P1) | start | (1,0) U P0 meeple | (2,0) U P0 builder | (3,0) base/A r90 closes (P0)
  const s = scenario({ expansions: TB, tiles: ['base/U', 'base/W', 'base/U', 'base/B', 'base/A', 'base/B', 'base/B'] });
  s.play(tile(1, 0, 90), meeple(1, 0, 0), tile(-1, 0, 0), pass, tile(2, 0, 90), builder(2, 0, 0), tile(0, 1), pass);
  s.play(tile(3, 0, 90), pass);
  t.same(types(s.last), ['figureSkipped', 'featureScored', 'bonusPartStarted', 'tileDrawn']);
  t.same(scored(s.last)[0].points, [{ seat: 0, points: 5 }]);
  t.same(s.view().players[0].supply, { meeple: 7, builder: 1, pig: 1 }, 'builder home before the second part');
  t.equal(legalMoves(s.game).actor, 0);
  t.equal(s.view().bonusPart, true);
  s.play(tile(1, 1), pass);
  t.equal(legalMoves(s.game).actor, 1);
});

t.test('a tile beside the builder that does not extend its road gives no second part', async (t) => {
  // P0 places base/B at (2,1), under the builder's tile: it touches only the field.
  const s = builderOnRoad(['base/B', 'base/B']);
  s.play(tile(2, 1), pass);
  t.same(
    s.last.filter((e) => e.type === 'turnStarted'),
    [{ type: 'turnStarted', seat: 1 }],
  );
  t.notOk(s.last.some((e) => e.type === 'bonusPartStarted'));
});

t.test("an opponent extending the builder's road gives nobody a second part", async (t) => {
  // P0 passes its turn elsewhere, then P1 extends the road at (3,0).
  const s = builderOnRoad(['base/B', 'base/U', 'base/B']);
  s.play(tile(1, 1), pass);
  s.play(tile(3, 0, 90), pass);
  t.same(
    s.last.filter((e) => e.type === 'turnStarted'),
    [{ type: 'turnStarted', seat: 0 }],
  );
  t.notOk(s.last.some((e) => e.type === 'bonusPartStarted'));
  t.equal(legalMoves(s.game).actor, 0);
});

t.test('no second part when the pile runs out on the first part: the game ends', async (t) => {
  // The tile at (3,0) that extends the builder's road is the last one.
  const s = builderOnRoad(['base/U']);
  s.play(tile(3, 0, 90), pass);
  t.notOk(s.last.some((e) => e.type === 'bonusPartStarted' || e.type === 'tileDrawn'));
  t.equal(s.last[1].type, 'finalScoringStarted');
  t.equal(s.view().status, 'finished');
  t.equal(s.view().bonusPart, false);
  t.equal(legalMoves(s.game).actor, null);
  // Final scoring: P0's 4-tile road (the builder adds nothing); the open wine city holds nobody.
  t.same(
    scored(s.last).map((e) => [e.kind, e.points]),
    [['road', [{ seat: 0, points: 4 }]]],
  );
  t.same(s.view().scores, [4, 0]);
});
