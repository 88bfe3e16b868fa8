/**
 * Traders & Builders goods (docs/rules.md §3 and §4 (goods)): the player who completes a city
 * takes one token per goods symbol in the whole city, whoever owns it; at the end the most
 * tokens of each kind (at least one) score 10 each, ties included.
 *
 * Start tile base/D at (0,0): city N, road W-E. y grows to the south.
 */
import t from 'tap';
import type { GameEvent } from '../../../src/engine/index.js';
import { meeple, pass, scenario, scored, tile } from '../../helpers/scenario.js';

const TB = ['traders-builders' as const];
const NONE = { wine: 0, wheat: 0, cloth: 0 };
const ofType = <K extends GameEvent['type']>(events: GameEvent[], type: K) =>
  events.filter((e): e is Extract<GameEvent, { type: K }> => e.type === type);

t.test('each player starts with no goods tokens and the view shows them per seat', async (t) => {
  const s = scenario({ expansions: TB, tiles: ['base/B'] });
  t.same(s.view().goods, [NONE, NONE]);
  t.same(
    s.view().players.map((p) => p.goods),
    [NONE, NONE],
  );
  t.same(
    s.view().players.map((p) => p.supply),
    [
      { meeple: 7, builder: 1, pig: 1 },
      { meeple: 7, builder: 1, pig: 1 },
    ],
  );
  const base = scenario({ tiles: ['base/B'] });
  t.equal(base.view().goods, undefined, 'no goods without the expansion');
});

t.test('the completer takes the goods of a city they own nothing in; the owner takes the points', async (t) => {
  //   (0,-1) T&B/T r180 (wine, city S+E), P0 knight    (1,-1) base/E r270 closes it (P1)
  //   (0,0)  start                                     (0,1)  base/B filler
  const s = scenario({ expansions: TB, tiles: ['traders-builders/T', 'base/E', 'base/B'] });
  s.play(tile(0, -1, 180), meeple(0, -1, 0));
  t.equal(s.view().players[0].supply.meeple, 6);
  s.play(tile(1, -1, 270), pass);
  t.same(
    scored(s.last).map((e) => [e.kind, e.points]),
    [['city', [{ seat: 0, points: 6 }]]],
  );
  t.same(scored(s.last)[0].returned, [{ owner: 0, kind: 'meeple', x: 0, y: -1, feature: 0 }]);
  t.same(ofType(s.last, 'goodsAwarded'), [{ type: 'goodsAwarded', seat: 1, goods: { wine: 1, wheat: 0, cloth: 0 } }]);
  const v = s.view();
  t.same(v.scores, [6, 0]);
  t.same(v.goods, [NONE, { wine: 1, wheat: 0, cloth: 0 }]);
  t.same(v.players[1].goods, { wine: 1, wheat: 0, cloth: 0 });
  t.equal(v.players[0].supply.meeple, 7, 'the knight came home');
  t.same(v.figures, []);
  t.equal(v.status, 'active');
});

t.test('goods are handed out after the points and the returning knights, in the same move', async (t) => {
  const s = scenario({ expansions: TB, tiles: ['traders-builders/T', 'base/E', 'base/B'] });
  s.play(tile(0, -1, 180), meeple(0, -1, 0), tile(1, -1, 270), pass);
  const types = s.last.map((e) => e.type);
  t.ok(
    types.indexOf('featureScored') < types.indexOf('goodsAwarded'),
    'scoring first, then goods (docs/rules.md §2.4 a-d)',
  );
  t.ok(types.indexOf('goodsAwarded') < types.indexOf('turnStarted'), 'before the next turn');
});

t.test('a city completed with nobody in it still gives its tokens, one per symbol of the whole city', async (t) => {
  //   (0,-3) T&B/F r180 (wheat)  (1,-3) base/E r270 <- P1 closes
  //   (0,-2) T&B/E r90  (wheat)
  //   (0,-1) T&B/Q r90  (wine)
  //   (0,0)  start
  const s = scenario({
    expansions: TB,
    tiles: ['traders-builders/Q', 'traders-builders/E', 'traders-builders/F', 'base/E', 'base/B'],
  });
  s.play(tile(0, -1, 90), pass, tile(0, -2, 90), pass, tile(0, -3, 180), pass);
  t.same(s.view().goods, [NONE, NONE], 'nothing before the city is complete');
  s.play(tile(1, -3, 270), pass);
  const city = scored(s.last);
  t.equal(city.length, 1);
  t.equal(city[0].tiles.length, 5);
  t.same(city[0].points, [], 'nobody owns it');
  t.same(ofType(s.last, 'goodsAwarded'), [{ type: 'goodsAwarded', seat: 1, goods: { wine: 1, wheat: 2, cloth: 0 } }]);
  t.same(s.view().goods, [NONE, { wine: 1, wheat: 2, cloth: 0 }]);
  t.same(s.view().scores, [0, 0]);
});

t.test('a completed city without goods symbols gives no tokens', async (t) => {
  //   (0,-1) base/E r180 closes the start city (P0)
  const s = scenario({ expansions: TB, tiles: ['base/E', 'base/B'] });
  s.play(tile(0, -1, 180), pass);
  t.equal(scored(s.last).length, 1, 'the city was completed');
  t.same(ofType(s.last, 'goodsAwarded'), []);
  t.same(s.view().goods, [NONE, NONE]);
});

