import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { warmBoardRenderer } from './http/routes/board.js';

const config = loadConfig();
const app = await buildApp({
  database: config.database,
  postgres: config.postgres,
  cacheSize: config.cacheSize,
  rateLimit: config.rateLimit,
  gameRetentionDays: config.gameRetentionDays,
  addressRateLimit: config.addressRateLimit,
  maxConnections: config.maxConnections,
  streams: config.streams,
  corsOrigins: config.corsOrigins,
  frameAncestors: config.frameAncestors,
  bots: config.bots,
  hintBudget: config.hintBudget,
  webhooks: config.webhooks,
  analysis: config.analysis,
  logger: { level: config.logLevel },
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
