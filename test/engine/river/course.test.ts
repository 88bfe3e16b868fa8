import t from 'tap';
import { legalMoves, play, publicView, type Move, type Rules } from '../../../src/engine/index.js';
import { scenario, tile } from '../../helpers/scenario.js';
import { LAKE, MIDDLE, RiverWalk, riverOrder } from './helpers.js';

// docs/rules.md §10.3 and §10.4: a river tile continues the river at its open end, its river
// meeting the river there, under the turn rule. The spring lies at (0,0) and the river leaves
// it by the south, so the open end starts at (0,1), the river flowing south.

const placements = (s: { game: Parameters<typeof legalMoves>[0] }) => legalMoves(s.game).moves;
const walkOf = (course: string, rules: Partial<Rules> = {}, land: string[] = ['base/E']) =>
  new RiverWalk(scenario({ expansions: ['river'], rules, tiles: riverOrder(course, land) }));
/** The river tiles with `first` drawn first. */
const startingWith = (first: string) => [first, ...MIDDLE.filter((x) => x !== first), LAKE];
const refusal = (w: RiverWalk, m: Move) => {
  const r = play(w.s.game, m);
  return r.ok ? 'accepted' : `${r.error.code}: ${r.error.reason}`;
};

t.test('§10.3 a river tile goes only at the open end, its river meeting the river there', async (t) => {
  // river/D (straight, N-S at rotation 0): its river meets the spring's in two rotations.
  const straight = new RiverWalk(scenario({ expansions: ['river'], tiles: startingWith('river/D') }));
  t.same(placements(straight.s), [tile(0, 1, 0), tile(0, 1, 180)]);
  // river/E (a bend, W-S at rotation 0): rotation 90 brings its river to N and W (a right turn
  // for a river flowing south), 180 to E and N (a left turn).
  const bend = walkOf('R');
  t.equal(bend.s.view().drawnTile, 'river/E');
  t.same(placements(bend.s), [tile(0, 1, 90), tile(0, 1, 180)]);
  t.equal(bend.turnOf('river/E', 90), 'R');
  t.equal(bend.turnOf('river/E', 180), 'L');
});

t.test('§10.3 refusals: away from the open end, or with its river not meeting the river', async (t) => {
  const w = walkOf('S');
  t.equal(w.s.view().drawnTile, 'river/B');
  // river/B at (1,0) in rotation 0: its river's west side meets the spring's east side (a field);
  // a river side passes the edge test as a field side, but the tile does not continue the river.
  t.equal(refusal(w, tile(1, 0, 0)), 'RIVER_NOT_CONTINUED: a river tile must continue the river at its open end (0,1)');
  // At the open end in rotation 0 (river W-E, its city facing the spring): the spring's river
  // meets a city edge.
  t.equal(refusal(w, tile(0, 1, 0)), 'EDGES_DO_NOT_MATCH: river/B at rotation 0 does not match its neighbours');
  // In rotation 180 (its road facing the spring): the spring's river meets a road edge.
  t.match(refusal(w, tile(0, 1, 180)), /^EDGES_DO_NOT_MATCH/);
  t.same(placements(w.s), [tile(0, 1, 90), tile(0, 1, 270)], 'only with its river north-south');
  t.same(publicView(w.s.game).tiles.length, 1, 'a refusal changes nothing');
});

t.test('§10.3 a river edge matches only a river edge: a field side never meets the open river', async (t) => {
  // river/D (river N-S, fields W and E) and river/G (a bend W-N, fields in the other sides):
  // turned so that a field side faces the spring's river, their edges pass the field test,
  // and the river refuses them.
  for (const [first, rotation] of [
    ['river/D', 90],
    ['river/G', 180],
  ] as const) {
    const w = new RiverWalk(scenario({ expansions: ['river'], tiles: startingWith(first) }));
    t.equal(
      refusal(w, tile(0, 1, rotation)),
      `EDGES_DO_NOT_MATCH: the river at (0,1) must meet a river side of ${first}`,
      `${first} in rotation ${rotation}`,
    );
  }
});

t.test('§10.3 the lake closes the river: it has one placement, and afterwards no river edge is open', async (t) => {
  const w = walkOf('SSSSSSRLRL').walk('SSSSSSRLRL');
  t.equal(w.s.view().drawnTile, 'river/L');
  t.same(placements(w.s).length, 1, 'the lake, its river meeting the open end');
  w.step('lake');
  const v = w.s.view();
  t.equal(v.drawnTile, 'base/E', 'then land tiles');
  t.same(
    v.tiles.filter((x) => x.tile.startsWith('river/')).length,
    12,
    'the whole river is down: spring, ten middle tiles, lake',
  );
  // Land tiles go wherever their edges match, beside river tiles too (the lake's open side included).
  const lake = v.tiles[v.tiles.length - 1];
  t.ok(
    placements(w.s).some((m) => m.type === 'placeTile' && Math.abs(m.x - lake.x) + Math.abs(m.y - lake.y) === 1),
    'next to the lake',
  );
});

