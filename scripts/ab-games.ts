/**
 * The games the A/B benchmarks of answers (`bench-answers-ab.ts`, `bench-http-ab.ts`) have both
 * builds play: the same setups and moves for either build, over the four sets of expansions.
 */
import { actorOf, type GameSetup, type Move } from '../src/engine/index.js';
import { playRandom } from '../test/helpers/random-play.js';

/** A game both builds play: its setup, its moves, and the seat that plays each. */
export interface Planned {
  setup: GameSetup;
  moves: Move[];
  seats: number[];
}

const SETS = [[], ['traders-builders'], ['abbey-mayor'], ['traders-builders', 'abbey-mayor']] as const;

/** `count` random games, 2 to 4 players, each played to its end by the planning engine (this checkout's). */
export function planGames(count: number): Planned[] {
  return Array.from({ length: count }, (_, i) => {
    const setup: GameSetup = {
      players: Array.from({ length: 2 + (i % 3) }, (_, p) => ({ name: `P${p}` })),
      expansions: [...SETS[i % 4]],
      seed: `ab-${i}`,
    };
    const seats: number[] = [];
    const { moves } = playRandom(setup, `ab-choices-${i}`, (g) => void seats.push(actorOf(g)!));
    return { setup, moves, seats };
  });
}
