/**
 * Each package's version is the one its changelog's latest release names, and a tarball's
 * version says what it holds: the root package (the service and the engine and bots packed by
 * `npm run pack:engine`), the TypeScript client (its major version the API's) and the Python
 * client. The engine tarball packed between releases is a pre-release of the next one.
 */
import { readFileSync } from 'node:fs';
import t from 'tap';
import { tarballVersion, unreleasedEntries } from '../scripts/pack-engine.mjs';

const read = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');
const json = (path: string) => JSON.parse(read(path)) as { version: string; info?: { version: string } };
/** The first `## x.y.z` heading of a changelog: its latest release. */
const latest = (changelog: string) => /^## (\d+\.\d+\.\d+)$/m.exec(changelog)?.[1];

t.test("each package's version is its changelog's latest release", async (t) => {
  t.equal(json('package.json').version, latest(read('CHANGELOG.md')), 'the root package, CHANGELOG.md');
  const client = json('clients/typescript/package.json').version;
  t.equal(client, latest(read('clients/typescript/CHANGELOG.md')), 'clients/typescript');
  t.equal(client.split('.')[0], json('openapi/openapi.json').info!.version.split('.')[0], "whose major is the API's");
  const python = /^__version__ = "([^"]+)"$/m.exec(read('clients/python/carcassonne_client/__init__.py'))?.[1];
  t.equal(python, latest(read('clients/python/CHANGELOG.md')), 'clients/python');
  t.match(read('clients/python/pyproject.toml'), 'version = { attr = "carcassonne_client.__version__" }');
});

t.test("the engine tarball's version: the release, or a pre-release of the next one", async (t) => {
  const released = '# Changelog\n\n## Unreleased\n\n## 0.3.0\n\n- a change\n';
  t.same(unreleasedEntries(released), []);
  t.equal(tarballVersion('0.3.0', released), '0.3.0', 'nothing unreleased: the release');
  const pending = '# Changelog\n\n## Unreleased\n\n- The River\n- more\n\n## 0.3.0\n\n- a change\n';
  t.same(unreleasedEntries(pending), ['- The River', '- more']);
  t.equal(tarballVersion('0.3.0', pending), '0.4.0-unreleased', 'after 0.3.0, before 0.4.0');
  t.equal(tarballVersion('1.2.3', '## Unreleased\n\n- last section\n'), '1.3.0-unreleased');
  const root = json('package.json').version;
  const now = tarballVersion(root, read('CHANGELOG.md'));
  t.ok(
    now === root || now.endsWith('-unreleased'),
    `this checkout packs ${now} (${unreleasedEntries(read('CHANGELOG.md')).length} unreleased entries)`,
  );
});
