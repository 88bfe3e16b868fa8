/**
 * How long the renderer takes to draw a full two-expansion board (npm run bench:render).
 * The goal is under 5 ms per board; the tile pictures are made once, so the first drawing
 * (cold) is shown apart from the steady state.
 */
import { performance } from 'node:perf_hooks';
import { tileCatalog, type PublicState } from '../src/engine/index.js';
import { createRenderer } from '../src/render/index.js';
import { playRandomGame } from './render-game.js';

const GOAL_MS = 5;
const RUNS = 400;

const { fullest } = playRandomGame(1);
const stateJson = JSON.stringify(fullest);
const legal = Array.from({ length: 12 }, (_, i) => ({ x: 40 + i, y: 40 }));

const renderer = createRenderer(tileCatalog());
let t0 = performance.now();
const first = renderer.board(fullest);
const cold = performance.now() - t0;

function measure(draw: () => string): { median: number; p95: number; bytes: number } {
  let bytes = 0;
  for (let i = 0; i < 50; i++) bytes = draw().length; // warm-up
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    t0 = performance.now();
    bytes = draw().length;
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(RUNS / 2)], p95: times[Math.floor(RUNS * 0.95)], bytes };
}

const rows = {
  board: measure(() => renderer.board(fullest)),
  'board with legal spots': measure(() => renderer.board(fullest, { legal })),
  'parse state JSON + board (the route)': measure(() => renderer.board(JSON.parse(stateJson) as PublicState)),
};

console.log(
  `board: ${fullest.tiles.length} tiles, ${fullest.figures.length} figures, expansions ${fullest.expansions.join(' + ')}; ${first.length} bytes`,
);
console.log(`cold (first drawing, tile pictures made): ${cold.toFixed(2)} ms`);
for (const [name, r] of Object.entries(rows)) {
  console.log(`${name.padEnd(38)} median ${r.median.toFixed(3)} ms  p95 ${r.p95.toFixed(3)} ms  ${r.bytes} bytes`);
}
const worst = Math.max(...Object.values(rows).map((r) => r.median));
console.log(worst < GOAL_MS ? `OK: every median under ${GOAL_MS} ms` : `SLOW: a median is over ${GOAL_MS} ms`);
process.exitCode = worst < GOAL_MS ? 0 : 1;
