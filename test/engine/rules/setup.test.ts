/**
 * docs/rules.md §1 (setup): players, supplies, the start tile, the pile.
 */
import t, { type Test } from 'tap';
import { createGame, legalMoves, publicView, type GameSetup } from '../../../src/engine/index.js';

const players = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `P${i}` }));

function refused(t: Test, setup: unknown, why: string) {
  const r = createGame(setup as GameSetup);
  t.equal(r.ok, false, why);
  if (!r.ok) {
    t.equal(r.error.code, 'INVALID_SETUP', `${why}: code`);
    t.ok(r.error.reason.length > 0, `${why}: a reason`);
  }
}

t.test('a game has 2 to 6 players, seated in order; seat 0 starts', async (t) => {
  refused(t, { players: players(1) }, 'one player');
  refused(t, { players: players(7) }, 'seven players');
  refused(t, { players: [{ name: '' }, { name: 'B' }] }, 'an empty name');
  for (const n of [2, 3, 4, 5, 6]) {
    const r = createGame({ players: players(n) });
    t.ok(r.ok, `${n} players`);
    if (!r.ok) continue;
    const v = publicView(r.value.game);
    t.same(
      v.players.map((p) => [p.seat, p.name]),
      players(n).map((p, i) => [i, p.name]),
    );
    t.equal(legalMoves(r.value.game).actor, 0);
  }
});

t.test('the start tile base/D lies at (0,0) with rotation 0 before the first turn', async (t) => {
  const r = createGame({ players: players(2), seed: 's' });
  if (!r.ok) throw new Error(r.error.reason);
  t.same(publicView(r.value.game).tiles, [{ tile: 'base/D', x: 0, y: 0, rotation: 0 }]);
  t.same(r.value.events.slice(0, 2), [
    { type: 'turnStarted', seat: 0 },
    { type: 'tileDrawn', seat: 0, tile: publicView(r.value.game).drawnTile },
  ]);
});

t.test(
  'supply: 7 meeples; Traders & Builders adds a builder and a pig; Abbey & Mayor a mayor, wagon, barn and an abbey',
  async (t) => {
    const supply = (expansions: GameSetup['expansions']) => {
      const r = createGame({ players: players(3), expansions });
      if (!r.ok) throw new Error(r.error.reason);
      return publicView(r.value.game).players.map((p) => ({ supply: p.supply, abbey: p.abbey }));
    };
    t.same(supply([]), Array(3).fill({ supply: { meeple: 7 }, abbey: undefined }));
    t.same(
      supply(['traders-builders']),
      Array(3).fill({ supply: { meeple: 7, builder: 1, pig: 1 }, abbey: undefined }),
    );
    t.same(supply(['abbey-mayor']), Array(3).fill({ supply: { meeple: 7, mayor: 1, wagon: 1, barn: 1 }, abbey: true }));
    t.same(
      supply(['traders-builders', 'abbey-mayor']),
      Array(3).fill({ supply: { meeple: 7, mayor: 1, wagon: 1, builder: 1, pig: 1, barn: 1 }, abbey: true }),
    );
  },
);

t.test('setup errors: unknown or repeated expansions, unknown rule values, tiles outside the sets', async (t) => {
  refused(t, { players: players(2), expansions: ['no-such-expansion'] }, 'an unknown expansion');
  refused(t, { players: players(2), expansions: ['abbey-mayor', 'abbey-mayor'] }, 'an expansion twice');
  refused(t, { players: players(2), rules: { endgameAbbeys: 'sometimes' } }, 'an unknown endgameAbbeys');
  refused(t, { players: players(2), rules: { wagonMove: 'c3' } }, 'an unknown wagonMove');
  refused(t, { players: players(2), tileOrder: ['base/Z'] }, 'an unknown tile');
  refused(t, { players: players(2), tileOrder: ['traders-builders/A'] }, 'a tile of a set not in the game');
  refused(t, { players: players(2), tileOrder: ['base/C', 'base/C'] }, 'more base/C than the box holds');
  refused(
    t,
    { players: players(2), tileOrder: ['base/D', 'base/D', 'base/D', 'base/D'] },
    'the start tile is not in the pile',
  );
  refused(
    t,
    { players: players(2), expansions: ['abbey-mayor'], tileOrder: ['abbey-mayor/A'] },
    'abbeys are never in the pile',
  );
  refused(t, { players: players(2), seed: 42 }, 'a seed that is not a string');
});

t.test('the pile holds every land tile of the chosen sets; without a seed it is still deterministic', async (t) => {
  const left = (setup: GameSetup) => {
    const r = createGame(setup);
    if (!r.ok) throw new Error(r.error.reason);
    const v = publicView(r.value.game);
    return {
      total: v.tilesLeftTotal + 1,
      d: (v.tilesLeft['base/D'] ?? 0) + (v.drawnTile === 'base/D' ? 1 : 0),
      drawn: v.drawnTile,
    };
  };
  t.equal(left({ players: players(2) }).total, 71, 'base: 72 tiles less the start tile');
  t.equal(left({ players: players(2) }).d, 3, 'three base/D besides the start tile');
  t.equal(left({ players: players(2), expansions: ['traders-builders', 'abbey-mayor'] }).total, 107);
  t.equal(left({ players: players(2) }).drawn, left({ players: players(2) }).drawn, 'no seed: the same first tile');
});
