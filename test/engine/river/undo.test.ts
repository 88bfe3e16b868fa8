import t from 'tap';
import { legalMoves, publicView, replay, type Move } from '../../../src/engine/index.js';
import { pass, scenario, type Scenario } from '../../helpers/scenario.js';
import { LAKE, RiverWalk, SPRING, riverOrder } from './helpers.js';

// docs/rules.md §2.2 (undo within a turn) in a game with The River (§10): the position an undo
// goes back to is rebuilt from the game's own setup, so the spring stays the start tile, the
// river's course and the pile's stages (the middle river tiles, the lake, the land) are as they
// were. The spring's river leaves it to the south: the river is open at (0,1).

const undo: Move = { type: 'undo' };
const LAND = ['base/U', 'base/B'];

/** Every tile drawn from here to the end, each placement the first listed and every figure step passed. */
function drawsToTheEnd(s: Scenario): string[] {
  const drawn: string[] = [];
  for (;;) {
    const lm = legalMoves(s.game);
    if (lm.actor === null) return drawn;
    s.play(lm.phase === 'placeFigure' ? pass : lm.moves[0]);
    for (const e of s.last) if (e.type === 'tileDrawn') drawn.push(e.tile);
  }
}

const tilesOnBoard = (s: Scenario) => s.view().tiles.map((p) => [p.tile, p.x, p.y]);

t.test(
  'undo takes back a river tile: the same river tile in hand, the spring at (0,0), the stages intact',
  async (t) => {
    const order = riverOrder('SRS', LAND);
    const s = scenario({ expansions: ['river'], tiles: order });
    t.equal(s.view().drawnTile, 'river/B', 'the first middle tile of the order is in hand');
    const before = s.view();
    const movesBefore = legalMoves(s.game);
    new RiverWalk(s).place('S');
    t.same(tilesOnBoard(s), [
      [SPRING, 0, 0],
      ['river/B', 0, 1],
    ]);
    t.same(legalMoves(s.game).moves.slice(-2), [undo, pass], 'the figure step lists the undo before the pass');
    s.play(undo);
    t.same(s.last, [{ type: 'placementUndone', seat: 0, tile: 'river/B', x: 0, y: 1 }]);
    t.same(s.view(), before, 'the view before the placement: river/B in hand, the spring alone on the board');
    t.same(tilesOnBoard(s), [[SPRING, 0, 0]], 'the spring, not the base start tile, at (0,0)');
    t.same(legalMoves(s.game), movesBefore, 'the same placements: at the open end of the river only');
    t.same(s.view().tilesLeft, before.tilesLeft, 'nothing went back to the pile nor left it');
    // Played on, the pile gives the rest of the river in its order, the lake last, then the land.
    new RiverWalk(s).step('S');
    t.equal(s.view().drawnTile, 'river/E', 'the second tile of the order');
    t.same(drawsToTheEnd(s), order.slice(2), 'the other middle tiles, the lake, then the land tiles, as ordered');
    t.equal(s.view().status, 'finished');
  },
);

t.test('undo of a bend restores the course: the same placements, and the bend may go the other way', async (t) => {
  // river/B straight, then river/E bent right and taken back: what the placements of a river
  // tile are (the open end, the turn rule) is read from the course the undo rebuilds.
  const s = scenario({ expansions: ['river'], tiles: riverOrder('SRS', LAND) });
  const walk = new RiverWalk(s).step('S');
  t.equal(s.view().drawnTile, 'river/E');
  const movesBefore = legalMoves(s.game);
  const openEnd = { x: walk.x, y: walk.y, flow: walk.flow };
  walk.place('R');
  s.play(undo);
  t.same(s.last, [{ type: 'placementUndone', seat: 1, tile: 'river/E', x: 0, y: 2 }]);
  t.same(legalMoves(s.game), movesBefore);
  t.same(tilesOnBoard(s), [
    [SPRING, 0, 0],
    ['river/B', 0, 1],
  ]);
  Object.assign(walk, openEnd).place('L');
  t.equal(s.last[0].type, 'tilePlaced', 'bent left instead');
});

t.test('undo of the lake: the lake back in hand, the land tiles still after it', async (t) => {
  const order = riverOrder('SRS', LAND);
  const s = scenario({ expansions: ['river'], tiles: order });
  // The ten middle tiles, each at its first listed placement, each figure step passed.
  for (let i = 0; i < 10; i++) s.play(legalMoves(s.game).moves[0], pass);
  t.equal(s.view().drawnTile, LAKE);
  const before = s.view();
  t.same(before.tilesLeft, { 'base/U': 1, 'base/B': 1 }, 'the lake in hand, the land tiles in the pile');
  s.play(legalMoves(s.game).moves[0], undo);
  t.match(s.last, [{ type: 'placementUndone', seat: 0, tile: LAKE }]);
  t.same(s.view(), before, 'the lake in hand again, eleven river tiles and the spring on the board');
  t.same(drawsToTheEnd(s), LAND, 'then the land tiles, in their order');
});

t.test('a river game with undos replays to the same position', async (t) => {
  const order = riverOrder('SRS', LAND);
  const s = scenario({ expansions: ['river'], tiles: order });
  const moves: Move[] = [];
  const play = (...ms: Move[]) => {
    s.play(...ms);
    moves.push(...ms);
  };
  for (let i = 0; i < 11; i++) {
    const placement = legalMoves(s.game).moves[0];
    play(placement, undo, placement, pass);
  }
  const r = replay({ players: [{ name: 'P0' }, { name: 'P1' }], expansions: ['river'], tileOrder: order }, moves);
  if (!r.ok) throw new Error(r.error.reason);
  t.same(publicView(r.value.game), s.view());
  t.equal(s.events.filter((e) => e.type === 'placementUndone').length, 11, 'eleven river tiles taken back');
  t.equal(s.view().drawnTile, 'base/U', 'the land begins');
});
