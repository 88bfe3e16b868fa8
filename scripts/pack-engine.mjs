#!/usr/bin/env node
/**
 * `npm run pack:engine`: the engine and the bots as the package an outside project installs
 * (`carcassonne-api-<version>.tgz`, importing `carcassonne-api/engine` and `carcassonne-api/bots`
 * with their types). The repository's own package.json names the service's dependencies (Fastify,
 * SQLite, PostgreSQL...), none of which the engine or the bots import: the tarball is packed from
 * a staging folder whose package.json keeps the name, version and exports and names only what
 * dist/engine and dist/bots import (typebox), so an engine user installs one dependency.
 * Usage: node scripts/pack-engine.mjs [--destination DIR] [--no-build]; prints the tarball's path.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  options: { destination: { type: 'string', default: root }, 'no-build': { type: 'boolean', default: false } },
});
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
/** What dist/engine and dist/bots import from outside themselves (checked by test/system/engine-tarball.test.ts). */
const RUNTIME = ['typebox'];

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
    version: manifest.version,
    description: 'The Carcassonne rules engine and its bots (random, greedy, mcts), pure TypeScript with declarations.',
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
