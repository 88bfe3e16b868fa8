/**
 * The layers import only downward, as docs and the brief promise: the engine imports nothing
 * outside itself, the bots and the renderer only the engine, the stores nothing of the service or
 * HTTP (the log's vocabulary they share is `src/game-log.ts`), the service nothing of HTTP.
 * Every relative import of every module under src/ is resolved to the layer it lands in.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import t from 'tap';

const src = new URL('../src/', import.meta.url).pathname;

/** The layer a path under src/ belongs to: its first folder, or the file's own name at the top. */
const layerOf = (path: string) =>
  relative(src, path)
    .split('/')[0]
    .replace(/\.[jt]s$/, '');

const ALLOWED: Record<string, readonly string[]> = {
  engine: ['engine'],
  bots: ['bots', 'engine'],
  render: ['render', 'engine'],
  'game-log': ['bots'],
  storage: ['storage', 'engine', 'game-log'],
  service: ['service', 'storage', 'engine', 'bots', 'game-log'],
  http: ['http', 'service', 'storage', 'engine', 'render', 'game-log'],
};

function* modules(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* modules(path);
    else if (entry.name.endsWith('.ts')) yield path;
  }
}

t.test('each layer under src/ imports only the layers below it', async (t) => {
  const crossings = new Map<string, Set<string>>();
  for (const file of modules(src)) {
    const from = layerOf(file);
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
      const to = layerOf(resolve(dirname(file), spec));
      if (to === from) continue;
      if (!crossings.has(from)) crossings.set(from, new Set());
      crossings.get(from)!.add(to);
    }
  }
  for (const [layer, allowed] of Object.entries(ALLOWED)) {
    const used = [...(crossings.get(layer) ?? [])].sort();
    t.same(
      used.filter((to) => !allowed.includes(to)),
      [],
      `${layer} imports only ${allowed.join(', ')} (uses ${used.join(', ') || 'nothing outside itself'})`,
    );
  }
  t.ok(crossings.has('service') && crossings.has('http'), 'the scan found the imports');
});
