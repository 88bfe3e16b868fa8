import t from 'tap';
import { tileCatalog, type Rotation } from '../../../src/engine/index.js';
import { createRenderer } from '../../../src/render/index.js';
import { moveWords, tileWords, type Lexicon } from '../../../web/words.js';

// The web client's words for Inns & Cathedrals: tiles with an inn or a cathedral, the large
// meeple by the role it takes.

const catalog: Lexicon['catalog'] = tileCatalog();
const renderer = createRenderer(tileCatalog());
const lexiconFor = (tile: string, rotation: Rotation): Lexicon => ({
  catalog,
  renderer,
  placed: (x, y) => (x === 2 && y === 1 ? { tile, rotation } : undefined),
});
const large = (tile: string, rotation: Rotation, feature: number) =>
  moveWords({ type: 'placeFigure', figure: 'largeMeeple', x: 2, y: 1, feature }, lexiconFor(tile, rotation));

t.test('a tile with an inn or a cathedral says so', async (t) => {
  t.equal(tileWords(catalog, 'inns-cathedrals/B'), 'straight road with inn');
  t.equal(tileWords(catalog, 'inns-cathedrals/K'), 'whole city with cathedral');
  t.equal(tileWords(catalog, 'inns-cathedrals/C'), 'crossing of three roads with inn');
  t.equal(tileWords(catalog, 'inns-cathedrals/D'), 'monastery with road', 'no inn: the monastery ends the roads');
  for (const x of tileCatalog().tiles.filter((x) => x.set === 'inns-cathedrals'))
    t.notMatch(tileWords(catalog, x.id), /\/|undefined|\d/, x.id);
});

t.test('a large meeple takes the meeple’s role, said larger', async (t) => {
  t.equal(large('inns-cathedrals/K', 0, 0), 'large knight in the middle city');
  t.equal(large('inns-cathedrals/B', 0, 0), 'large thief on the east-west road');
  t.match(large('base/E', 0, 1), /^large farmer in the (south|middle) field$/);
});