t.test('an incomplete goods city gives no tokens, not even at the end', async (t) => {
  //   (0,-1) T&B/T r180 (wine), P0 knight; its E side stays open
  const s = scenario({ expansions: TB, tiles: ['traders-builders/T', 'base/B'] });
  s.play(tile(0, -1, 180), meeple(0, -1, 0), tile(0, 1), pass);
  const v = s.view();
  t.equal(v.status, 'finished');
  t.same(v.goods, [NONE, NONE]);
  t.same(ofType(s.events, 'goodsAwarded'), []);
  // Final scoring: the 2-tile city scores 1 per tile; no good has a holder.
  t.same(
    scored(s.last).map((e) => [e.kind, e.final, e.points]),
    [['city', true, [{ seat: 0, points: 2 }]]],
  );
  t.same(
    ofType(s.last, 'goodsScored').map((e) => [e.good, e.points]),
    [
      ['wine', []],
      ['wheat', []],
      ['cloth', []],
    ],
  );
  t.same(v.scores, [2, 0]);
});

t.test('final goods scoring: 10 to the most tokens of each kind, ties both, nobody for an unheld good', async (t) => {
  //   North city, closed by P1: start + Q(wine) + T&B/E(wheat) + F(wheat) + base/E   -> P1 1 wine 2 wheat
  //   South city, closed by P0: (0,1) base/E r180, (0,2) T r90 (wine), (1,2) G r270 (wheat), (1,3) base/E
  //                                                                                    -> P0 1 wine 1 wheat
  //   (-1,1) base/B filler. Nobody holds cloth.
  const s = scenario({
    expansions: TB,
    tiles: [
      'traders-builders/Q',
      'traders-builders/E',
      'traders-builders/F',
      'base/E',
      'base/E',
      'traders-builders/T',
      'traders-builders/G',
      'base/B',
      'base/E',
    ],
  });
  s.play(tile(0, -1, 90), pass, tile(0, -2, 90), pass, tile(0, -3, 180), pass, tile(1, -3, 270), pass);
  s.play(tile(0, 1, 180), pass, tile(0, 2, 90), pass, tile(1, 2, 270), pass, tile(-1, 1), pass);
  t.same(s.view().goods, [NONE, { wine: 1, wheat: 2, cloth: 0 }]);
  t.same(s.view().scores, [0, 0]);
  s.play(tile(1, 3, 0), pass);
  t.same(ofType(s.last, 'goodsAwarded'), [{ type: 'goodsAwarded', seat: 0, goods: { wine: 1, wheat: 1, cloth: 0 } }]);
  const v = s.view();
  t.equal(v.status, 'finished');
  t.same(v.goods, [
    { wine: 1, wheat: 1, cloth: 0 },
    { wine: 1, wheat: 2, cloth: 0 },
  ]);
  t.same(ofType(s.last, 'goodsScored'), [
    {
      type: 'goodsScored',
      good: 'wine',
      points: [
        { seat: 0, points: 10 },
        { seat: 1, points: 10 },
      ],
    },
    { type: 'goodsScored', good: 'wheat', points: [{ seat: 1, points: 10 }] },
    { type: 'goodsScored', good: 'cloth', points: [] },
  ]);
  t.same(v.scores, [10, 20]);
  const ended = ofType(s.last, 'gameEnded');
  t.same(ended, [{ type: 'gameEnded', scores: [10, 20] }]);
});

t.test('goods tokens are kept by the completer even in a three-player game; others get nothing', async (t) => {
  // Same north city as above, closed by seat 0 on its second turn (seats 1 and 2 build in between).
  //   P0 Q (0,-1) r90, P1 T&B/E (0,-2) r90, P2 F (0,-3) r180, P0 base/E (1,-3) r270 closes.
  const s = scenario({
    players: 3,
    expansions: TB,
    tiles: ['traders-builders/Q', 'traders-builders/E', 'traders-builders/F', 'base/E', 'base/B'],
  });
  s.play(tile(0, -1, 90), pass, tile(0, -2, 90), pass, tile(0, -3, 180), pass, tile(1, -3, 270), pass);
  t.same(s.view().goods, [{ wine: 1, wheat: 2, cloth: 0 }, NONE, NONE]);
  s.play(tile(0, 1), pass);
  t.same(
    ofType(s.last, 'goodsScored').map((e) => [e.good, e.points]),
    [
      ['wine', [{ seat: 0, points: 10 }]],
      ['wheat', [{ seat: 0, points: 10 }]],
      ['cloth', []],
    ],
  );
  t.same(s.view().scores, [20, 0, 0]);
});

t.test('one tile that completes two goods cities hands over the tokens of both', async (t) => {
  //            (1,-2)            (2,-2) base/E r180
  //   (0,-1) T r180 (wine) | (1,-1) base/H r0 | (2,-1) T&B/G r0 (wheat)
  //   (0,0)  start         | (1,0)  base/U r90 | (2,0) base/U r90
  // H's west city closes the wine city, its east city the wheat city (P1 places H).
  const s = scenario({
    expansions: TB,
    tiles: ['traders-builders/T', 'base/U', 'base/U', 'traders-builders/G', 'base/E', 'base/H', 'base/B'],
  });
  s.play(tile(0, -1, 180), pass, tile(1, 0, 90), pass, tile(2, 0, 90), pass);
  s.play(tile(2, -1, 0), pass, tile(2, -2, 180), pass);
  t.same(s.view().goods, [NONE, NONE]);
  s.play(tile(1, -1, 0), pass);
  t.equal(scored(s.last).filter((e) => e.kind === 'city').length, 2, 'two cities completed');
  const total = { ...NONE };
  for (const e of ofType(s.last, 'goodsAwarded')) {
    t.equal(e.seat, 1);
    for (const k of ['wine', 'wheat', 'cloth'] as const) total[k] += e.goods[k];
  }
  t.same(total, { wine: 1, wheat: 1, cloth: 0 });
  t.same(s.view().goods, [NONE, { wine: 1, wheat: 1, cloth: 0 }]);
});
