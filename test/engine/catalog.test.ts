import t from 'tap';
import { readFileSync } from 'node:fs';
import { SETS, createGame, publicView, tileCatalog, type ExpansionId } from '../../src/engine/index.js';
import { TILE_DEFS as BASE_DEFS } from '../../src/engine/catalog-data.js';
import { DEFAULT_REGISTRY } from '../../src/engine/expansions/index.js';
import type { TileDef } from '../../src/engine/catalog-types.js';

// The engine's tile catalog must be the spec's tiles.json (copied to test/fixtures): every
// rule fact of every tile. Cosmetic fields (letter, decor, variants, source, notes,
// confidence) are not rule facts and are left out of the comparison.

interface SpecTile extends TileDef {
  letter: string;
}
const spec = JSON.parse(readFileSync(new URL('../fixtures/tiles.json', import.meta.url), 'utf8')) as {
  sets: Record<string, SpecTile[]>;
};

/** The rule facts of a tile, with only the keys that tiles.json gives. */
const facts = (x: TileDef) => ({
  id: x.id,
  count: x.count,
  ...(x.startTile !== undefined ? { startTile: x.startTile } : {}),
  features: x.features.map((f) => ({ ...f })),
  wagonLinks: x.wagonLinks,
});
const specTiles = SETS.flatMap((set) => spec.sets[set].map((x) => ({ set, ...facts(x) })));

t.test('tileCatalog() equals the spec tiles.json, tile by tile', async (t) => {
  const cat = tileCatalog();
  t.same(
    cat.tiles.map((x) => x.id),
    specTiles.map((x) => x.id),
    'same ids in the same order',
  );
  for (const want of specTiles) {
    const got = cat.tiles.find((x) => x.id === want.id)!;
    t.strictSame({ set: got.set, ...facts(got) }, want, want.id);
  }
  t.strictSame(cat.sets, { base: 72, 'traders-builders': 24, 'abbey-mayor': 18, 'inns-cathedrals': 18, river: 12 });
});

/** The base set's tiles, then each shipped expansion's (from its folder), in the spec's order. */
const TILE_DEFS = [...BASE_DEFS, ...DEFAULT_REGISTRY.modules.flatMap((m) => m.tiles ?? [])];

t.test('the tile tables, the core one and each folder one, equal the spec tiles.json', async (t) => {
  t.equal(TILE_DEFS.length, specTiles.length);
  TILE_DEFS.forEach((def, i) => {
    const { set: _set, ...want } = specTiles[i];
    t.strictSame(facts(def), want, def.id);
  });
});

/** Copies of each feature kind in a set, counting every copy of every tile. */
function tally(set: string) {
  const tiles = tileCatalog().tiles.filter((x) => x.set === set);
  const kinds: Record<string, number> = {};
  const goods: Record<string, number> = {};
  let pennants = 0;
  for (const x of tiles) {
    for (const f of x.features) {
      kinds[f.kind] = (kinds[f.kind] ?? 0) + x.count;
      if (f.kind === 'city') {
        pennants += f.pennants * x.count;
        if (f.goods) goods[f.goods] = (goods[f.goods] ?? 0) + x.count;
      }
    }
  }
  return { letters: tiles.length, tiles: tiles.reduce((a, x) => a + x.count, 0), kinds, goods, pennants, list: tiles };
}

t.test('base set: 72 tiles, 24 letters, 4 D with the start tile, 10 pennants, 49/62/126 segments', async (t) => {
  const b = tally('base');
  t.equal(b.tiles, 72);
  t.equal(b.letters, 24);
  t.same(b.list.map((x) => x.id.slice(5)).join(''), 'ABCDEFGHIJKLMNOPQRSTUVWX');
  const starts = b.list.filter((x) => x.startTile);
  t.same(
    starts.map((x) => [x.id, x.count]),
    [['base/D', 4]],
    'the start tile is one of the 4 base/D',
  );
  t.equal(b.pennants, 10);
  t.equal(b.kinds.city, 49);
  t.equal(b.kinds.road, 62);
  t.equal(b.kinds.field, 126);
  t.equal(b.kinds.monastery, 6);
  t.same(b.goods, {});
});

t.test('Traders & Builders: 24 tiles, goods wine 9, wheat 6, cloth 5', async (t) => {
  const tb = tally('traders-builders');
  t.equal(tb.tiles, 24);
  t.equal(tb.letters, 24);
  t.strictSame(tb.goods, { wheat: 6, cloth: 5, wine: 9 });
  t.equal(tb.pennants, 0);
});

t.test('Abbey & Mayor: 12 land tiles and 6 abbeys, 6 pennants', async (t) => {
  const am = tally('abbey-mayor');
  const abbeys = am.list.filter((x) => x.features.some((f) => f.kind === 'abbey'));
  t.same(
    abbeys.map((x) => [x.id, x.count]),
    [['abbey-mayor/A', 6]],
  );
  t.equal(am.tiles - 6, 12, 'land tiles');
  t.equal(am.letters, 13);
  t.equal(am.pennants, 6);
});

t.test('the draw pile: 71 base tiles, 95 with T&B, 83 with A&M, 107 with both; abbeys never', async (t) => {
  const cases: [ExpansionId[], number][] = [
    [[], 71],
    [['traders-builders'], 95],
    [['abbey-mayor'], 83],
    [['traders-builders', 'abbey-mayor'], 107],
  ];
  for (const [expansions, size] of cases) {
    const c = createGame({ players: [{ name: 'A' }, { name: 'B' }], expansions, seed: 'pile' });
    if (!c.ok) throw new Error(c.error.reason);
    const v = publicView(c.value.game);
    t.equal(v.tilesLeftTotal + 1, size, `${expansions.join('+') || 'base'}: ${size} (one already drawn)`);
    const left = { ...v.tilesLeft };
    left[v.drawnTile!] = (left[v.drawnTile!] ?? 0) + 1;
    const want: Record<string, number> = {};
    for (const x of tileCatalog().tiles) {
      if (x.set !== 'base' && !expansions.includes(x.set)) continue;
      if (x.id === 'abbey-mayor/A') continue;
      want[x.id] = x.startTile ? x.count - 1 : x.count;
    }
    t.same(left, want, 'every land tile of the chosen sets, start tile excluded');
    t.notOk('abbey-mayor/A' in left);
  }
});
