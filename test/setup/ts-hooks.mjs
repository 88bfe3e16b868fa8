/**
 * Module hooks that run the TypeScript tests (and the sources they import), put in place by
 * `ts-register.mjs` (tap's `node-arg` in package.json; its `test-env` TAP_TYPE_STRIP_ONLY=1
 * keeps tap's own TypeScript loader, ts-node, out of the test processes). esbuild (already
 * here to bundle web/) strips the types file by file, keeping one statement per line and an
 * inline source map, so that the coverage tap reports maps to the lines of the .ts files.
 *
 * Why not tap's default loader: it is ts-node, which loads the TypeScript compiler into every
 * test process (twice: for require and in the hooks thread), ~1.2 s of CPU per file, about
 * 90 s of CPU over the suite. Why not tsx: it minifies the whitespace of what it emits, a
 * module on one line, and the coverage report then counts about one statement per file.
 * Type checking is `tsc --noEmit`'s job (npm test runs it first).
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';

// The compiler options that change what esbuild emits: the ES2022 target of tsconfig.json,
// under which class fields are defined (as tsc does), and no import kept for types alone.
const tsconfigRaw = { compilerOptions: { target: 'ES2022', useDefineForClassFields: true, verbatimModuleSyntax: false } };

/** `./x.js` written in a .ts file (NodeNext style) means `./x.ts` when only that exists. */
export async function resolve(specifier, context, nextResolve) {
  try {
    return await nextResolve(specifier, context);
  } catch (error) {
    const relative = specifier.startsWith('./') || specifier.startsWith('../') || specifier.startsWith('file:');
    if (!relative || !specifier.endsWith('.js') || error?.code !== 'ERR_MODULE_NOT_FOUND') throw error;
    return nextResolve(`${specifier.slice(0, -3)}.ts`, context);
  }
}

export async function load(url, context, nextLoad) {
  if (!url.startsWith('file:') || !url.endsWith('.ts')) return nextLoad(url, context);
  const path = fileURLToPath(url);
  const { code } = await transform(await readFile(path, 'utf8'), {
    loader: 'ts',
    format: 'esm',
    target: 'es2022',
    sourcemap: 'inline',
    sourcefile: path,
    tsconfigRaw,
  });
  return { format: 'module', source: code, shortCircuit: true };
}
