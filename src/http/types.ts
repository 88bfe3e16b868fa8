import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { GameService } from '../service/game-service.js';
import type { HeldRequests } from './held-requests.js';
import type { RateLimiter } from './rate-limit.js';
import type { RouteSchemas } from './schemas/index.js';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

export interface RouteOptions {
  service: GameService;
  /** The schemas of the app's registry (`schemas/index.ts`), which the routes declare as they are. */
  schemas: RouteSchemas;
  /** The budget per client address of requests without a seat token. */
  addressLimiter: RateLimiter;
  /** The streams and long-polls each address, and all of them, may hold at once. */
  held: HeldRequests;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Sends JSON that is already serialised: Fastify passes a string with a JSON content type
 * through untouched, skipping the route's response serialiser.
 */
export function sendJson(reply: { code(status: number): FastifyReply }, status: number, json: string): void {
  reply.code(status).type(JSON_TYPE).send(json);
}
