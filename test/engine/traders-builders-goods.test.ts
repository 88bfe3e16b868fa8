/**
 * Traders & Builders goods (RULES.md 3 "Goods", 4 "Goods"): the player who completes a city
 * takes one token per goods symbol in the whole city, whoever owns it; at the end the most
 * tokens of each kind (at least one) score 10 each, ties included.
 *
 * Start tile base/D at (0,0): city N, road W-E. y grows to the south.
 */
import t from 'tap';
import { legalMoves, play, publicView, type GameEvent, type PublicState } from '../../src/engine/index.js';
import { TILE_DEFS } from '../../src/engine/catalog-data.js';
import { playRandom, randomSetup } from '../helpers/random-play.js';
import { meeple, pass, scenario, scored, tile } from '../helpers/scenario.js';

const TB = ['traders-builders' as const];
const NONE = { wine: 0, wheat: 0, cloth: 0 };
const ofType = <K extends GameEvent['type']>(events: GameEvent[], type: K) =>
  events.filter((e): e is Extract<GameEvent, { type: K }> => e.type === type);

t.test('each player starts with no goods tokens and the view shows them per seat', async (t) => {
  const s = scenario({ expansions: TB, tiles: ['base/B'] });
  t.same(s.view().goods, [NONE, NONE]);
  t.same(s.view().players.map((p) => p.goods), [NONE, NONE]);
  t.same(s.view().players.map((p) => p.supply), [
    { meeple: 7, builder: 1, pig: 1 }, { meeple: 7, builder: 1, pig: 1 },
  ]);
  const base = scenario({ tiles: ['base/B'] });
  t.equal(base.view().goods, undefined, 'no goods without the expansion');
});

t.test('the completer takes the goods of a city they own nothing in; the owner takes the points', async (t) => {
  //   (0,-1) T&B/T r180 (wine, city S+E), P0 knight    (1,-1) base/E r270 closes it (P1)
  //   (0,0)  start                                     (0,1)  base/B filler
  const s = scenario({ expansions: TB, tiles: ['traders-builders/T', 'base/E', 'base/B'] });
  s.play(tile(0, -1, 180), meeple(0, -1, 0));
  t.equal(s.view().players[0]!.supply.meeple, 6);
  s.play(tile(1, -1, 270), pass);
  t.same(scored(s.last).map((e) => [e.kind, e.points]), [['city', [{ seat: 0, points: 6 }]]]);
  t.same(scored(s.last)[0]!.returned, [{ owner: 0, kind: 'meeple', x: 0, y: -1, feature: 0 }]);
  t.same(ofType(s.last, 'goodsAwarded'), [{ type: 'goodsAwarded', seat: 1, goods: { wine: 1, wheat: 0, cloth: 0 } }]);
  const v = s.view();
  t.same(v.scores, [6, 0]);
  t.same(v.goods, [NONE, { wine: 1, wheat: 0, cloth: 0 }]);
  t.same(v.players[1]!.goods, { wine: 1, wheat: 0, cloth: 0 });
  t.equal(v.players[0]!.supply.meeple, 7, 'the knight came home');
  t.same(v.figures, []);
  t.equal(v.status, 'active');
});

t.test('goods are handed out after the points and the returning knights, in the same move', async (t) => {
  const s = scenario({ expansions: TB, tiles: ['traders-builders/T', 'base/E', 'base/B'] });
  s.play(tile(0, -1, 180), meeple(0, -1, 0), tile(1, -1, 270), pass);
  const types = s.last.map((e) => e.type);
  t.ok(types.indexOf('featureScored') < types.indexOf('goodsAwarded'), 'scoring first, then goods (RULES 2.4 a-d)');
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
  t.equal(city[0]!.tiles.length, 5);
  t.same(city[0]!.points, [], 'nobody owns it');
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
  t.same(scored(s.last).map((e) => [e.kind, e.final, e.points]), [['city', true, [{ seat: 0, points: 2 }]]]);
  t.same(ofType(s.last, 'goodsScored').map((e) => [e.good, e.points]), [['wine', []], ['wheat', []], ['cloth', []]]);
  t.same(v.scores, [2, 0]);
});

