#!/usr/bin/env node
/**
 * `npm run pack:engine`: the engine and the bots as the package an outside project installs
 * (`carcassonne-api-<version>.tgz`, importing `carcassonne-api/engine` and `carcassonne-api/bots`
 * with their types). The repository's own package.json names the service's dependencies (Fastify,
 * SQLite, PostgreSQL...), none of which the engine or the bots import: the tarball is packed from
 * a staging folder whose package.json keeps the name, version and exports and names only what
 * dist/engine and dist/bots import (typebox), so an engine user installs one dependency.
 *
 * The tarball's version says what it holds: package.json's version when the checkout is that
 * release (CHANGELOG.md's "Unreleased" section lists nothing), else a pre-release of the next
 * minor version, `<x>.<y+1>.0-unreleased` (after the last release, before the next), so a
 * tarball packed between releases is never taken for the release it is not.
 * Usage: node scripts/pack-engine.mjs [--destination DIR] [--no-build]; prints the tarball's path.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));
/** What dist/engine and dist/bots import from outside themselves (checked by test/system/engine-tarball.test.ts). */
const RUNTIME = ['typebox'];

/** The entries of CHANGELOG.md's "## Unreleased" section (its `- ` lines). */
export function unreleasedEntries(changelog) {
  const section = /^## Unreleased\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(changelog)?.[1] ?? '';
  return section.split('\n').filter((line) => line.startsWith('- '));
}

/** The tarball's version: `version` for a release, a pre-release of the next minor one when changes are unreleased. */
export function tarballVersion(version, changelog) {
  if (unreleasedEntries(changelog).length === 0) return version;
  const [major, minor] = version.split('.').map(Number);
  return `${major}.${minor + 1}.0-unreleased`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) pack();

function pack() {
  const { values } = parseArgs({
    options: { destination: { type: 'string', default: root }, 'no-build': { type: 'boolean', default: false } },
  });
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const version = tarballVersion(manifest.version, readFileSync(join(root, 'CHANGELOG.md'), 'utf8'));

  if (!values['no-build']) {
    execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-b', 'tsconfig.build.json'], {
      cwd: root,
      stdio: 'inherit',
    });
  }
  const stage = mkdtempSync(join(tmpdir(), 'engine-package-'));
  try {
    for (const part of ['engine', 'bots']) {
      cpSync(join(root, 'dist', part), join(stage, 'dist', part), {
        recursive: true,
        filter: (path) => !path.endsWith('.map'),
      });
    }
    for (const file of ['README.md', 'CHANGELOG.md', 'LICENSE']) {
      try {
        cpSync(join(root, file), join(stage, file));
      } catch {
        // LICENSE is optional.
      }
    }
    const pkg = {
      name: manifest.name,
      version,
      description:
        'The Carcassonne rules engine and its bots (random, greedy, mcts), pure TypeScript with declarations.',
      type: 'module',
      engines: manifest.engines,
      exports: manifest.exports,
      sideEffects: false,
      dependencies: Object.fromEntries(RUNTIME.map((name) => [name, manifest.dependencies[name]])),
    };
    writeFileSync(join(stage, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
    const destination = resolve(values.destination);
    const out = execFileSync('npm', ['pack', '--json', '--pack-destination', destination], {
      cwd: stage,
      encoding: 'utf8',
    });
    const [packed] = JSON.parse(out);
    console.log(join(destination, packed.filename));
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}
