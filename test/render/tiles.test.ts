/**
 * Every catalog tile (every set, all four rotations) is drawn from its catalog facts:
 * one road line per road feature, one city area per city, as many pennants and goods symbols
 * as the catalog says, the monastery or abbey once; every figure anchor inside its feature.
 */
import t from 'tap';
import { ROTATIONS, tileCatalog } from '../../src/engine/index.js';
import { createRenderer } from '../../src/render/index.js';
import { layoutTile } from '../../src/render/layout.js';
import { dist, insidePolygon, sample } from '../../src/render/svg.js';
import { byClass, descendants, parseXml } from './xml.js';

const catalog = tileCatalog();
const renderer = createRenderer(catalog);

t.test('the catalog holds every set', async (t) => {
  const sets = new Set(catalog.tiles.map((tile) => tile.id.split('/')[0]));
  t.same([...sets].sort(), ['abbey-mayor', 'base', 'inns-cathedrals', 'river', 'traders-builders']);
});

t.test('each tile at each rotation is well-formed SVG with its catalog features drawn', async (t) => {
  for (const tile of catalog.tiles) {
    const count = (kind: string) => tile.features.filter((f) => f.kind === kind).length;
    const pennants = tile.features.reduce((n, f) => n + (f.kind === 'city' ? f.pennants : 0), 0);
    const goods = tile.features.flatMap((f) => (f.kind === 'city' && f.goods ? [f.goods] : []));
    for (const rotation of ROTATIONS) {
      const what = `${tile.id} at ${rotation}`;
      const svg = renderer.tile(tile.id, { rotation });
      if (svg === undefined) {
        t.fail(`${what}: not drawn`);
        continue;
      }
      const doc = parseXml(svg);
      t.equal(doc.name, 'svg', `${what}: an svg document`);
      const roads = byClass(doc, 'road');
      const cities = byClass(doc, 'city');
      t.equal(roads.length, count('road'), `${what}: road lines`);
      t.equal(cities.length, count('city'), `${what}: city areas`);
      // Each drawn road or city names its catalog feature, and that feature has that kind.
      for (const e of [...roads, ...cities])
        t.equal(tile.features[Number(e.attrs['data-f'])].kind, e.attrs.class, `${what}: feature ${e.attrs['data-f']}`);
      t.equal(byClass(doc, 'pennant').length, pennants, `${what}: pennants`);
      t.same(
        byClass(doc, 'good').map((g) => g.attrs['data-good']),
        goods,
        `${what}: goods`,
      );
      t.equal(byClass(doc, 'monastery').length, count('monastery'), `${what}: monastery`);
      t.equal(byClass(doc, 'abbey').length, count('abbey'), `${what}: abbey`);
    }
  }
});

t.test('an unknown tile id is not drawn', async (t) => {
  t.equal(renderer.tile('base/Z'), undefined);
});

t.test(
  'every figure anchor lies inside the tile, apart from the others, and a city spot inside its city',
  async (t) => {
    for (const tile of catalog.tiles) {
      const layout = layoutTile(tile);
      t.equal(layout.features.length, tile.features.length, `${tile.id}: one drawing per feature`);
      const anchors = layout.features.map((f) => f.anchor);
      for (const [x, y] of anchors)
        t.ok(x > 0.05 && x < 0.95 && y > 0.05 && y < 0.95, `${tile.id}: anchor ${x},${y} inside`);
      for (let i = 0; i < anchors.length; i++) {
        for (let j = i + 1; j < anchors.length; j++)
          t.ok(dist(anchors[i], anchors[j]) >= 0.1, `${tile.id}: anchors ${i} and ${j} apart`);
      }
      layout.features.forEach((f, i) => {
        if (f.kind !== 'city') return;
        const area = sample(f.path!);
        for (const p of [f.anchor, ...f.pennants, ...(f.goods ? [f.goods.at] : [])]) {
          t.ok(insidePolygon(area, p), `${tile.id}: city ${i} holds its spot ${p.join(',')}`);
        }
      });
    }
  },
);

t.test('anchors turn with the tile', async (t) => {
  const id = 'base/D';
  const city = 0;
  const at0 = renderer.anchor(id, 0, city)!;
  const at90 = renderer.anchor(id, 90, city)!;
  // The city on the north edge faces east after a quarter turn clockwise.
  t.ok(at0[1] < 0.3, 'north at rotation 0');
  t.ok(at90[0] > 0.7, 'east at rotation 90');
  t.same(at90, [1 - at0[1], at0[0]]);
});

t.test('drawing is deterministic: the same tile gives the same bytes from any renderer', async (t) => {
  const other = createRenderer(JSON.parse(JSON.stringify(catalog)));
  for (const tile of catalog.tiles)
    t.equal(other.tile(tile.id, { rotation: 270 }), renderer.tile(tile.id, { rotation: 270 }), tile.id);
  t.equal(descendants(parseXml(renderer.tile('base/A', { tilePx: 1000 })!)).length > 0, true);
  t.match(renderer.tile('base/A', { tilePx: 1000 })!, /width="256" height="256"/, 'the size is bounded');
});
