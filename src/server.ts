import { pino } from 'pino';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { warmBoardRenderer } from './http/routes/board.js';
import { openStore } from './storage/open-store.js';
import { everySeconds } from './service/ladder/ladder-timer.js';

const config = loadConfig();
// One logger from the start: the store reports its background faults before the app exists.
const log = pino({ level: config.logLevel });
const store = await openStore(config.database, {
  postgres: config.postgres,
  sqlite: config.sqlite,
  onFault: (message) => log.warn({ message }, 'store fault'),
});
const app = await buildApp({
  store,
  loggerInstance: log,
  cacheSize: config.cacheSize,
  rateLimit: config.rateLimit,
  gameRetentionDays: config.gameRetentionDays,
  addressRateLimit: config.addressRateLimit,
  accountRateLimit: config.accountRateLimit,
  maxConnections: config.maxConnections,
  timeouts: config.timeouts,
  streams: config.streams,
  corsOrigins: config.corsOrigins,
  frameAncestors: config.frameAncestors,
  bots: config.bots,
  hintBudget: config.hintBudget,
  webhooks: config.webhooks,
  publicUrl: config.publicUrl,
  analysis: config.analysis,
  ladderServerBots: config.ladderServerBots,
  ladderTimer:
    config.ladderRoundSeconds > 0
      ? everySeconds(config.ladderRoundSeconds, (error) => log.error({ err: error }, 'ladder round failed'))
      : undefined,
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}

try {
  await app.listen({ port: config.port, host: config.host });
  // After listen and in small steps: the warm-up never delays the start nor holds up a request.
  warmBoardRenderer().catch((error: unknown) => app.log.warn({ err: error }, 'board renderer warm-up failed'));
} catch (error) {
  app.log.error({ err: error }, 'could not start');
  process.exit(1);
}
