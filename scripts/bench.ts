/**
 * npm run bench: random complete games per second (base, with each expansion, with both, with
 * every expansion of the registry and with all of them but each one),
 * microseconds per legal-move query and per move, and full-game replay time.
 */
import {
  createGame,
  DEFAULT_REGISTRY,
  legalMoves,
  play,
  replay,
  type Game,
  type GameSetup,
} from '../src/engine/index.js';
import { playRandom, randomSetup } from '../test/helpers/random-play.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 2);

function gamesPerSecond(label: string, make: (i: number) => GameSetup): void {
  // Warm up, then count complete games for a fixed time.
  for (let i = 0; i < 50; i++) playRandom(make(i), `w${i}`);
  let games = 0,
    moves = 0;
  const start = performance.now();
  while (performance.now() - start < seconds * 1000) {
    const r = playRandom(make(games), `c${games}`);
    moves += r.moves.length;
    games++;
  }
  const ms = performance.now() - start;
  const perGame = ms / games;
  console.log(
    `${label.padEnd(34)} ${(games / (ms / 1000)).toFixed(0).padStart(6)} games/s  ${((perGame * 1000) / (moves / games)).toFixed(2).padStart(6)} µs/move (incl. legal-move query)  ${(moves / games).toFixed(0)} moves/game`,
  );
}

function legalMoveQuery(label: string, setup: GameSetup): void {
  // Every position of one game, each its own value: play() returns a new game per move.
  const { moves } = playRandom(setup, 'q');
  const created = createGame(setup);
  if (!created.ok) throw new Error(created.error.reason);
  const positions: Game[] = [created.value.game];
  for (const move of moves.slice(0, -1)) {
    const r = play(positions[positions.length - 1], move);
    if (!r.ok) throw new Error(r.error.reason);
    positions.push(r.value.game);
  }
  const start = performance.now();
  let n = 0;
  while (performance.now() - start < seconds * 500) {
    for (const g of positions) {
      legalMoves(g);
      n++;
    }
  }
  console.log(
    `${label.padEnd(34)} ${(((performance.now() - start) * 1000) / n).toFixed(2).padStart(6)} µs per legal-move query (averaged over a whole game)`,
  );
}

function replayTime(label: string, setup: GameSetup): void {
  const { moves } = playRandom(setup, 'r');
  for (let i = 0; i < 50; i++) replay(setup, moves);
  const start = performance.now();
  let n = 0;
  while (performance.now() - start < seconds * 500) {
    replay(setup, moves);
    n++;
  }
  console.log(
    `${label.padEnd(34)} ${((performance.now() - start) / n).toFixed(3).padStart(6)} ms per full-game replay (${moves.length} moves)`,
  );
}

const both: GameSetup['expansions'] = ['traders-builders', 'abbey-mayor'];
const every = [...DEFAULT_REGISTRY.ids];
console.log(`Node ${process.version}, one core, ${seconds}s per measurement`);
gamesPerSecond('base, 2 players', (i) => randomSetup(`b2-${i}`, 2));
gamesPerSecond('base, 4 players', (i) => randomSetup(`b4-${i}`, 4));
gamesPerSecond('traders-builders, 2 players', (i) => randomSetup(`t2-${i}`, 2, ['traders-builders']));
gamesPerSecond('abbey-mayor, 2 players', (i) => randomSetup(`a2-${i}`, 2, ['abbey-mayor']));
gamesPerSecond('both expansions, 2 players', (i) => randomSetup(`x2-${i}`, 2, both));
gamesPerSecond('both expansions, 4 players', (i) => randomSetup(`x4-${i}`, 4, both));
// Each expansion of the registry alone, all of them, and all of them but each one in turn.
for (const id of every) gamesPerSecond(`${id}, 2 players`, (i) => randomSetup(`e-${id}-${i}`, 2, [id]));
gamesPerSecond('every expansion, 2 players', (i) => randomSetup(`e2-${i}`, 2, every));
gamesPerSecond('every expansion, 4 players', (i) => randomSetup(`e4-${i}`, 4, every));
for (const id of every)
  gamesPerSecond(`every expansion but ${id}, 2 players`, (i) =>
    randomSetup(
      `b-${id}-${i}`,
      2,
      every.filter((e) => e !== id),
    ),
  );
legalMoveQuery('base, 2 players', randomSetup('q', 2));
legalMoveQuery('both expansions, 2 players', randomSetup('q', 2, both));
replayTime('base, 2 players', randomSetup('r', 2));
replayTime('both expansions, 2 players', randomSetup('r', 2, both));
