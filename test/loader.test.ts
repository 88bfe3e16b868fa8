/**
 * The test loader (test/setup/ts-hooks.mjs) serves TypeBox and drizzle-orm from its bundles:
 * one copy of each, whichever entry point a module imports, and a loud failure for an entry
 * point left out (a second copy beside the bundle would not know the first one's objects).
 */
import t from 'tap';
import { Type } from 'typebox';
import { Compile } from 'typebox/compile';

t.test('TypeBox and drizzle-orm come from the bundles, one copy of each', async (t) => {
  for (const specifier of [
    'typebox',
    'typebox/compile',
    'typebox/value',
    'drizzle-orm',
    'drizzle-orm/sqlite-core',
    'drizzle-orm/migrator',
  ]) {
    t.match(import.meta.resolve(specifier), /\/node_modules\/\.cache\/test-deps\//, specifier);
  }
  const validator = Compile(Type.Object({ name: Type.String({ maxLength: 3 }) }));
  t.ok(validator.Check({ name: 'Ann' }), "a schema made through 'typebox' is checked through 'typebox/compile'");
  t.notOk(validator.Check({ name: 'Annabel' }));
  const { Column } = await import('drizzle-orm');
  const { sqliteTable, text } = await import('drizzle-orm/sqlite-core');
  t.ok(
    sqliteTable('games', { id: text('id') }).id instanceof Column,
    "a column made through 'drizzle-orm/sqlite-core' is a Column of 'drizzle-orm'",
  );
});

t.test('an entry point left out of the bundle fails to load, naming where to add it', async (t) => {
  await t.rejects(
    import('drizzle-orm/mysql-core'),
    /drizzle-orm\/mysql-core is not in the test loader's bundle of drizzle-orm: add it to PREBUNDLE/,
  );
});
