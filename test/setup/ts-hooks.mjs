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
 *
 * TypeBox and drizzle-orm are served pre-bundled (see `prebundled`): they are 683 and 113 ES
 * modules, and every module a test process loads passes through these hooks, on their own
 * thread; loading TypeBox took 0.8-1 s of CPU in each of the dozens of test processes that load
 * the HTTP layer.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { mkdtemp, readFile, rename, writeFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';

// The compiler options that change what esbuild emits: the ES2022 target of tsconfig.json,
// under which class fields are defined (as tsc does), and no import kept for types alone.
const tsconfigRaw = {
  compilerOptions: { target: 'ES2022', useDefineForClassFields: true, verbatimModuleSyntax: false },
};

/**
 * `./x.js` written in a .ts file (NodeNext style) means `./x.ts` when only that exists. Looked
 * up before asking Node: a failed resolution throws an error (its stack mapped through the source
 * maps), and every relative import of the sources would pay for one.
 */
export async function resolve(specifier, context, nextResolve) {
  const [name, ...sub] = specifier.split('/');
  if (Object.hasOwn(PREBUNDLE, name)) {
    const url = await prebundled(name, sub.join('/'));
    if (url) return { url, format: 'module', shortCircuit: true };
    // Loaded from the package beside the bundle, it would be a second copy that does not know
    // the first one's objects.
    throw new Error(
      `${specifier} is not in the test loader's bundle of ${name}: add it to PREBUNDLE in test/setup/ts-hooks.mjs`,
    );
  }
  const relative = specifier.startsWith('./') || specifier.startsWith('../');
  if (relative && specifier.endsWith('.js') && context.parentURL?.endsWith('.ts')) {
    const ts = new URL(`${specifier.slice(0, -3)}.ts`, context.parentURL);
    if (existsSync(ts)) return { url: ts.href, format: 'module', shortCircuit: true };
  }
  try {
    return await nextResolve(specifier, context);
  } catch (error) {
    const mayBeTs = relative || specifier.startsWith('file:');
    if (!mayBeTs || !specifier.endsWith('.js') || error?.code !== 'ERR_MODULE_NOT_FOUND') throw error;
    return nextResolve(`${specifier.slice(0, -3)}.ts`, context);
  }
}

/**
 * Packages of many small ES modules that test processes load pre-bundled, with the entry points
 * bundled ('' is the package itself): every one TypeBox exports; the seven of drizzle-orm's 447
 * that src/ imports (importing another fails, saying so).
 */
const PREBUNDLE = {
  typebox: undefined,
  'drizzle-orm': [
    '',
    'sqlite-core',
    'pg-core',
    'better-sqlite3',
    'migrator',
    'node-postgres',
    'node-postgres/migrator',
  ],
};
const DEPS = fileURLToPath(new URL('../../node_modules/.cache/test-deps/', import.meta.url));
const bundles = new Map();

/**
 * The URL of subpath `sub` ('' for the package itself) of package `name` in one esbuild bundle
 * of its entry points (PREBUNDLE), split so that the code they share is one module (one TypeBox,
 * as unbundled: a schema made through one entry point is known to the others); other packages
 * stay outside. Built once per package version into node_modules/.cache; undefined for a
 * subpath not bundled.
 */
function prebundled(name, sub) {
  let bundle = bundles.get(name);
  if (!bundle) {
    bundle = buildBundle(name);
    bundles.set(name, bundle);
  }
  return bundle.then((entries) => entries.get(sub));
}

/** An esbuild plugin: every import of a package other than `name` stays an import. */
function otherPackagesExternal(name) {
  const own = (path) => path === name || path.startsWith(`${name}/`);
  return {
    name: 'other-packages-external',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) =>
        args.kind === 'entry-point' || own(args.path) ? undefined : { path: args.path, external: true },
      );
    },
  };
}

async function buildBundle(name) {
  const root = new URL(`../../node_modules/${name}/`, import.meta.url);
  const manifest = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
  // '.' is the package itself (''), './compile' its subpath 'compile'.
  const subs =
    PREBUNDLE[name] ??
    Object.keys(manifest.exports)
      .filter((key) => /^\.(\/\w+)?$/.test(key))
      .map((key) => key.slice(2));
  const entries = createHash('sha256').update(JSON.stringify(subs)).digest('hex').slice(0, 8);
  const dir = `${DEPS}${name}@${manifest.version}-${entries}-esbuild-${ESBUILD_VERSION}/`;
  const fileOf = (sub) => `${dir}${sub === '' ? 'index' : sub}.mjs`;
  if (!subs.every((sub) => existsSync(fileOf(sub)))) {
    const { build } = await import('esbuild');
    mkdirSync(DEPS, { recursive: true });
    // Built aside and renamed: test processes starting at once never read half a bundle.
    const temp = await mkdtemp(`${DEPS}.${name}-`);
    try {
      await build({
        entryPoints: Object.fromEntries(
          subs.map((sub) => [sub === '' ? 'index' : sub, sub === '' ? name : `${name}/${sub}`]),
        ),
        absWorkingDir: fileURLToPath(new URL('../../', import.meta.url)),
        bundle: true,
        splitting: true,
        format: 'esm',
        platform: 'node',
        plugins: [otherPackagesExternal(name)],
        outdir: temp,
        outExtension: { '.js': '.mjs' },
        logLevel: 'silent',
      });
    } catch (error) {
      rmSync(temp, { recursive: true, force: true });
      throw error;
    }
    // Another process may have put its (identical) bundle in place first: then keep that one.
    await rename(temp, dir).catch(() => rmSync(temp, { recursive: true, force: true }));
  }
  return new Map(subs.map((sub) => [sub, pathToFileURL(fileOf(sub)).href]));
}

/**
 * What esbuild made of a source, kept on disk by the hash of the source, its path and the
 * options: each test process loads most of src/ again, and unchanged files (nearly all of them)
 * are then read instead of transformed, and esbuild's service process is not even started.
 */
const CACHE = fileURLToPath(new URL('../../node_modules/.cache/test-ts/', import.meta.url));
// Another esbuild may emit otherwise: its version is part of the key, with the options.
const ESBUILD_VERSION = JSON.parse(
  readFileSync(new URL('../../node_modules/esbuild/package.json', import.meta.url), 'utf8'),
).version;
const OPTIONS_KEY = `${JSON.stringify(tsconfigRaw)}/esm/es2022/inline/esbuild-${ESBUILD_VERSION}`;

async function transformed(path, source) {
  const key = createHash('sha256')
    .update(OPTIONS_KEY)
    .update('\0')
    .update(path)
    .update('\0')
    .update(source)
    .digest('hex');
  const file = `${CACHE}${key}.js`;
  const cached = await readFile(file, 'utf8').catch(() => undefined);
  if (cached !== undefined) return cached;
  const { transform } = await import('esbuild');
  const { code } = await transform(source, {
    loader: 'ts',
    format: 'esm',
    target: 'es2022',
    sourcemap: 'inline',
    sourcefile: path,
    tsconfigRaw,
  });
  // Written aside and renamed: test processes running at once never read half a file.
  if (!existsSync(CACHE)) mkdirSync(CACHE, { recursive: true });
  const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  await writeFile(temp, code)
    .then(() => rename(temp, file))
    .catch(() => undefined);
  return code;
}

export async function load(url, context, nextLoad) {
  if (!url.startsWith('file:') || !url.endsWith('.ts')) return nextLoad(url, context);
  const path = fileURLToPath(url);
  return { format: 'module', source: await transformed(path, await readFile(path, 'utf8')), shortCircuit: true };
}
