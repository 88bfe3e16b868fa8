/**
 * The games the A/B benchmarks of answers (`bench-answers-ab.ts`, `bench-http-ab.ts`) have both
 * builds play: the same setups and moves for either build, over the four sets of expansions, the
 * order they are played in, and a move's URL and headers on a build's server or app.
 */
import type { Static } from 'typebox';
import { actorOf, type GameSetup, type Move } from '../src/engine/index.js';
import type { RouteSchemas } from '../src/http/schemas/index.js';
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

/**
 * Moves of the next few of `planned` from `round` on, in turn (up to 6 of a game), until `count`
 * are played or every game is over; `steps` holds each game's next move, and `play(i, s)` plays
 * move `s` of game `i`. Answers how many were played.
 */
export async function inTurn(
  planned: readonly Planned[],
  steps: number[],
  round: number,
  count: number,
  play: (i: number, s: number) => Promise<unknown>,
): Promise<number> {
  let n = 0;
  for (let g = round; n < count; g++) {
    const i = g % planned.length;
    const length = planned[i].moves.length;
    if (steps[i] >= length) {
      if (steps.every((s, j) => s >= planned[j].moves.length)) break;
      continue;
    }
    for (let k = 0; k < 6 && steps[i] < length; k++, n++) await play(i, steps[i]++);
  }
  return n;
}

/** A planned game as created on a build's server or app: its moves' URL, and each seat's authorization header. */
export interface RouteGame {
  url: string;
  tokens: string[];
}

/** The game `created` answered by `POST /games` on the server at `base` ('' for an app's own injected requests). */
export const routeGame = (
  base: string,
  created: Pick<Static<RouteSchemas['CreatedGameResponse']>, 'id' | 'seats'>,
): RouteGame => ({
  url: `${base}/games/${created.id}/moves`,
  tokens: created.seats.map((s) => `Bearer ${s.token}`),
});

/** The headers of a move of `game` by `seat`: its token, and `Prefer: return=minimal` for the answer without the state. */
export const moveHeaders = (game: RouteGame, seat: number, minimal: boolean): Record<string, string> => ({
  authorization: game.tokens[seat],
  ...(minimal ? { prefer: 'return=minimal' } : {}),
});
