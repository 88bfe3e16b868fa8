/**
 * examples/bot.ts and what it imports (the client's sources, the bots library from dist/ as
 * `carcassonne-api/bots` resolves), bundled once per test file by esbuild, into a folder removed
 * when the file ends. Through npm and tsx's CLI each run is three Node processes, ~3 s of CPU;
 * through the tests' own TypeScript hooks still ~0.4 s, a hooks thread and a module graph per
 * process. The bundle is one plain Node process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Test } from 'tap';

const root = new URL('../..', import.meta.url).pathname;

/** The bundle's path, made at the first call (`t`: the file's root test, which removes it). */
export function exampleBundle(t: Test): () => Promise<string> {
  let bundled: Promise<string> | undefined;
  return () =>
    (bundled ??= (async () => {
      const dir = mkdtempSync(join(tmpdir(), 'example-bot-bundle-'));
      t.teardown(() => rmSync(dir, { recursive: true, force: true }));
      const esbuild = await import('esbuild');
      const outfile = join(dir, 'bot.mjs');
      try {
        await esbuild.build({
          entryPoints: [join(root, 'examples', 'bot.ts')],
          absWorkingDir: root,
          bundle: true,
          platform: 'node',
          format: 'esm',
          outfile,
          logLevel: 'silent',
        });
      } finally {
        // Its service process ends here, not with this one.
        await esbuild.stop();
      }
      return outfile;
    })());
}
