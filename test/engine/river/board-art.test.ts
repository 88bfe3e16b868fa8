import t from 'tap';
import { tileCatalog, type Rotation } from '../../../src/engine/index.js';
import { createRenderer } from '../../../src/render/index.js';
import { layoutTile } from '../../../src/render/layout.js';
import { distanceToPolyline } from '../../../src/render/svg.js';
import { figure, meeple, scenario } from '../../helpers/scenario.js';
import { LAKE, RiverWalk } from './helpers.js';

// The River's board art: water on every river tile, a spring and a lake, drawn turned with
// its tile, under the bridges' roads; figures on the banks stand clear of the water.

const catalog = tileCatalog();
const renderer = createRenderer(catalog);
const river = catalog.tiles.filter((x) => x.set === 'river');
const count = (svg: string, needle: string) => svg.split(needle).length - 1;
const ROTATIONS: Rotation[] = [0, 90, 180, 270];

t.test('every river tile shows its river at every rotation; the spring and the lake theirs', async (t) => {
  for (const x of river)
    for (const rotation of ROTATIONS) {
      const svg = renderer.tile(x.id, { rotation }) ?? '';
      t.equal(count(svg, 'class="river"'), 1, `${x.id} at ${rotation}: the river`);
      t.equal(count(svg, 'class="spring"'), x.id === 'river/A' ? 1 : 0, `${x.id} at ${rotation}: the spring`);
      t.equal(count(svg, 'class="lake"'), x.id === LAKE ? 1 : 0, `${x.id} at ${rotation}: the lake`);
      if (rotation > 0) t.match(svg, new RegExp(`rotate\\(${rotation} 50 50\\)`), 'turned with the tile');
    }
  t.equal(count(renderer.tile('base/D') ?? '', 'class="river"'), 0, 'a land tile shows none');
});

t.test('the river runs from the middle of one river side to the other, under the bridge roads', async (t) => {
  t.match(renderer.tile('river/D'), /<g class="river"><path d="M50 0L50 100"/);
  t.match(renderer.tile('river/G'), /<g class="river"><path d="M0 50Q50 50 50 0"/, 'a bend through the middle');
  t.match(renderer.tile('river/A'), /<g class="river"><path d="M50 100L50 50"/, 'from the spring in the middle');
  for (const id of ['river/B', 'river/H', 'river/K']) {
    const svg = renderer.tile(id) ?? '';
    t.ok(svg.indexOf('class="river"') < svg.indexOf('class="road"'), `${id}: the road is drawn over the water`);
  }
});

t.test("figures on a river tile's fields stand on their own bank, clear of the water", async (t) => {
  for (const x of river) {
    const layout = layoutTile(x);
    const lines = layout.features.flatMap((f) => f.own?.lines ?? []);
    t.ok(lines.length > 0, `${x.id}: the river's lines`);
    layout.features.forEach((f, i) => {
      if (x.features[i].kind !== 'field') return;
      const clear = Math.min(...lines.map((l) => distanceToPolyline(l.points, f.anchor) - l.clearance));
      t.ok(clear >= 0, `${x.id}: field ${i}'s figure clear of the water (${clear.toFixed(3)})`);
    });
  }
  // river/D: its west field's figure west of the river, its east field's east of it.
  const d = layoutTile(catalog.tiles.find((x) => x.id === 'river/D')!);
  t.ok(d.features[1].anchor[0] < 0.4 && d.features[2].anchor[0] > 0.6);
});

t.test('a board with the river, an inn, a cathedral and large meeples', async (t) => {
  const tiles = ['river/C', 'river/D', 'river/B', 'river/F', 'river/H', 'river/K', 'river/E', 'river/G', 'river/I'];
  const s = scenario({
    expansions: ['inns-cathedrals', 'river'],
    tiles: [...tiles, 'river/J', LAKE, 'inns-cathedrals/K', 'inns-cathedrals/B'],
  });
  const w = new RiverWalk(s);
  w.step('S', figure('largeMeeple', 0, 1, 0)); // a large knight in C's city
  w.step('S', meeple(0, 2, 1));
  w.walk('SSSSRLRL').step('lake');
  const svg = renderer.board(s.view());
  t.equal(count(svg, 'class="river"'), 12, 'twelve river tiles');
  t.equal(count(svg, 'class="spring"') + count(svg, 'class="lake"'), 2);
  t.equal(count(svg, 'data-kind="largeMeeple"'), 1);
  const cathedral = renderer.tile('inns-cathedrals/K') ?? '';
  t.match(cathedral, /class="cathedral"/);
  t.match(renderer.tile('inns-cathedrals/B') ?? '', /class="inn"/);
});
