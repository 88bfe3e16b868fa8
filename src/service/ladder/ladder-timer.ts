/**
 * What drives the ladder's rounds (`ladder.ts`): a timer seam. The server's runs a round every
 * `LADDER_ROUND_SECONDS`, and at once when a ladder game ends or a bot joins on this node; tests
 * pass their own and call the round themselves, so no test waits for a clock.
 */
import type { LadderRound } from './ladder.js';

/**
 * Starts calling `round` (and may follow `nudged`, which tells of each ladder game ended and each
 * bot joined here); returns the stop.
 */
export type LadderTimer = (
  round: () => Promise<LadderRound>,
  nudged: (listener: () => void) => () => void,
) => () => void;

/** A round every `seconds`, and one after each ladder game ended or bot joined on this node; failures go to `onError`. */
export function everySeconds(seconds: number, onError: (error: unknown) => void): LadderTimer {
  return (round, nudged) => {
    const run = () => void round().catch(onError);
    const timer = setInterval(run, seconds * 1000);
    timer.unref();
    const unlisten = nudged(run);
    return () => {
      clearInterval(timer);
      unlisten();
    };
  };
}
