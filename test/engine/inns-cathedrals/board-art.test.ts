import t from 'tap';
import { tileCatalog } from '../../../src/engine/index.js';
import { createRenderer } from '../../../src/render/index.js';
import { figure, meeple, scenario, tile } from '../../helpers/scenario.js';

// The board picture of Inns & Cathedrals: an inn beside each inn road, a cathedral in each
// cathedral city, the large meeple drawn larger than a meeple (and lying down as a farmer).

const renderer = createRenderer(tileCatalog());
const count = (svg: string, needle: string) => svg.split(needle).length - 1;

t.test('each inn tile shows one inn, the cathedral tile one cathedral, other tiles neither', async (t) => {
  for (const x of tileCatalog().tiles) {
    const svg = renderer.tile(x.id) ?? '';
    const inns = x.features.filter((f) => f.kind === 'road' && f.inn).length;
    const cathedrals = x.features.filter((f) => f.kind === 'city' && f.cathedral).length;
    if (count(svg, 'class="inn"') !== inns || count(svg, 'class="cathedral"') !== cathedrals) t.fail(x.id);
  }
  t.equal(count(renderer.tile('inns-cathedrals/C') ?? '', 'class="inn"'), 1);
});

t.test('the inn stands inside its tile at every rotation', async (t) => {
  for (const rotation of [0, 90, 180, 270] as const) {
    const svg = renderer.tile('inns-cathedrals/C', { rotation }) ?? '';
    const [, x, y] = /<g transform="translate\(([\d.]+) ([\d.]+)\)"><g class="inn">/.exec(svg) ?? [];
    t.ok(Number(x) > 10 && Number(x) < 90 && Number(y) > 10 && Number(y) < 90, `rotation ${rotation}: (${x}, ${y})`);
  }
});

t.test('a large meeple is drawn larger than a meeple, and a large farmer lies down', async (t) => {
  const s = scenario({ expansions: ['inns-cathedrals'], tiles: ['inns-cathedrals/B', 'base/U'] });
  s.play(tile(1, 0, 0), figure('largeMeeple', 1, 0, 1)); // P0: farmer north of the inn road
  s.play(tile(2, 0, 90), meeple(2, 0, 0)); // P1: thief
  const svg = renderer.board(s.view());
  const large = /<g class="fig" data-kind="largeMeeple"[^>]*>(.*?)<\/g>/.exec(svg);
  const small = /<g class="fig" data-kind="meeple"[^>]*>(.*?)<\/g>/.exec(svg);
  t.ok(large && small, 'both figures are drawn');
  t.match(large?.[1], /scale\(1\.45\)/);
  t.notMatch(small?.[1], /scale/);
  t.match(large?.[0], /rotate\(-90\)/, 'on a field it lies down like a farmer');
});
