/** The README's and docs' links resolve inside the repository (a newcomer's first clicks). */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const documents = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

for (const document of documents) {
  t.test(`${document}: every link resolves inside the repository`, async (t) => {
    const text = readFileSync(join(root, document), 'utf8');
    const targets = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]);
    for (const target of targets) {
      t.notMatch(target, /^[a-z]+:/i, `${target}: no link out of the repository`);
      const path = target.split('#')[0];
      if (path) t.ok(existsSync(join(root, dirname(document), path)), `${target} exists`);
    }
  });
}

t.test('docs/operations.md has one table row for every environment variable the server reads', async (t) => {
  const config = readFileSync(join(root, 'src', 'config.ts'), 'utf8');
  const names = new Set([...config.matchAll(/env(?:\.|,\s*')([A-Z][A-Z0-9_]+)/g)].map((m) => m[1]));
  t.ok(names.size >= 18, `${names.size} variables read by src/config.ts`);
  const operations = readFileSync(join(root, 'docs', 'operations.md'), 'utf8');
  for (const name of names) t.equal(operations.split(`\n| \`${name}\` |`).length - 1, 1, `${name}: one row`);
});
