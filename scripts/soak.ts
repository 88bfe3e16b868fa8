/**
 * npm run soak: thousands of random complete games through the public API (clone per move),
 * checking that replay equals the live game. SOAK_GAMES sets the count (default 2000).
 */
import { play, legalMoves, publicView, replay, createGame } from '../src/engine/index.js';
import { seededRandom } from '../src/engine/rng.js';
import { randomSetup } from '../test/helpers/random-play.js';

const games = Number(process.env.SOAK_GAMES ?? 2000);
const configs = [[], ['traders-builders'], ['abbey-mayor'], ['traders-builders', 'abbey-mayor']] as const;
const start = performance.now();
let moves = 0;
for (let i = 0; i < games; i++) {
  const setup = randomSetup(`soak-${i}`, 2 + (i % 5), [...configs[i % 4]], {
    endgameAbbeys: (['continue', 'final-round', 'none'] as const)[i % 3],
    wagonMove: i % 2 ? 'c1' : 'c2',
  });
  const created = createGame(setup);
  if (!created.ok) throw new Error(created.error.reason);
  let g = created.value.game;
  const rnd = seededRandom(`soak-choice-${i}`);
  const log = [];
  for (let lm = legalMoves(g); lm.actor !== null; lm = legalMoves(g)) {
    const m = lm.moves[Math.floor(rnd() * lm.moves.length)];
    const r = play(g, m);
    if (!r.ok) throw new Error(`game ${i}: listed move refused ${JSON.stringify(m)}: ${r.error.reason}`);
    g = r.value.game;
    log.push(m);
  }
  moves += log.length;
  const rep = replay(setup, log);
  if (!rep.ok || JSON.stringify(publicView(rep.value.game)) !== JSON.stringify(publicView(g))) {
    throw new Error(`game ${i}: replay differs`);
  }
}
console.log(
  `${games} games, ${moves} moves, all invariants held, ${((performance.now() - start) / 1000).toFixed(1)} s`,
);
