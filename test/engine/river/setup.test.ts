import t from 'tap';
import {
  createGame,
  legalMoves,
  playInPlace,
  publicView,
  tileCatalog,
  type ExpansionId,
  type Game,
  type GameSetup,
} from '../../../src/engine/index.js';
import { BENDS, LAKE, MIDDLE, SPRING, STRAIGHTS } from './helpers.js';

// docs/rules.md §10.1, §10.2 and §10.8: the set, the spring as start tile, the pile in stages
// (the ten middle river tiles shuffled, the lake, the land tiles), the base start tile removed
// or shuffled in, and what a tileOrder must list.

const players = [{ name: 'Ann' }, { name: 'Bob' }];
const made = (setup: Partial<GameSetup>): Game => {
  const r = createGame({ players, expansions: ['river'], ...setup });
  if (!r.ok) throw new Error(r.error.reason);
  return r.value.game;
};
const refusal = (setup: Partial<GameSetup>): string => {
  const r = createGame({ players, expansions: ['river'], ...setup });
  return r.ok ? 'accepted' : `${r.error.code}: ${r.error.reason}`;
};

/** Every tile a game draws in order, each seat playing its first legal move. */
function drawn(game: Game): string[] {
  const out = publicView(game).drawnTile ? [publicView(game).drawnTile!] : [];
  for (;;) {
    const lm = legalMoves(game);
    if (lm.actor === null) return out;
    const r = playInPlace(game, lm.moves[0]);
    if (!r.ok) throw new Error(r.error.reason);
    for (const e of r.value) if (e.type === 'tileDrawn') out.push(e.tile);
  }
}

t.test('§10.1 the set: a spring, a lake and ten middle tiles, six straight and four bends', async (t) => {
  const river = tileCatalog().tiles.filter((x) => x.set === 'river');
  t.same(
    river.map((x) => [x.id, x.count]),
    ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L'].map((l) => [`river/${l}`, 1]),
  );
  t.equal(tileCatalog().sets.river, 12);
  const course = (id: string) => {
    const f = river.find((x) => x.id === id)!.features.find((x) => x.kind === 'river');
    return f?.kind === 'river' ? f : undefined;
  };
  t.same(course(SPRING), { kind: 'river', edges: ['S'], end: 'spring' });
  t.same(course(LAKE), { kind: 'river', edges: ['N'], end: 'lake' });
  for (const id of STRAIGHTS) {
    const [a, b] = course(id)!.edges;
    t.ok('NSNS'.includes(a + b) || 'EWEW'.includes(a + b), `${id} runs straight (${a}-${b})`);
  }
  for (const id of BENDS) {
    const [a, b] = course(id)!.edges;
    t.notOk('NSNS'.includes(a + b) || 'EWEW'.includes(a + b), `${id} bends (${a}-${b})`);
  }
});

t.test('§10.1 the river is on when `expansions` names it, with any other set', async (t) => {
  const others: ExpansionId[][] = [
    [],
    ['traders-builders'],
    ['abbey-mayor'],
    ['inns-cathedrals'],
    ['traders-builders', 'abbey-mayor', 'inns-cathedrals'],
  ];
  for (const e of others) {
    const v = publicView(made({ expansions: [...e, 'river'], seed: 'on' }));
    t.equal(v.tiles[0].tile, SPRING, `${[...e, 'river'].join('+')}`);
    t.same(v.expansions, [...e, 'river']);
  }
  const off = createGame({ players, seed: 'off' });
  t.ok(off.ok && publicView(off.value.game).tiles[0].tile === 'base/D', 'without it the base start tile');
  t.notOk(off.ok && Object.keys(publicView(off.value.game).tilesLeft).some((id) => id.startsWith('river/')));
});

t.test('§10.2.1 the spring is placed at (0,0) in rotation 0 before the first turn', async (t) => {
  const v = publicView(made({ seed: 'spring' }));
  t.same(v.tiles, [{ tile: SPRING, x: 0, y: 0, rotation: 0 }]);
  t.same(v.rules, { endgameAbbeys: 'continue', wagonMove: 'c2', riverTurns: 'c2', riverStartTile: 'remove' });
});

t.test(
  '§10.2.2 riverStartTile: remove (default) leaves 3 base/D in the land pile; shuffle puts all 4 in',
  async (t) => {
    const land = (rules: GameSetup['rules']) => {
      const v = publicView(made({ seed: 'pile', rules }));
      const left = { ...v.tilesLeft };
      left[v.drawnTile!] = (left[v.drawnTile!] ?? 0) + 1;
      return left;
    };
    const removed = land({});
    t.equal(removed['base/D'], 3);
    t.equal(
      Object.values(removed).reduce((a, b) => a + b, 0),
      71 + 11,
      '71 base tiles and 11 river tiles to draw',
    );
    t.notOk(SPRING in removed, 'the spring is never drawn');
    t.same(land({ riverStartTile: 'remove' }), removed);
    const shuffled = land({ riverStartTile: 'shuffle' });
    t.equal(shuffled['base/D'], 4);
    t.equal(
      Object.values(shuffled).reduce((a, b) => a + b, 0),
      72 + 11,
    );
    t.equal(
      refusal({ rules: { riverStartTile: 'keep' as 'remove' } }),
      'INVALID_SETUP: riverStartTile must be one of remove, shuffle',
    );
    t.equal(
      refusal({ rules: { riverTurns: 'free' as 'c2' } }),
      'INVALID_SETUP: riverTurns must be one of c2, lookahead',
    );
    const plain = createGame({ players, rules: { riverTurns: 'c2' } });
    t.same(
      plain.ok ? null : plain.error,
      { code: 'INVALID_SETUP', reason: 'riverTurns is a rule of river, which this game does not enable' },
      'a river option in a game without the river is refused, not ignored',
    );
  },
);

