/** Waiting for an event in a test: the condition is polled, with a bound far above its usual time. */
/**
 * Resolves when `check` holds (polled), or fails after `ms` (5 minutes: a bots-only game took
 * over 60 s with the machine at load average 28; the bound only ends a hang). The pause between looks grows from
 * 10 to 50 ms: a whole game's wait polled every 10 ms asked the service (or PostgreSQL) a hundred
 * times a second, CPU taken from the bots being waited for.
 */
export async function until(
  check: () => boolean | Promise<boolean>,
  ms = 300_000,
  what = 'the condition',
): Promise<void> {
  const deadline = Date.now() + ms;
  for (let pause = 10; !(await check()); pause = Math.min(50, pause + 5)) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}
