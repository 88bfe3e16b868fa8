/**
 * What drives the ladder's rounds (`ladder.ts`): a timer seam. The server's runs a round every
 * `LADDER_ROUND_SECONDS` and at once when a ladder game ends on this node; tests pass their own
 * and call the round themselves, so no test waits for a clock.
 */
import type { LadderRound } from './ladder.js';

/** Starts calling `round` (and may follow `gameOver`, which tells of each ladder game ended here); returns the stop. */
export type LadderTimer = (
  round: () => Promise<LadderRound>,
  gameOver: (listener: () => void) => () => void,
) => () => void;

/** A round every `seconds`, and one after each ladder game this node ends; failures go to `onError`. */
export function everySeconds(seconds: number, onError: (error: unknown) => void): LadderTimer {
  return (round, gameOver) => {
    const run = () => void round().catch(onError);
    const timer = setInterval(run, seconds * 1000);
    timer.unref();
    const unlisten = gameOver(run);
    return () => {
      clearInterval(timer);
      unlisten();
    };
  };
}
