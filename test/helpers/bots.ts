/** A bot pool and a driver over a real service, closed when a test ends. */
import type { Test } from 'tap';
import { levelBudget } from '../../src/service/bots/bot-job.js';
import { BotDriver, type BotDriverOptions } from '../../src/service/bots/bot-driver.js';
import { BotPool } from '../../src/service/bots/bot-pool.js';
import { serviceBotHost } from '../../src/service/bots/bot-runtime.js';
import type { GameService } from '../../src/service/game-service.js';

export { until } from './until.js';

export function testPool(t: Test, size = 1): BotPool {
  const pool = new BotPool({ size, queueLimit: 64 });
  t.teardown(() => pool.close());
  return pool;
}

/**
 * A started driver over the service; mcts gets `iterations` per move, or the budgets `budget`
 * answers. Stopped at teardown, before the pool closes.
 */
export async function startDriver(
  t: Test,
  service: GameService,
  pool: BotPool,
  iterations: number | BotDriverOptions['budget'] = 20,
) {
  const errors: unknown[] = [];
  const driver = new BotDriver(serviceBotHost(service), pool, {
    listen: (onMove) => service.listenForBotTurns(onMove),
    budget: typeof iterations === 'function' ? iterations : (spec) => levelBudget(spec, 100, iterations),
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