t.test('§10.4 turns are read along the flow: a right turn of a river flowing south goes west', async (t) => {
  const w = walkOf('RSL');
  w.walk('R');
  t.same([w.x, w.y, w.flow], [-1, 1, 3], 'the open end moved west of the bend');
  t.same(
    placements(w.s).map((m) => (m.type === 'placeTile' ? [m.x, m.y] : [])),
    [
      [-1, 1],
      [-1, 1],
    ],
  );
});

t.test('§10.4 c2 (a): a bend may not turn the same way as the river tile just before it', async (t) => {
  const w = walkOf('RR');
  w.walk('R');
  const right = w.placement('R');
  t.equal(right, undefined, 'only the left turn is listed');
  t.same(placements(w.s), [w.placement('L')]);
  const rotation = ([0, 90, 180, 270] as const).find((r) => w.turnOf('river/G', r) === 'R')!;
  t.equal(
    refusal(w, tile(-1, 1, rotation)),
    'RIVER_TURN_FORBIDDEN: the river may not turn the same way as the river tile just before (docs/rules.md §10.4)',
  );
  // After a straight the same way is allowed again.
  const again = walkOf('RSR');
  again.walk('RS');
  t.same(
    placements(again.s)
      .map((m) => (m.type === 'placeTile' ? again.turnOf('river/G', m.rotation) : null))
      .sort(),
    ['L', 'R'],
  );
});

t.test('§10.4 c2 (b): no third turn the same way since the last turn the other way (R S R S R)', async (t) => {
  const w = walkOf('RSRSR');
  w.walk('RSRS');
  t.equal(w.s.view().drawnTile, 'river/I');
  t.same(placements(w.s), [w.placement('L')], 'only the left turn');
  const rotation = ([0, 90, 180, 270] as const).find((r) => w.turnOf('river/I', r) === 'R')!;
  t.equal(
    refusal(w, tile(w.x, w.y, rotation)),
    'RIVER_TURN_FORBIDDEN: the river may not turn the same way a third time before it turns the other way (docs/rules.md §10.4)',
  );
  // R S R L: the left turn breaks the run; R S R L R is then fine.
  const l = walkOf('RSRLR');
  l.walk('RSRL');
  t.ok(l.placement('R'), 'R S R L R: a right turn again after the left one');
  t.ok(l.placement('L') === undefined, 'but not a second left in a row');
});

t.test('§10.4 lookahead: three turns the same way, spaced by straights, where the river keeps room', async (t) => {
  // R S R S S R: under c2 the third R is forbidden; under lookahead the river has room.
  const c2 = walkOf('RSRSSR');
  c2.walk('RSRSS');
  t.equal(c2.placement('R'), undefined, 'c2: not listed');
  const look = walkOf('RSRSSR', { riverTurns: 'lookahead' });
  look.walk('RSRSS');
  t.same([look.x, look.y, look.flow], [-2, -2, 0], 'flowing north at (-2,-2)');
  t.ok(look.placement('R'), 'lookahead: listed');
  look.walk('R');
  t.same([look.x, look.y, look.flow], [-1, -2, 1]);
});

t.test('§10.4 lookahead (1): beside the next cell, two cells ahead and beside it must be empty', async (t) => {
  // R then R at once: the river would flow north from (-1,1) into (-1,0), beside the spring.
  const w = walkOf('RR', { riverTurns: 'lookahead' });
  w.walk('R');
  t.equal(w.placement('R'), undefined);
  const rotation = ([0, 90, 180, 270] as const).find((r) => w.turnOf('river/G', r) === 'R')!;
  t.equal(
    refusal(w, tile(-1, 1, rotation)),
    'RIVER_TURN_FORBIDDEN: the river would run next to (0,0) two tiles ahead (lookahead, docs/rules.md §10.4)',
  );
  t.ok(w.placement('L'), 'the left turn keeps room');
});

t.test('§10.4 lookahead (2): no placed tile in the 3-wide strip straight ahead', async (t) => {
  // R S S R S, then at (-3,-1) a right turn east: the cells just ahead are empty, but the spring
  // at (0,0) lies in the strip of rows -2..0 east of it.
  const w = walkOf('RSSRSR', { riverTurns: 'lookahead' });
  w.walk('RSSRS');
  t.same([w.x, w.y, w.flow], [-3, -1, 0]);
  t.equal(w.placement('R'), undefined);
  const rotation = ([0, 90, 180, 270] as const).find((r) => w.turnOf(w.s.view().drawnTile!, r) === 'R')!;
  t.equal(
    refusal(w, tile(-3, -1, rotation)),
    'RIVER_TURN_FORBIDDEN: the river would flow towards (0,0) (lookahead, docs/rules.md §10.4)',
  );
  t.same(placements(w.s), [w.placement('L')], 'only the left turn');
});

t.test('§10.4 lookahead: the lake has no open side, it only has to meet the river', async (t) => {
  const w = walkOf('SSSSSSLRLR', { riverTurns: 'lookahead' });
  w.walk('SSSSSSLRLR');
  t.equal(w.s.view().drawnTile, 'river/L');
  t.equal(placements(w.s).length, 1);
  w.step('lake');
  t.equal(w.s.view().drawnTile, 'base/E');
});
