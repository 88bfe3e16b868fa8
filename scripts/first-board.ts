/**
 * The first board of a fresh server process: starts `dist/server.js` on a temporary database,
 * plays a two-expansion game 150 moves in (first legal move each time), then times the first
 * and the second `GET board.svg?legal=1`. `npm run bench:first-board [-- RUNS]`.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const runs = Number(process.argv[2] ?? 3);
const port = 3000 + Math.floor(Math.random() * 1000) + 2000;
const base = `http://127.0.0.1:${port}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const json = async (path: string, init?: RequestInit) => (await fetch(base + path, init)).json();

for (let run = 0; run < runs; run++) {
  const dir = mkdtempSync(join(tmpdir(), 'first-board-'));
  const started = performance.now();
  const child = spawn(process.execPath, ['dist/server.js'], {
    env: { ...process.env, PORT: String(port), DATABASE_URL: join(dir, 'games.db'), LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  for (;;) {
    try {
      if ((await fetch(`${base}/health`)).ok) break;
    } catch {
      await sleep(20);
    }
  }
  const up = performance.now() - started;
  const setup = {
    players: [{ name: 'A' }, { name: 'B' }],
    expansions: ['traders-builders', 'abbey-mayor'],
    seed: 'first-board',
  };
  const game = await json('/games', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(setup),
  });
  for (let i = 0; i < 150; i++) {
    const legal = await json(`/games/${game.id}/legal-moves`);
    if (legal.actor === null) break;
    await fetch(`${base}/games/${game.id}/moves`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${game.seats[legal.actor].token}`,
        prefer: 'return=minimal',
      },
      body: JSON.stringify({ expectedVersion: legal.version, move: legal.moves[0] }),
    });
  }
  const time = async (path: string) => {
    const start = performance.now();
    await (await fetch(base + path)).text();
    return (performance.now() - start).toFixed(1);
  };
  const first = await time(`/games/${game.id}/board.svg?legal=1`);
  const second = await time(`/games/${game.id}/board.svg?legal=1`);
  console.log(`listening after ${up.toFixed(0)} ms; first board ${first} ms, second ${second} ms`);
  child.kill();
  await new Promise((resolve) => child.once('exit', resolve));
  rmSync(dir, { recursive: true, force: true });
}
