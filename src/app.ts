import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { DEFAULT_ADDRESS_LIMIT, DEFAULT_READ_LIMIT } from './http/address-limit.js';
import {
  connectionsPerAddress,
  DEFAULT_TIMEOUTS,
  limitConnections,
  serverOptions,
  type ConnectionTimeouts,
} from './http/connections.js';
import { registerCors, type CorsOrigins } from './http/cors.js';
import { collectRoutes } from './http/method-not-allowed.js';
import { hoistTitledSchemas } from './http/openapi-components.js';
import { finishDocument } from './http/openapi-document.js';
import { registerJsonBody } from './http/json-body.js';
import { docsPolicy, registerSecurityHeaders } from './http/security-headers.js';
import { frameworkErrors, registerProblemHandlers } from './http/problem.js';
import { budgets, DEFAULT_RATE_LIMIT, type RateLimitOptions } from './http/rate-limit.js';
import { boardRoutes } from './http/routes/board.js';
import { eventRoutes } from './http/routes/events.js';
import { gameRoutes } from './http/routes/games.js';
import { healthRoutes } from './http/routes/health.js';
import { DEFAULT_HINT_BUDGET, hintRoutes } from './http/routes/hint.js';
import { lifecycleRoutes } from './http/routes/lifecycle.js';
import { moveRoutes } from './http/routes/moves.js';
import { playRoutes } from './http/routes/play.js';
import { DEFAULT_STREAM_KEEPALIVE_MS, streamRoutes } from './http/routes/stream.js';
import { HeldRequests, heldTotal } from './http/held-requests.js';
import { DEFAULT_STREAM_LIMITS, type StreamLimits } from './http/stream-limits.js';
import { tileRoutes } from './http/routes/tiles.js';
import { webhookRoutes } from './http/routes/webhooks.js';
import { hostResolver } from './service/webhooks/webhook-dns.js';
import { analysisRoutes } from './http/routes/analysis.js';
import { Analyses, DEFAULT_ANALYSIS, type AnalysisOptions } from './service/analysis/analyses.js';
import type { App } from './http/types.js';
import { AccountAuth, DEFAULT_ACCOUNT_LIMIT, refuseKeysInUrls } from './http/account-auth.js';
import { accountRoutes, DEFAULT_ACCOUNT_CREATION } from './http/routes/accounts.js';
import { accountStreamRoutes } from './http/routes/account-stream.js';
import { challengeRoutes } from './http/routes/challenges.js';
import { ladderRoutes } from './http/routes/ladder.js';
import type { LadderTimer } from './service/ladder/ladder-timer.js';
import type { RatingsOf } from './service/ladder/ladder-ratings.js';
import type { ServerBotsOnLadder } from './service/ladder/ladder.js';
import { leaderboardRoutes } from './http/routes/leaderboard.js';
import { accountWebhookRoutes } from './http/routes/account-webhook.js';
import type { AccountLimits } from './service/accounts/accounts.js';
import { ensureServerBots } from './service/accounts/server-bots.js';
import { buildValidator } from './http/validator.js';
import { lazySerializers } from './http/lazy-serializers.js';
import { createBotRuntime, type BotRuntimeOptions } from './service/bots/bot-runtime.js';
import type { Hints } from './service/bots/hints.js';
import { GameService, type WebhookOptions } from './service/game-service.js';
import { DEFAULT_REGISTRY, type Registry } from './engine/index.js';
import { routeSchemas } from './http/schemas/index.js';
import type { GameStore } from './storage/game-store.js';
import { openSqliteStore } from './storage/sqlite/store.js';

