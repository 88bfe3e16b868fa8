/** Bot seats given by the test (the seam of `src/service/bot-seam.ts`), and drivers closed when a test ends. */
import type { Test } from 'tap';
import type { BotSpec } from '../../src/service/bot-job.js';
import { levelBudget } from '../../src/service/bot-job.js';
import { BotDriver } from '../../src/service/bot-driver.js';
import { BotPool } from '../../src/service/bot-pool.js';
import { SeamBotHost, type BotSeats } from '../../src/service/bot-seam.js';
import type { GameService } from '../../src/service/game-service.js';
import type { GameStore } from '../../src/storage/repository.js';

/** Seats per game: `null` for a human. */
export function botSeats(map: Map<string, (BotSpec | null)[]>): BotSeats {
  return { seatBot: (id, seat) => map.get(id)?.[seat] ?? null, games: () => map.keys() };
}

export function testPool(t: Test, size = 1): BotPool {
  const pool = new BotPool({ size, queueLimit: 64 });
  t.teardown(() => pool.close());
  return pool;
}

/** A started driver over the service; mcts gets `iterations` per move. Stopped at teardown, before the pool closes. */
export async function startDriver(t: Test, service: GameService, store: GameStore, seats: BotSeats, pool: BotPool, iterations = 20) {
  const errors: unknown[] = [];
  const driver = new BotDriver(new SeamBotHost(service, store, seats), pool, {
    listen: (onMove) => service.notifier.listen(onMove),
    budget: (spec) => levelBudget(spec, 100, iterations),
    onError: (error) => errors.push(error),
    retryMs: 20,
  });
  t.teardown(async () => {
    driver.stop();
    await driver.settled();
  });
  await driver.start();
  return { driver, errors };
}

/** Resolves when `check` holds (polled), or fails after `ms`. */
export async function until(check: () => boolean | Promise<boolean>, ms = 60_000, what = 'the condition'): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