t.test('§10.2.3 the pile: the ten middle tiles shuffled by the seed, then the lake, then the land', async (t) => {
  const orders = new Set<string>();
  for (const seed of ['a', 'b', 'c', 'd']) {
    for (const riverStartTile of ['remove', 'shuffle'] as const) {
      const tiles = drawn(made({ seed, rules: { riverStartTile } }));
      t.same([...tiles.slice(0, 10)].sort(), MIDDLE, `${seed}: the middle tiles first`);
      t.equal(tiles[10], LAKE, `${seed}: then the lake`);
      t.notOk(
        tiles.slice(11).some((id) => id.startsWith('river/')),
        `${seed}: then land tiles only`,
      );
      t.equal(tiles.length, 11 + (riverStartTile === 'remove' ? 71 : 72));
      orders.add(tiles.slice(0, 10).join());
    }
    t.same(drawn(made({ seed })), drawn(made({ seed })), `${seed}: the same seed, the same pile`);
  }
  t.ok(orders.size >= 3, 'different seeds shuffle the river differently');
});

t.test('§10.2.4 seat 0 draws the first river tile, and turns run as usual', async (t) => {
  const game = made({ seed: 'turns', players: [{ name: 'A' }, { name: 'B' }, { name: 'C' }] });
  const created = createGame({
    players: [{ name: 'A' }, { name: 'B' }, { name: 'C' }],
    expansions: ['river'],
    seed: 'turns',
  });
  t.ok(created.ok);
  if (!created.ok) return;
  t.same(
    created.value.events.map((e) => e.type),
    ['turnStarted', 'tileDrawn'],
  );
  t.match(created.value.events, [{ seat: 0 }, { seat: 0, tile: /^river\// }]);
  // Each river tile is its own turn, seat after seat: the figure step comes after each.
  const seats: number[] = [];
  for (let i = 0; i < 11; i++) {
    const lm = legalMoves(game);
    t.equal(lm.phase, 'placeTile');
    seats.push(lm.actor!);
    playInPlace(game, lm.moves[0]);
    const step = legalMoves(game);
    if (step.phase === 'placeFigure') playInPlace(game, { type: 'pass' });
  }
  t.same(seats, [0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1]);
  t.notOk(publicView(game).drawnTile?.startsWith('river/'), 'the land tiles come next');
});

t.test('§10.8 a tileOrder lists the ten middle tiles first, then the lake, then land tiles only', async (t) => {
  const river = [...MIDDLE].reverse();
  t.equal(refusal({ tileOrder: [...river, LAKE, 'base/E', 'base/D', 'base/D', 'base/D'] }), 'accepted');
  t.equal(refusal({ tileOrder: [...river, LAKE] }), 'accepted', 'no land tile at all');
  const first =
    'TILE_ORDER_INVALID: tileOrder must list river/B, river/C, river/D, river/E, river/F, river/G, river/H, river/I, river/J, river/K first, each once, in any order';
  t.equal(refusal({ tileOrder: [] }), first, 'not even an empty order');
  t.equal(refusal({ tileOrder: river.slice(0, 9) }), first, 'a middle tile missing');
  t.equal(refusal({ tileOrder: ['base/E', ...river, LAKE] }), first, 'a land tile first');
  t.equal(refusal({ tileOrder: [...river.slice(0, 9), LAKE, river[9]] }), first, 'the lake among the middle tiles');
  t.equal(refusal({ tileOrder: [river[0], ...river, LAKE] }), first, 'a middle tile twice');
  const lake =
    'TILE_ORDER_INVALID: tileOrder must list river/L after the 10 tiles of the stages before, each once, in any order';
  t.equal(refusal({ tileOrder: river }), lake, 'the lake missing');
  t.equal(refusal({ tileOrder: [...river, 'base/E', LAKE] }), lake, 'a land tile before the lake');
  t.equal(
    refusal({ tileOrder: [...river, LAKE, 'base/E', 'river/B'] }),
    'TILE_ORDER_INVALID: river/B may only be drawn in its stage, before the land tiles',
  );
  t.equal(
    refusal({ tileOrder: [...river, LAKE, SPRING] }),
    'TILE_ORDER_INVALID: river/A is the start tile: it is never drawn',
  );
  t.equal(
    refusal({ tileOrder: [...river, LAKE, 'base/D', 'base/D', 'base/D', 'base/D'] }),
    'TILE_ORDER_INVALID: tileOrder holds more base/D than the sets have',
    'with remove at most 3 base/D',
  );
  t.equal(
    refusal({
      tileOrder: [...river, LAKE, 'base/D', 'base/D', 'base/D', 'base/D'],
      rules: { riverStartTile: 'shuffle' },
    }),
    'accepted',
    'with shuffle 4',
  );
  t.equal(
    refusal({ tileOrder: [...river, LAKE, 'inns-cathedrals/K'] }),
    "TILE_ORDER_INVALID: tile inns-cathedrals/K is not in the chosen sets' pile",
  );
  const g = made({ tileOrder: [...river, LAKE, 'base/E'] });
  t.same(drawn(g), [...river, LAKE, 'base/E'], 'drawn in the order given');
});

t.test('§10.8 clients see the river tiles in the counts left, never the order', async (t) => {
  const v = publicView(made({ seed: 'secret' }));
  t.equal(v.tilesLeftTotal, 81, '10 river tiles, the lake and 71 land tiles, one river tile drawn');
  t.equal(
    MIDDLE.reduce((n, id) => n + (v.tilesLeft[id] ?? 0), 0),
    9,
  );
  t.equal(v.tilesLeft[LAKE], 1);
  t.notMatch(JSON.stringify(v), /secret/);
});
