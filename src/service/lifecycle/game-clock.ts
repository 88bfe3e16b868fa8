/**
 * The game clock's arithmetic (docs/lifecycle.md, "The clock"): a limit per turn, a time bank per
 * seat with an increment per turn (Fischer), or both. Nothing here is stored: each seat's bank
 * is folded from the log's timestamps (`lifecycle.ts` calls `stopClock` whenever a seat's time
 * stops running), so it survives a restart and reads the same on every node.
 */
import type { ClockSetup } from '../../game-log.js';

/** Each seat's bank (ms) at the start, or null for a clock without a bank. */
export const newBanks = (clock: ClockSetup | null, seats: number): number[] | null =>
  clock?.bankSeconds === undefined ? null : Array.from({ length: seats }, () => clock.bankSeconds! * 1000);

/** How long a turn of `seat` may last from its start (ms): the per-turn limit or its bank, the lesser. */
export function turnLimitMs(clock: ClockSetup, banks: readonly number[] | null, seat: number): number {
  const turn = clock.turnSeconds === undefined ? Infinity : clock.turnSeconds * 1000;
  return banks === null ? turn : Math.min(turn, banks[seat]);
}

/**
 * `seat`'s time stops at `at` (its turn ended, timed out, or the seat left): its bank pays the
 * time used, never more than the turn's limit (a timeout is charged to the deadline, not to the
 * moment the act was written), and gets the increment unless the seat left for good.
 */
export function stopClock(
  clock: ClockSetup,
  banks: number[] | null,
  seat: number,
  since: string,
  at: string,
  leftForGood: boolean,
): void {
  if (banks === null) return;
  const used = Math.min(Math.max(0, Date.parse(at) - Date.parse(since)), turnLimitMs(clock, banks, seat));
  const increment = leftForGood ? 0 : (clock.incrementSeconds ?? 0) * 1000;
  banks[seat] = Math.max(0, banks[seat] - used) + increment;
}

/** The clock as the state shows it (`ClockView`). */
export function clockView(
  clock: ClockSetup,
  banks: readonly number[] | null,
  running: number | null,
  since: string,
  deadline: string | null,
) {
  return {
    ...(clock.turnSeconds === undefined ? {} : { turnSeconds: clock.turnSeconds }),
    ...(clock.bankSeconds === undefined ? {} : { bankSeconds: clock.bankSeconds }),
    ...(clock.incrementSeconds === undefined ? {} : { incrementSeconds: clock.incrementSeconds }),
    onTimeout: clock.onTimeout ?? ('autopilot' as const),
    deadline,
    running,
    runningSince: running === null ? null : since,
    ...(banks === null ? {} : { banksMs: banks.slice() }),
  };
}
