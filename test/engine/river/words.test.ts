import t from 'tap';
import { tileCatalog } from '../../../src/engine/index.js';
import { EXPANSION_CHOICES, expansionName } from '../../../web/expansion-words.js';
import { tileWords } from '../../../web/words.js';

// The River in a player's words: its tiles by what they show, its name, and its rule options as
// the lobby offers them.

const catalog = tileCatalog();

t.test('river tiles are told by what they show', async (t) => {
  t.equal(tileWords(catalog, 'river/A'), 'field with river spring');
  t.equal(tileWords(catalog, 'river/L'), 'field with river lake');
  t.equal(tileWords(catalog, 'river/D'), 'field with river');
  t.equal(tileWords(catalog, 'river/B'), 'city cap with road and river');
  t.equal(tileWords(catalog, 'river/C'), 'two city caps with river');
  t.equal(tileWords(catalog, 'river/H'), 'monastery with road and river');
  t.equal(tileWords(catalog, 'river/K'), 'straight road with river');
});

t.test('the lobby offers The River with its two rule options, the default first', async (t) => {
  t.equal(expansionName('river'), 'The River');
  const river = EXPANSION_CHOICES.find((e) => e.id === 'river');
  t.same(
    river?.rules.map((r) => [r.option, r.label, r.values.map(([v]) => v)]),
    [
      ['riverTurns', 'River turns', ['c2', 'lookahead']],
      ['riverStartTile', 'Base start tile', ['remove', 'shuffle']],
    ],
  );
  t.ok(
    river?.rules.every((r) => r.values.every(([v, words]) => words !== v)),
    'each value in words',
  );
  t.same(
    EXPANSION_CHOICES.map((e) => e.id),
    ['traders-builders', 'abbey-mayor', 'inns-cathedrals', 'river'],
    "every expansion of the registry, in its order (the lobby's checkboxes)",
  );
});
