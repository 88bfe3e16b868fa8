import t from 'tap';
import { DEFAULT_REGISTRY } from '../../src/engine/index.js';
import * as shipped from '../../src/engine/expansions/modules.js';
import type { Expansion } from '../../src/engine/expansion.js';
import { orderModules } from '../../src/engine/registry-order.js';

/** A module with only an id and what it comes after (ids the types do not know: a test's). */
const mod = (id: string, ...after: string[]): Expansion =>
  ({ id, ...(after.length > 0 ? { after } : {}) }) as unknown as Expansion;
const ids = (modules: readonly Expansion[]) => modules.map((m) => m.id);

t.test('the default registry keeps the order its games were played in, whatever the order of modules.ts', async (t) => {
  // The catalog's order (and with it every seeded pile), the hooks' and the lists clients see.
  const order = ['traders-builders', 'abbey-mayor', 'inns-cathedrals', 'river'];
  t.same(DEFAULT_REGISTRY.ids, order);
  const modules = Object.values(shipped);
  t.same(ids(orderModules(modules)), order, 'from the namespace (alphabetical) order');
  t.same(ids(orderModules(modules.slice().reverse())), order, 'from the reverse order');
  t.same(
    DEFAULT_REGISTRY.figureKinds,
    ['meeple', 'builder', 'pig', 'mayor', 'wagon', 'barn', 'largeMeeple'],
    'figure kinds (supplies, schemas) in that order',
  );
});

t.test('modules with no `after` keep the order given', async (t) => {
  t.same(ids(orderModules([mod('c'), mod('a'), mod('b')])), ['c', 'a', 'b']);
  t.same(ids(orderModules([])), []);
});

t.test('a module comes after those it names, else as early as the order given lets it', async (t) => {
  t.same(ids(orderModules([mod('a', 'd'), mod('b'), mod('c', 'a'), mod('d')])), ['b', 'd', 'a', 'c']);
  t.same(ids(orderModules([mod('a', 'b', 'c'), mod('b', 'c'), mod('c')])), ['c', 'b', 'a']);
});

t.test('a module added that no other names leaves the others in their order', async (t) => {
  const before = [mod('a', 't'), mod('i', 't', 'a'), mod('r', 't', 'a', 'i'), mod('t')];
  const order = ids(orderModules(before));
  t.same(order, ['t', 'a', 'i', 'r']);
  for (const added of [mod('0'), mod('b'), mod('z'), mod('j', 'a'), mod('k', 'r')]) {
    for (let at = 0; at <= before.length; at++) {
      const given = [...before.slice(0, at), added, ...before.slice(at)];
      t.same(
        ids(orderModules(given)).filter((id) => id !== added.id),
        order,
        `${added.id} given at ${at}`,
      );
    }
  }
});

t.test('a cycle is refused, naming it', async (t) => {
  t.throws(() => orderModules([mod('a', 'b'), mod('b', 'a')]), {
    message: "registry: the expansions' `after` make a cycle: a → b → a",
  });
  t.throws(() => orderModules([mod('x'), mod('a', 'c'), mod('b', 'a'), mod('c', 'b')]), {
    message: "registry: the expansions' `after` make a cycle: a → c → b → a",
  });
  t.throws(() => orderModules([mod('a', 'a')]), { message: "registry: the expansions' `after` make a cycle: a → a" });
});

t.test('an `after` naming a module the registry does not offer constrains nothing', async (t) => {
  t.same(ids(orderModules([mod('a'), mod('b', 'river'), mod('c')])), ['a', 'b', 'c']);
  // A service that offers Abbey & Mayor without Traders & Builders.
  t.same(ids(orderModules([shipped.river, shipped.abbeyMayor])), ['abbey-mayor', 'river']);
});

t.test('a module given twice is refused', async (t) => {
  t.throws(() => orderModules([mod('a'), mod('b'), mod('a')]), { message: 'registry: the expansion a is given twice' });
});
