/**
 * npm run bench:service — the service alone, in-process, without HTTP: 300 games on a
 * temporary SQLite file (the checkpointer on), moves planned beforehand (random legal games),
 * submitted in batches of 6 (one per game, as the group commit sees them under load) with
 * two legal-move reads and one state read per batch; prints the process CPU per move.
 * To compare two builds, run it alternately from each checkout (`docs/performance.md`).
 * BENCH_GAMES (default 300), BENCH_MOVES (default 12000).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { actorOf, type GameSetup, type Move } from '../src/engine/index.js';
import { GameService } from '../src/service/game-service.js';
import { tokenDigest } from '../src/service/lifecycle/seat-tokens.js';
import { openStore } from '../src/storage/open-store.js';
import { playRandom } from '../test/helpers/random-play.js';

const GAMES = Number(process.env.BENCH_GAMES ?? 300);
const MOVES = Number(process.env.BENCH_MOVES ?? 12000);
const BATCH = 6;

interface Planned {
  id: string;
  digests: Buffer[];
  moves: Move[];
  seats: number[];
  step: number;
}

const dir = mkdtempSync(join(tmpdir(), 'carcassonne-service-bench-'));
const store = await openStore({ kind: 'sqlite', path: join(dir, 'bench.db') });
const service = new GameService(store, { cacheSize: GAMES * 2 });
const games: Planned[] = [];
for (let i = 0; i < GAMES; i++) {
  const expansions = ([[], ['traders-builders'], ['abbey-mayor'], ['traders-builders', 'abbey-mayor']] as const)[i % 4];
  const setup: GameSetup = {
    players: Array.from({ length: 2 + (i % 3) }, (_, p) => ({ name: `P${p}` })),
    expansions: [...expansions],
    seed: `svc-${i}`,
  };
  const seats: number[] = [];
  const { moves } = playRandom(setup, `svc-choices-${i}`, (g) => void seats.push(actorOf(g)!));
  const created = await service.create(setup);
  games.push({ id: created.id, digests: created.seats.map((s) => tokenDigest(s.token)), moves, seats, step: 0 });
}

let played = 0;
let next = 0;
const cpu = process.cpuUsage();
const start = performance.now();
while (played < MOVES) {
  const batch: Promise<unknown>[] = [];
  for (let k = 0; k < BATCH; k++) {
    let game = games[next++ % games.length];
    for (let tries = 0; game.step >= game.moves.length && tries < games.length; tries++)
      game = games[next++ % games.length]!;
    if (game.step >= game.moves.length) break;
    const step = game.step++;
    batch.push(
      service.submit(game.id, game.digests[game.seats[step]], { expectedVersion: step, move: game.moves[step] }),
    );
  }
  if (batch.length === 0) break;
  const reader = games[next % games.length];
  batch.push(
    service.legalMovesJson(reader.id),
    service.legalMovesJson(games[(next * 7) % games.length].id),
    service.stateJson(reader.id),
  );
  await Promise.all(batch);
  played += batch.length - 3;
}
const used = process.cpuUsage(cpu);
const ms = performance.now() - start;
console.log(
  `${played} moves: ${((used.user + used.system) / played).toFixed(1)} µs CPU per move, ${((ms * 1000) / played).toFixed(1)} µs wall per move`,
);
await service.close();
await store.close();
rmSync(dir, { recursive: true, force: true });
