/**
 * The web client's words (web/words.ts) over the whole catalog, without a browser: every tile is
 * told by what it shows, never by its id; every figure choice on every tile, at every rotation,
 * is named by role and place, and the choices a player sees at once never read the same.
 */
import t from 'tap';
import { tileCatalog, type Rotation } from '../../src/engine/index.js';
import { createRenderer } from '../../src/render/index.js';
import { choiceLabels, distinct, moveWords, tileWords, type Lexicon } from '../../web/words.js';

const catalog = tileCatalog();
const renderer = createRenderer(catalog);
const ROTATIONS = [0, 90, 180, 270] as const;
const lexiconFor = (tile: string, rotation: Rotation): Lexicon => ({
  catalog,
  renderer,
  placed: () => ({ tile, rotation }),
});

t.test('every tile is told by what it shows, never by its catalog id', async (t) => {
  for (const tile of catalog.tiles) {
    const words = tileWords(catalog, tile.id);
    t.notMatch(words, /\/|undefined|\d/, `${tile.id}: ${words}`);
  }
  t.equal(tileWords(catalog, 'base/B'), 'monastery');
  t.equal(tileWords(catalog, 'base/A'), 'monastery with road');
  t.equal(tileWords(catalog, 'base/D'), 'city cap with straight road');
  t.equal(tileWords(catalog, 'base/C'), 'whole city with pennant');
  t.equal(tileWords(catalog, 'base/X'), 'crossing of four roads');
});

t.test('a figure choice names its role and the place it takes on the turned tile', async (t) => {
  // base/E: a city cap on the north edge, a field around it.
  const at = (rotation: Rotation, figure: 'meeple' | 'mayor', feature: number) =>
    moveWords({ type: 'placeFigure', figure, x: 2, y: 1, feature }, lexiconFor('base/E', rotation));
  t.equal(at(0, 'meeple', 0), 'knight in the north city');
  t.equal(at(90, 'meeple', 0), 'knight in the east city', 'turned a quarter clockwise, the cap faces east');
  t.equal(at(180, 'mayor', 0), 'mayor in the south city');
  t.match(at(0, 'meeple', 1), /^farmer in the (south|middle) field$/);
  t.equal(
    moveWords({ type: 'placeFigure', figure: 'meeple', x: 0, y: 0, feature: 0 }, lexiconFor('base/B', 0)),
    'monk in the monastery',
  );
  t.equal(
    moveWords({ type: 'placeFigure', figure: 'meeple', x: 0, y: 0, feature: 0 }, lexiconFor('base/U', 90)),
    'thief on the east-west road',
  );
  t.equal(
    moveWords({ type: 'moveWagon', x: 2, y: 1, feature: 1 }, lexiconFor('traders-builders/A', 0)),
    'wagon to the road east of (2, 1)',
  );
  t.equal(
    moveWords({ type: 'placeBarn', x: 2, y: 1, corner: 'SW' }, lexiconFor('base/B', 0)),
    'barn on the south-west corner',
  );
  // traders-builders/O: two small fields by the south-east corner, on either side of a road.
  const fields = [0, 1, 2, 3, 4, 5].filter(
    (f) => catalog.tiles.find((c) => c.id === 'traders-builders/O')!.features[f]?.kind === 'field',
  );
  const moves = fields.map((feature) => ({
    type: 'placeFigure' as const,
    figure: 'meeple' as const,
    x: 0,
    y: 0,
    feature,
  }));
  const labels = choiceLabels(moves, lexiconFor('traders-builders/O', 0));
  t.ok(
    labels.includes('farmer in the field by the east edge') && labels.includes('farmer in the field by the south edge'),
    `told by their edges: ${labels.join(' | ')}`,
  );
});

t.test('the figure choices on any tile, at any rotation, read distinct', async (t) => {
  let told = 0;
  let numbered = 0;
  for (const tile of catalog.tiles) {
    for (const rotation of ROTATIONS) {
      const lex = lexiconFor(tile.id, rotation);
      const moves = tile.features.flatMap((_, feature) =>
        (['meeple', 'mayor', 'builder', 'pig'] as const).map((figure) => ({
          type: 'placeFigure' as const,
          figure,
          x: 0,
          y: 0,
          feature,
        })),
      );
      const labels = choiceLabels(moves, lex);
      t.equal(new Set(labels).size, labels.length, `${tile.id} at ${rotation}°`);
      told += labels.length;
      numbered += labels.filter((l) => / of \d\)$/.test(l)).length;
      for (const l of labels) t.notMatch(l, /feature|undefined|\//, l);
    }
  }
  t.equal(numbered, 0, `${told} choices, none told apart by a number alone`);
  t.same(distinct(['a', 'b', 'a']), ['a (1 of 2)', 'b', 'a (2 of 2)']);
});