export interface AppOptions {
  /**
   * Where games are stored, opened by the caller (`openStore`): the app owns it from here and
   * closes it when it closes. A new in-memory SQLite store when absent.
   */
  store?: GameStore;
  /** Games whose current state is kept in memory (least recently used ones are dropped). */
  cacheSize?: number;
  logger?: FastifyServerOptions['logger'];
  /** A logger made by the caller (the server logs with it before the app exists); wins over `logger`. */
  loggerInstance?: FastifyServerOptions['loggerInstance'];
  /** Largest accepted request body in bytes. */
  bodyLimit?: number;
  /** The clock for move timestamps (tests fix it). */
  now?: () => Date;
  /** Requests per bearer token (429 beyond); `perSecond: 0` turns it off. */
  rateLimit?: RateLimitOptions;
  /** Requests without a seat token (game creation included) per client address; `perSecond: 0` turns it off. */
  addressRateLimit?: RateLimitOptions;
  /** Reads of a game's log and analysis per client address (`address-limit.ts`); `perSecond: 0` turns it off. */
  readRateLimit?: RateLimitOptions;
  /** Connections open at once (503 beyond); unlimited when absent. */
  maxConnections?: number;
  /** Overrides of the connection timeouts (tests shorten them). */
  timeouts?: Partial<ConnectionTimeouts>;
  /** Silence after which an event stream writes a comment (below the idle timeout; tests shorten it). */
  streamKeepAliveMs?: number;
  /** Streams: their longest life, opens per address, and what they and long-polls may hold (`held-requests.ts`). */
  streams?: Partial<StreamLimits>;
  /** Origins allowed cross-origin (`*` for all); none by default. */
  corsOrigins?: CorsOrigins;
  /** CSP `frame-ancestors` sources: who may frame the pages (`'none'` by default). */
  frameAncestors?: string[];
  /** Games with no move for this many days are deleted in the background; 0 or absent keeps them. */
  gameRetentionDays?: number;
  /** Hints each client address, and each seat token, may ask per minute and at once (`perMinute: 0` turns it off). */
  hintBudget?: { perMinute: number; burst: number };
  /** Bots on the server: the worker pool, budgets, and (until the lifecycle branch) which seats are bots. */
  bots?: BotRuntimeOptions;
  /** The expansions games may enable, whose vocabulary the schemas and the OpenAPI document show (the engine's own by default). */
  registry?: Registry;
  /** Webhooks: the URL policy, and the sender's settings (`service/webhooks/webhook-sender.ts`); no sender when absent. */
  webhooks?: WebhookOptions;
  /** The server's public base URL (`PUBLIC_URL`): chat webhooks link to a game's page under it; none when absent. */
  publicUrl?: string | null;
  /** Post-game analyses: budget, concurrency, search sizes (`service/analysis/analyses.ts`). */
  analysis?: Partial<AnalysisOptions>;
  /** Accounts each client address may create (`perSecond: 0` turns it off). */
  accountCreation?: RateLimitOptions;
  /** Requests per account, whichever of its keys it uses (`perSecond: 0` turns it off). */
  accountRateLimit?: RateLimitOptions;
  /** Keys and open games an account may hold at once. */
  accountLimits?: AccountLimits;
  /** What runs the ladder's rounds (`service/ladder/ladder-timer.ts`); none: no rounds (tests call them). */
  ladderTimer?: LadderTimer;
  /** Where the ladder reads its bots' ratings (`service/ladder/ladder-ratings.ts`); the accounts' own when absent (tests give others). */
  ladderRatings?: RatingsOf;
  /** The server's bots on the ladder (`LADDER_SERVER_BOTS`), their ladder games at once and whether they meet each other; none when absent. */
  ladderServerBots?: ServerBotsOnLadder;
  /**
   * A test seam: builds the hint route's `Hints` (tests give one whose pool's jobs end when they
   * say, on a clock they move); the bot runtime's when absent.
   */
  hints?: (service: GameService) => Hints;
  /** Fastify's schema compilers (a test seam: tests share compiled serializers between apps). */
  schemaController?: FastifyServerOptions['schemaController'];
}

const API_VERSION = '1.0.0';

