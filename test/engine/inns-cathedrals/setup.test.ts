import t from 'tap';
import { createGame, play, publicView, tileCatalog } from '../../../src/engine/index.js';
import { figure, scenario, tile } from '../../helpers/scenario.js';

// docs/rules.md §9.1 and §9.7: the set's tiles, the large meeple in every supply.

const IC = ['inns-cathedrals'] as const;

t.test('the set has 18 tiles: six with one inn each (A B C L M N), two cathedrals (K x2)', async (t) => {
  const tiles = tileCatalog().tiles.filter((x) => x.set === 'inns-cathedrals');
  t.equal(
    tiles.reduce((n, x) => n + x.count, 0),
    18,
  );
  const inns = tiles.filter((x) => x.features.some((f) => f.kind === 'road' && f.inn));
  t.same(
    inns.map((x) => [x.id.slice(-1), x.count, x.features.filter((f) => f.kind === 'road' && f.inn).length]),
    ['A', 'B', 'C', 'L', 'M', 'N'].map((l) => [l, 1, 1]),
  );
  const cathedrals = tiles.filter((x) => x.features.some((f) => f.kind === 'city' && f.cathedral));
  t.same(
    cathedrals.map((x) => [x.id, x.count]),
    [['inns-cathedrals/K', 2]],
  );
  t.equal(tileCatalog().sets['inns-cathedrals'], 18);
});

t.test('the 18 tiles are shuffled into the land pile; without the expansion they are not drawn', async (t) => {
  const made = createGame({ players: [{ name: 'A' }, { name: 'B' }], expansions: [...IC], seed: 's' });
  t.ok(made.ok);
  if (!made.ok) return;
  const v = publicView(made.value.game);
  // 71 base land tiles + 18, one of them drawn already for seat 0.
  t.equal(v.tilesLeftTotal + 1, 89);
  t.ok(Object.keys(v.tilesLeft).some((id) => id.startsWith('inns-cathedrals/')));
  const without = createGame({ players: [{ name: 'A' }, { name: 'B' }], tileOrder: ['inns-cathedrals/K'] });
  t.equal(without.ok ? 'ok' : without.error.code, 'INVALID_SETUP', 'a tileOrder may not name the set when it is off');
});

t.test('every seat gets one large meeple besides its 7 meeples, with 2 to 6 players', async (t) => {
  for (let n = 2; n <= 6; n++) {
    const s = scenario({ players: n, expansions: [...IC], tiles: ['base/E'] });
    t.same(
      s.view().players.map((p) => p.supply),
      Array.from({ length: n }, () => ({ meeple: 7, largeMeeple: 1 })),
      `${n} players`,
    );
  }
  const all = scenario({ expansions: ['traders-builders', 'abbey-mayor', 'inns-cathedrals'], tiles: ['base/E'] });
  t.same(all.view().players[0].supply, { meeple: 7, builder: 1, pig: 1, mayor: 1, wagon: 1, barn: 1, largeMeeple: 1 });
});

t.test('without the expansion there is no large meeple: EXPANSION_NOT_ENABLED', async (t) => {
  const s = scenario({ tiles: ['base/E'] });
  t.same(s.view().players[0].supply, { meeple: 7 });
  s.play(tile(0, -1, 180));
  const r = play(s.game, figure('largeMeeple', 0, -1, 0));
  t.equal(r.ok ? 'ok' : r.error.code, 'EXPANSION_NOT_ENABLED');
});
