import t from 'tap';
import { keyOf } from '../../../src/engine/geometry.js';
import { stateOf } from '../../../src/engine/game.js';
import { legalMoves } from '../../../src/engine/index.js';
import { pass, scenario } from '../../helpers/scenario.js';
import { LAKE, RiverWalk, riverOrder } from './helpers.js';

// docs/rules.md §10.5: a river tile that fits nowhere is discarded and the same player draws
// the next tile, still from the river pile, then the lake, then land tiles. Under either turn
// rule this cannot happen with this river (test/engine/river/courses.test.ts walks every course
// and finds a placement for every tile); so the river's state is forced here into a course that
// cannot go on: its open end moved onto the spring.

t.test('§10.5 a river tile that fits nowhere is discarded; the same seat draws on, river tiles first', async (t) => {
  for (const riverTurns of ['c2', 'lookahead'] as const) {
    const s = scenario({ expansions: ['river'], rules: { riverTurns }, tiles: riverOrder('SSSSSSRLRL', ['base/E']) });
    const w = new RiverWalk(s);
    w.walk('SS').place('S'); // seat 0 placed the third river tile; its figure step is open
    const course = stateOf(s.game).slots.find(
      (v): v is { end: number } => typeof v === 'object' && v !== null && 'end' in v && 'flow' in v,
    );
    if (course === undefined) throw new Error('no river course in the state');
    const g = stateOf(s.game);
    g.slots[g.slots.indexOf(course)] = { ...course, end: keyOf(0, 0) };
    s.play(pass);
    const draws = s.last.filter((e) => e.type === 'tileDrawn' || e.type === 'tileDiscarded');
    t.same(
      draws.map((e) => [e.type, e.type === 'tileDrawn' || e.type === 'tileDiscarded' ? [e.seat, e.tile] : []]),
      [
        ...['river/F', 'river/H', 'river/K', 'river/E', 'river/G', 'river/I', 'river/J', LAKE].flatMap((id) => [
          ['tileDrawn', [1, id]],
          ['tileDiscarded', [1, id]],
        ]),
        ['tileDrawn', [1, 'base/E']],
      ],
      `${riverTurns}: seat 1 draws and discards every river tile left, the lake last, then draws a land tile`,
    );
    t.ok(
      draws.every((e) => e.type !== 'tileDiscarded' || e.reason === 'unplaceable'),
      'each discarded as unplaceable',
    );
    const lm = legalMoves(s.game);
    t.same([lm.phase, lm.actor], ['placeTile', 1]);
    t.ok(lm.moves.length > 0, 'the land tile has its placements');
  }
});