t.test('final goods scoring: 10 to the most tokens of each kind, ties both, nobody for an unheld good', async (t) => {
  //   North city, closed by P1: start + Q(wine) + T&B/E(wheat) + F(wheat) + base/E   -> P1 1 wine 2 wheat
  //   South city, closed by P0: (0,1) base/E r180, (0,2) T r90 (wine), (1,2) G r270 (wheat), (1,3) base/E
  //                                                                                    -> P0 1 wine 1 wheat
  //   (-1,1) base/B filler. Nobody holds cloth.
  const s = scenario({
    expansions: TB,
    tiles: ['traders-builders/Q', 'traders-builders/E', 'traders-builders/F', 'base/E',
      'base/E', 'traders-builders/T', 'traders-builders/G', 'base/B', 'base/E'],
  });
  s.play(tile(0, -1, 90), pass, tile(0, -2, 90), pass, tile(0, -3, 180), pass, tile(1, -3, 270), pass);
  s.play(tile(0, 1, 180), pass, tile(0, 2, 90), pass, tile(1, 2, 270), pass, tile(-1, 1), pass);
  t.same(s.view().goods, [NONE, { wine: 1, wheat: 2, cloth: 0 }]);
  t.same(s.view().scores, [0, 0]);
  s.play(tile(1, 3, 0), pass);
  t.same(ofType(s.last, 'goodsAwarded'), [{ type: 'goodsAwarded', seat: 0, goods: { wine: 1, wheat: 1, cloth: 0 } }]);
  const v = s.view();
  t.equal(v.status, 'finished');
  t.same(v.goods, [{ wine: 1, wheat: 1, cloth: 0 }, { wine: 1, wheat: 2, cloth: 0 }]);
  t.same(ofType(s.last, 'goodsScored'), [
    { type: 'goodsScored', good: 'wine', points: [{ seat: 0, points: 10 }, { seat: 1, points: 10 }] },
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
  t.same(ofType(s.last, 'goodsScored').map((e) => [e.good, e.points]), [
    ['wine', [{ seat: 0, points: 10 }]], ['wheat', [{ seat: 0, points: 10 }]], ['cloth', []],
  ]);
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

// ---------------------------------------------------------------- random games
// An independent rebuild of roads, cities and fields from the public view (tile ids, positions,
// rotations and the catalog), to check the engine's goods, builders and pigs against it.

const DEFS = new Map(TILE_DEFS.map((d) => [d.id, d]));
const DIRS = ['N', 'E', 'S', 'W'] as const;
const STEP = [[0, -1], [1, 0], [0, 1], [-1, 0]] as const;
const GOOD_NAMES = ['wine', 'wheat', 'cloth'] as const;

interface Board {
  find(x: number, y: number, feature: number): string;
  open: Map<string, number>;
  kind(x: number, y: number, feature: number): string;
  segments: { x: number; y: number; feature: number; goods?: string }[];
}

function rebuild(v: PublicState): Board {
  const at = new Map(v.tiles.map((p) => [`${p.x},${p.y}`, p]));
  const parent = new Map<string, string>();
  const find = (k: string): string => {
    let r = k;
    while (parent.has(r) && parent.get(r) !== r) r = parent.get(r)!;
    parent.set(k, r);
    return r;
  };
  const union = (a: string, b: string) => { const ra = find(a), rb = find(b); if (ra !== rb) parent.set(ra, rb); };
  const ends: [string, number][] = [];
  const segments: Board['segments'] = [];
  for (const p of v.tiles) {
    const q = p.rotation / 90;
    DEFS.get(p.tile)!.features.forEach((f, i) => {
      const me = `${p.x},${p.y},${i}`;
      find(me);
      if (f.kind === 'city') segments.push({ x: p.x, y: p.y, feature: i, goods: f.goods });
      if (f.kind === 'road' || f.kind === 'city') {
        for (const e of f.edges) {
          const d = (DIRS.indexOf(e) + q) % 4;
          const nb = at.get(`${p.x + STEP[d]![0]},${p.y + STEP[d]![1]}`);
          if (!nb) { ends.push([me, 1]); continue; }
          const nq = nb.rotation / 90;
          const j = DEFS.get(nb.tile)!.features.findIndex((g) => (g.kind === 'road' || g.kind === 'city')
            && g.edges.some((ge) => (DIRS.indexOf(ge) + nq) % 4 === (d + 2) % 4));
          union(me, `${nb.x},${nb.y},${j}`);
        }
      }
      if (f.kind === 'field') {
        for (const h of f.halfEdges) {
          const d = (DIRS.indexOf(h[0] as 'N') + q) % 4;
          const nb = at.get(`${p.x + STEP[d]![0]},${p.y + STEP[d]![1]}`);
          if (!nb) continue;
          // My left half meets the neighbour's right half of the opposite edge, and vice versa.
          const want = `${(d + 2) % 4}${h[1] === 'L' ? 'R' : 'L'}`;
          const nq = nb.rotation / 90;
          const j = DEFS.get(nb.tile)!.features.findIndex((g) => g.kind === 'field'
            && g.halfEdges.some((gh) => `${(DIRS.indexOf(gh[0] as 'N') + nq) % 4}${gh[1]}` === want));
          union(me, `${nb.x},${nb.y},${j}`);
        }
      }
    });
  }
  const open = new Map<string, number>();
  for (const [k, n] of ends) open.set(find(k), (open.get(find(k)) ?? 0) + n);
  return {
    find: (x, y, f) => find(`${x},${y},${f}`),
    open,
    kind: (x, y, f) => DEFS.get(at.get(`${x},${y}`)!.tile)!.features[f]!.kind,
    segments,
  };
}

/** Goods symbols of every completed city on the board, per good. */
function completedSymbols(b: Board): number[] {
  const n = [0, 0, 0];
  for (const s of b.segments) {
    if (s.goods && !b.open.has(b.find(s.x, s.y, s.feature))) n[GOOD_NAMES.indexOf(s.goods as 'wine')] += 1;
  }
  return n;
}

t.test('random games with Traders & Builders keep the expansion\'s invariants', async (t) => {
  const GAMES = 30;
  let bonusParts = 0, goodsAwards = 0, builders = 0, pigs = 0;
  for (let i = 0; i < GAMES; i++) {
    const setup = randomSetup(`tb-${i}`, 2 + (i % 4), ['traders-builders']);
    let bonusDue: boolean | null = null;
    let inBonus = false;
    let lastStartSeat = -1;
    const fail = (msg: string) => t.fail(`game ${i}: ${msg}`);
    let cached: { n: number; b: Board } | null = null;
    const board = (v: PublicState): Board => {
      if (cached?.n !== v.tiles.length) cached = { n: v.tiles.length, b: rebuild(v) };
      return cached.b;
    };
    let scoredGoods = 0;
    const check = (v: PublicState) => {
      const b = board(v);
      const symbols = completedSymbols(b);
      GOOD_NAMES.forEach((g, k) => {
        const held = v.goods!.reduce((sum, c) => sum + c[g], 0);
        if (held > symbols[k]!) fail(`${held} ${g} tokens but ${symbols[k]} symbols in completed cities`);
        if (v.phase !== 'placeFigure' && held !== symbols[k]) fail(`${g}: ${held} tokens != ${symbols[k]} symbols`);
      });
      for (const p of v.players) {
        for (const kind of ['builder', 'pig'] as const) {
          const onBoard = v.figures.filter((f) => f.owner === p.seat && f.kind === kind).length;
          if (p.supply[kind]! + onBoard !== 1) fail(`seat ${p.seat} ${kind}: supply ${p.supply[kind]} + board ${onBoard}`);
        }
      }
      for (const f of v.figures) {
        if (f.kind !== 'builder' && f.kind !== 'pig') continue;
        const kind = b.kind(f.x, f.y, f.feature!);
        const root = b.find(f.x, f.y, f.feature!);
        const mates = v.figures.filter((m) => m.kind === 'meeple' && m.owner === f.owner && b.find(m.x, m.y, m.feature!) === root);
        if (f.kind === 'builder') {
          builders++;
          if (kind !== 'road' && kind !== 'city') fail(`builder on a ${kind}`);
          if (v.phase !== 'placeFigure' && v.status === 'active' && (mates.length === 0 || !b.open.has(root))) {
            fail(`builder at ${f.x},${f.y} without its owner's follower or on a complete feature`);
          }
        } else {
          pigs++;
          if (kind !== 'field' || mates.length === 0) fail(`pig at ${f.x},${f.y} on a ${kind} without its owner's farmer`);
        }
      }
    };
    const { game } = playRandom(setup, `tb-choice-${i}`, (g, move) => {
      const before = publicView(g);
      const r = play(g, move);
      if (!r.ok) return;
      const after = publicView(r.value.game);
      if (move.type === 'placeTile' && !inBonus) {
        // RULES 2.5: the tile extends a road or city that held the active player's builder.
        const b = board(after);
        const t0 = DEFS.get(after.tiles[after.tiles.length - 1]!.tile)!;
        const roots = new Set(t0.features.map((f, k) => (f.kind === 'road' || f.kind === 'city' ? b.find(move.x, move.y, k) : '')));
        const mine = before.figures.filter((f) => f.kind === 'builder' && f.owner === before.activeSeat);
        bonusDue = mine.some((f) => roots.has(b.find(f.x, f.y, f.feature!))) && after.tilesLeftTotal > 0;
      }
      for (const e of r.value.events) {
        if (e.type === 'goodsScored') scoredGoods += e.points.reduce((a, p) => a + p.points, 0);
        if (e.type === 'goodsAwarded') {
          goodsAwards++;
          if (e.seat !== before.activeSeat) fail(`goods to seat ${e.seat}, active ${before.activeSeat}`);
        }
        if (e.type === 'bonusPartStarted') {
          bonusParts++;
          if (inBonus) fail('a bonus part followed a bonus part');
          if (e.seat !== lastStartSeat) fail('a bonus part for another seat');
          if (bonusDue !== true) fail('a bonus part without extending the builder\'s feature');
          inBonus = true;
          bonusDue = null;
        }
        if (e.type === 'turnStarted' || e.type === 'finalScoringStarted') {
          if (bonusDue === true) fail('the builder\'s feature was extended but no bonus part followed');
          bonusDue = null;
          inBonus = false;
          if (e.type === 'turnStarted') lastStartSeat = e.seat;
        }
      }
      if (after.bonusPart && after.status === 'active' && legalMoves(r.value.game).actor !== after.activeSeat) {
        fail('another seat acts during a bonus part');
      }
      check(after);
    });
    const v = publicView(game);
    t.equal(v.status, 'finished');
    // Final goods scoring as recomputed from the tokens.
    const end = v.goods!;
    const expected = GOOD_NAMES.reduce((sum, g) => {
      const best = Math.max(...end.map((c) => c[g]));
      return sum + (best > 0 ? end.filter((c) => c[g] === best).length * 10 : 0);
    }, 0);
    if (scoredGoods !== expected) fail(`goods scoring gave ${scoredGoods}, expected ${expected}`);
  }
  // The games must actually exercise what they check.
  t.ok(bonusParts > 0, `bonus parts seen: ${bonusParts}`);
  t.ok(goodsAwards > 0, `goods awards seen: ${goodsAwards}`);
  t.ok(builders > 0 && pigs > 0, `builder/pig sightings: ${builders}/${pigs}`);
});
