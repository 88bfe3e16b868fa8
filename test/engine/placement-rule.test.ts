/**
 * Placement rules (src/engine/placement.ts): an expansion may refuse placements whose edges
 * match (`Expansion.placementRule`), and the legal list, the check of a submitted move and the
 * discard of a tile that fits nowhere all follow it. Shown with a module that exists only here:
 * no tile west of the start tile, and no whole city (base/C) anywhere.
 */
import t from 'tap';
import {
  createGame,
  createRegistry,
  DEFAULT_REGISTRY,
  legalMoves,
  play,
  type Expansion,
  type ExpansionId,
  type Game,
} from '../../src/engine/index.js';
import { xOf } from '../../src/engine/geometry.js';

const asked: string[] = [];
const fence: Expansion = {
  id: 'fence' as ExpansionId,
  placementRule(_g, type) {
    asked.push(type.id);
    if (type.id === 'base/C') return { refusal: () => ({ code: 'ILLEGAL_MOVE', reason: 'no whole city here' }) };
    return { refusal: (key) => (xOf(key) < 0 ? { code: 'ILLEGAL_MOVE', reason: 'nothing west of the start' } : null) };
  },
};
const registry = createRegistry([...DEFAULT_REGISTRY.modules, fence]);

function game(tileOrder: string[], expansions = ['fence']): Game {
  const r = createGame(
    { players: [{ name: 'A' }, { name: 'B' }], expansions: expansions as ExpansionId[], tileOrder },
    registry,
  );
  if (!r.ok) throw new Error(r.error.reason);
  return r.value.game;
}

t.test('the legal list and the move check follow the rule; edges are checked first', async (t) => {
  // base/U (a straight road) fits the start tile's east and west roads, and below it.
  const plain = legalMoves(game(['base/U'], [])).moves;
  t.ok(
    plain.some((m) => m.type === 'placeTile' && m.x === -1),
    'without the module a placement west',
  );
  const g = game(['base/U']);
  const moves = legalMoves(g).moves;
  t.same(
    moves,
    plain.filter((m) => m.type === 'placeTile' && m.x >= 0),
    'with it the same list without the positions west',
  );
  const west = play(g, { type: 'placeTile', x: -1, y: 0, rotation: 90 });
  t.same(west.ok ? null : west.error, { code: 'ILLEGAL_MOVE', reason: 'nothing west of the start' });
  const crooked = play(g, { type: 'placeTile', x: -1, y: 0, rotation: 0 });
  t.same(crooked.ok ? null : crooked.error.code, 'EDGES_DO_NOT_MATCH', 'a mismatch is said first');
  t.ok(play(g, { type: 'placeTile', x: 1, y: 0, rotation: 90 }).ok);
});

t.test('a tile the rule refuses everywhere is discarded, and the next one drawn', async (t) => {
  const r = createGame(
    { players: [{ name: 'A' }, { name: 'B' }], expansions: ['fence' as ExpansionId], tileOrder: ['base/C', 'base/U'] },
    registry,
  );
  if (!r.ok) throw new Error(r.error.reason);
  t.same(
    r.value.events.filter((e) => e.type === 'tileDrawn' || e.type === 'tileDiscarded'),
    [
      { type: 'tileDrawn', seat: 0, tile: 'base/C' },
      { type: 'tileDiscarded', seat: 0, tile: 'base/C', reason: 'unplaceable' },
      { type: 'tileDrawn', seat: 0, tile: 'base/U' },
    ],
  );
  t.equal(legalMoves(r.value.game).phase, 'placeTile');
});

t.test('a game without the module never asks it', async (t) => {
  asked.length = 0;
  const g = game(['base/U', 'base/U'], []);
  legalMoves(g);
  t.ok(play(g, { type: 'placeTile', x: 1, y: 0, rotation: 90 }).ok);
  t.same(asked, []);
});
