/**
 * The pile in stages (src/engine/pile.ts): an expansion may bring a start tile of its own and
 * tiles drawn before the land pile, stage after stage (`Expansion.tileSetup`). Shown with a
 * module that exists only here and stages base tiles, so that no tile is added to the catalog.
 */
import t from 'tap';
import {
  createGame,
  createRegistry,
  DEFAULT_REGISTRY,
  determinize,
  legalMoves,
  pileOrder,
  playInPlace,
  publicView,
  type Expansion,
  type ExpansionId,
  type Game,
  type GameSetup,
} from '../../src/engine/index.js';

const STAGER = 'stager' as ExpansionId;
const B4 = ['base/B', 'base/B', 'base/B', 'base/B'];
const stager: Expansion = {
  id: STAGER,
  // One of the two monasteries with a road (base/A) starts; the four monasteries (base/B), then
  // the whole city (base/C), come before the land.
  tileSetup: () => ({ start: 'base/A', displacedStartDrawn: true, stages: [B4, ['base/C']] }),
};
const registry = createRegistry([...DEFAULT_REGISTRY.modules, stager]);
const players = [{ name: 'Ann' }, { name: 'Bob' }];

function made(setup: Partial<GameSetup>): Game {
  const r = createGame({ players, expansions: [STAGER], seed: 's', ...setup }, registry);
  if (!r.ok) throw new Error(r.error.reason);
  return r.value.game;
}

/** Every tile the game draws, each seat playing its first legal move. */
function draws(game: Game): string[] {
  const drawn: string[] = [];
  for (;;) {
    const lm = legalMoves(game);
    if (lm.actor === null) return drawn;
    const r = playInPlace(game, lm.moves[0]);
    if (!r.ok) throw new Error(r.error.reason);
    for (const e of r.value) if (e.type === 'tileDrawn') drawn.push(e.tile);
  }
}

t.test("a module's start tile replaces the base one; its stages are drawn first, in order", async (t) => {
  for (const seed of ['a', 'b', 'c']) {
    const game = made({ seed });
    const v = publicView(game);
    t.same(v.tiles, [{ tile: 'base/A', x: 0, y: 0, rotation: 0 }], 'the start tile');
    const left = { ...v.tilesLeft };
    left[v.drawnTile!] += 1;
    t.equal(left['base/D'], 4, 'the displaced base/D is shuffled into the land pile');
    t.equal(left['base/A'], 1, 'one base/A went to the start');
    t.equal(v.tilesLeftTotal + 1, 72 - 1);
    const first = [v.drawnTile!, ...draws(game)];
    t.same(first.slice(0, 4), B4, 'stage one, then stage two');
    t.equal(first[4], 'base/C');
    t.notOk(first.slice(5).includes('base/B') || first.slice(5).includes('base/C'), 'no staged tile in the land pile');
  }
  const plain = createGame({ players, seed: 'a' }, registry);
  t.ok(plain.ok && publicView(plain.value.game).tiles[0].tile === 'base/D', 'without the module: base/D');
});

t.test('a tileOrder lists every stage whole, in order, before land tiles', async (t) => {
  const refusal = (tileOrder: string[]) => {
    const r = createGame({ players, expansions: [STAGER], tileOrder }, registry);
    return r.ok ? 'accepted' : `${r.error.code}: ${r.error.reason}`;
  };
  t.equal(refusal([...B4, 'base/C', 'base/D', 'base/D', 'base/D', 'base/D', 'base/A']), 'accepted');
  t.equal(
    refusal(['base/B', 'base/C', ...B4]),
    'TILE_ORDER_INVALID: tileOrder must list base/B first, each once, in any order',
  );
  t.equal(
    refusal([...B4, 'base/E']),
    'TILE_ORDER_INVALID: tileOrder must list base/C after the 4 tiles of the stages before, each once, in any order',
  );
  t.equal(
    refusal([]),
    'TILE_ORDER_INVALID: tileOrder must list base/B first, each once, in any order',
    'not even empty',
  );
  t.equal(
    refusal([...B4, 'base/C', 'base/C']),
    'TILE_ORDER_INVALID: base/C may only be drawn in its stage, before the land tiles',
  );
  t.equal(
    refusal([...B4, 'base/C', 'base/A', 'base/A']),
    'TILE_ORDER_INVALID: tileOrder holds more base/A than the sets have',
  );
  t.equal(
    refusal([...B4, 'base/C', 'base/D', 'base/D', 'base/D', 'base/D', 'base/D']),
    'TILE_ORDER_INVALID: tileOrder holds more base/D than the sets have',
  );
});

t.test('determinize reshuffles each stage on its own; pileOrder sorts ids into the stages', async (t) => {
  const game = made({ seed: 'd' });
  for (const seed of ['x', 'y', 'z', 'w']) {
    const copy = determinize(game, seed);
    const drawn = draws(copy);
    t.same(drawn.slice(0, 4), ['base/B', 'base/B', 'base/B', 'base/C'], `${seed}: the rest of stage one, then two`);
    t.notOk(drawn.slice(4).includes('base/B') || drawn.slice(4).includes('base/C'));
  }
  t.same(
    pileOrder({ expansions: [STAGER] }, ['base/E', 'base/C', 'base/D', 'base/B', 'base/B'], registry),
    ['base/B', 'base/B', 'base/C', 'base/E', 'base/D'],
    'stage one, stage two, then the land tiles, each in the order given',
  );
  t.same(pileOrder({}, ['base/E', 'base/C'], registry), ['base/E', 'base/C'], 'no stages: the order given');
});
