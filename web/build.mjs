// Builds the web client into dist/play: each page's TypeScript bundled by esbuild (the SVG
// renderer of src/render comes along), the HTML and CSS copied. Run by `npm run build`.
import { build } from 'esbuild';
import { copyFile, mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const web = fileURLToPath(new URL('./', import.meta.url));
const out = fileURLToPath(new URL('../dist/play/', import.meta.url));

await mkdir(out, { recursive: true });
await build({
  entryPoints: [web + 'lobby.ts', web + 'game.ts', web + 'admin.ts', web + 'leaderboard.ts', web + 'ladder.ts'],
  bundle: true,
  format: 'esm',
  target: 'es2022',
  minify: true,
  sourcemap: true,
  outdir: out,
  logLevel: 'warning',
});
for (const file of ['index.html', 'game.html', 'admin.html', 'leaderboard.html', 'ladder.html', 'style.css'])
  await copyFile(web + file, out + file);