/** Builds the whole service; `server.ts` only reads configuration and listens. */
export async function buildApp(options: AppOptions): Promise<App> {
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const registry = options.registry ?? DEFAULT_REGISTRY;
  const app = Fastify({
    ...(options.loggerInstance ? { loggerInstance: options.loggerInstance } : { logger: options.logger ?? false }),
    bodyLimit: options.bodyLimit ?? 64 * 1024,
    frameworkErrors,
    // The app's compilers, which tests may wrap (`schemaController`): TypeBox's validators (`validator.ts`) and
    // Fastify's serializers, each compiled when its route first answers with its status.
    schemaController: {
      ...options.schemaController,
      compilersFactory: {
        buildValidator,
        buildSerializer: lazySerializers,
        ...options.schemaController?.compilersFactory,
      },
    },
    ...serverOptions(timeouts),
  }).withTypeProvider<TypeBoxTypeProvider>();
  const streams = { ...DEFAULT_STREAM_LIMITS, ...options.streams };
  if (options.maxConnections !== undefined) {
    const max = options.maxConnections;
    limitConnections(app.server, max, connectionsPerAddress(max, streams.perAddress));
  }

  const store: GameStore = options.store ?? openSqliteStore(':memory:');
  const service = new GameService(store, {
    cacheSize: options.cacheSize ?? 1000,
    now: options.now,
    retention: { days: options.gameRetentionDays ?? 0 },
    onBackgroundError: (error) =>
      app.log.error({ err: error }, 'background work failed (retention sweep or turn clock)'),
    turnClock: true,
    registry,
    webhookPolicy: { allowHosts: options.webhooks?.allowHosts ?? [], resolve: hostResolver(options.webhooks?.dns) },
    webhookSender: options.webhooks?.sender,
    publicUrl: options.publicUrl,
    accountLimits: options.accountLimits,
    ladderRatings: options.ladderRatings,
  });
  const bots = createBotRuntime(service, options.bots ?? {}, (error, gameId) =>
    app.log.error({ err: error, gameId }, 'bot turn failed'),
  );
  const analyses = new Analyses(
    store,
    () => bots.pool,
    { ...DEFAULT_ANALYSIS, ...options.analysis },
    options.now ?? (() => new Date()),
    (error, gameId) => app.log.error({ err: error, gameId }, 'analysis failed'),
    service.notifier,
  );
  app.addHook('onReady', async () => bots.start());
  const stopLadder = options.ladderTimer?.(
    () => service.ladder.round(),
    (listener) => {
      const unlisten = service.onGameOver((id) => service.ladder.plays(id) && listener());
      const unjoin = service.ladder.onJoin(listener);
      return () => {
        unlisten();
        unjoin();
      };
    },
  );
  app.addHook('preClose', (done) => {
    stopLadder?.();
    done();
  });
  // The server's bots as accounts, so ratings are measured against them (`service/accounts/server-bots.ts`).
  app.addHook('onReady', async () => {
    const at = (options.now?.() ?? new Date()).toISOString();
    // A store that refuses writes (read-only, full) still serves reads: the server starts without them.
    const taken = await ensureServerBots(store.accounts, at).catch((error: unknown) => {
      app.log.error({ err: error }, "the server's bot accounts could not be made");
      return undefined;
    });
    if (taken === undefined) return;
    if (taken.length > 0)
      app.log.warn({ names: taken }, "other accounts hold these server bots' names: those bots have no account");
    if (options.ladderServerBots) {
      await service.ladder.enlistServerBots(options.ladderServerBots, taken).catch((error: unknown) => {
        app.log.error({ err: error }, "the server's bots could not join the ladder");
      });
    }
  });
  app.addHook('preClose', (done) => {
    analyses.close();
    done();
  });
  // Bots first: no bot move may be submitted to a closed service.
  app.addHook('preClose', async () => bots.close());
  app.addHook('preClose', async () => service.close());
  app.addHook('onClose', async () => store.close());

  registerProblemHandlers(app, collectRoutes(app));
  await registerCors(app, options.corsOrigins ?? []);
  registerSecurityHeaders(app, options.frameAncestors);
  registerJsonBody(app);
  await app.register(swagger, {
    transformObject: (document) =>
      finishDocument(
        'openapiObject' in document ? document.openapiObject : document.swaggerObject,
        registry.errorCodes,
      ),
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Carcassonne game-state API',
        version: API_VERSION,
        description:
          'Games of Carcassonne (base game, Traders & Builders, Abbey & Mayor) as an event-sourced move log. ' +
          'Errors are application/problem+json with a stable `code`.',
      },
      tags: [
        { name: 'games', description: 'Create games, read their state and legal moves' },
        { name: 'moves', description: 'Submit moves, read the log and its events' },
        { name: 'seats', description: 'Join an open seat, resign' },
        {
          name: 'admin',
          description: "The creator's acts with the admin token: abort, reissue a token, hand a seat to a bot",
        },
        { name: 'lobby', description: 'Public games' },
        {
          name: 'ladder',
          description: 'The rated bot ladder: duplicate matches, records, sequential tests (docs/ladder.md)',
        },
        { name: 'accounts', description: 'Accounts, their keys and their games (docs/accounts.md)' },
        { name: 'tiles', description: 'The tile catalog' },
        { name: 'service', description: 'Operations' },
      ],
      components: {
        securitySchemes: {
          seatToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'A seat token from POST /games (or from joining a seat)',
          },
          adminToken: { type: 'http', scheme: 'bearer', description: 'The admin token from POST /games' },
          accountKey: {
            type: 'http',
            scheme: 'bearer',
            description: "An account's key from POST /accounts: acts for every seat the account holds",
          },
        },
      },
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    transformStaticCSP: docsPolicy,
    transformSpecification: (spec) => hoistTitledSchemas(spec),
  });

  // Shared by every node on PostgreSQL: a client spreading its requests over them gets one budget.
  const budget = budgets(store.budgets);
  const held = new HeldRequests({
    perAddress: streams.perAddress,
    total: heldTotal(options.maxConnections, streams.reservedConnections),
  });
  const schemas = routeSchemas(registry);
  const routes = {
    service,
    schemas,
    addressLimiter: budget('address', options.addressRateLimit ?? DEFAULT_ADDRESS_LIMIT),
    held,
    auth: new AccountAuth(service.accounts, budget('account', options.accountRateLimit ?? DEFAULT_ACCOUNT_LIMIT)),
  };
  app.addHook('onRequest', refuseKeysInUrls);
  healthRoutes(app, routes);
  tileRoutes(app, routes);
  gameRoutes(app, routes);
  lifecycleRoutes(app, routes);
  accountRoutes(app, {
    ...routes,
    creations: budget('account-create', options.accountCreation ?? DEFAULT_ACCOUNT_CREATION),
  });
  challengeRoutes(app, routes);
  ladderRoutes(app, routes);
  leaderboardRoutes(app, routes);
  accountWebhookRoutes(app, routes);
  webhookRoutes(app, routes);
  const readLimiter = budget('read', options.readRateLimit ?? DEFAULT_READ_LIMIT);
  analysisRoutes(app, { analyses, schemas, readLimiter });
  const rateLimiter = budget('token', options.rateLimit ?? DEFAULT_RATE_LIMIT);
  moveRoutes(app, { ...routes, rateLimiter, readLimiter });
  const hintBudget = options.hintBudget ?? DEFAULT_HINT_BUDGET;
  const hintBudgetPerSecond = { perSecond: hintBudget.perMinute / 60, burst: hintBudget.burst };
  const hintBudgets = {
    perAddress: budget('hint-address', hintBudgetPerSecond),
    perToken: budget('hint-token', hintBudgetPerSecond),
  };
  hintRoutes(app, { ...routes, rateLimiter, hints: options.hints?.(service) ?? bots.hints, hintBudgets });
  eventRoutes(app, routes);
  boardRoutes(app, routes);
  // A stream's comments must come well inside the idle timeout that would close its socket.
  const keepAliveMs = Math.min(
    options.streamKeepAliveMs ?? DEFAULT_STREAM_KEEPALIVE_MS,
    Math.floor(timeouts.idleMs / 3),
  );
  streamRoutes(app, {
    ...routes,
    keepAliveMs,
    maxLifetimeMs: streams.maxSeconds * 1000,
    opens: budget('stream-open', streams.opens),
    analyses,
  });
  accountStreamRoutes(app, {
    ...routes,
    keepAliveMs,
    maxLifetimeMs: streams.maxSeconds * 1000,
    opens: budget('account-stream-open', streams.opens),
  });
  playRoutes(app);
  return app;
}
