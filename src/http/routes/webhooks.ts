/** The webhook's routes (`service/webhooks/webhooks.ts`), all with the admin token. */
import { limitPerAddress } from '../address-limit.js';
import { bearerDigest } from '../token-digest.js';
import { GameIdParams, problems } from '../schemas/common.js';
import {
  DeliveriesResponse,
  Delivery,
  DeliveryParams,
  WebhookRequest,
  WebhookResponse,
  WebhookSettingsResponse,
} from '../schemas/webhooks.js';
import type { App, RouteOptions } from '../types.js';

export function webhookRoutes(app: App, { service, addressLimiter }: RouteOptions): void {
  const { webhooks } = service;

  app.put(
    '/games/:id/webhook',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Subscribe the game's webhook (admin token), replacing any: answers its new signing secret, shown only here",
        security: [{ adminToken: [] }],
        params: GameIdParams,
        body: WebhookRequest,
        response: { 200: WebhookResponse, ...problems(400, 401, 403, 404, 413, 415, 422, 429, 503, 507) },
      },
      onRequest: limitPerAddress(addressLimiter),
    },
    async (request) =>
      webhooks.subscribe(
        request.params.id,
        bearerDigest(request, 'admin token'),
        request.body.url,
        request.body.format,
      ),
  );

  app.get(
    '/games/:id/webhook',
    {
      schema: {
        tags: ['admin'],
        summary: "The game's webhook (admin token): its URL and format, never its secret",
        security: [{ adminToken: [] }],
        params: GameIdParams,
        response: { 200: WebhookSettingsResponse, ...problems(400, 401, 403, 404, 503) },
      },
    },
    async (request) => webhooks.get(request.params.id, bearerDigest(request, 'admin token')),
  );

  app.delete(
    '/games/:id/webhook',
    {
      schema: {
        tags: ['admin'],
        summary: "Remove the game's webhook (admin token): deliveries not yet sent are given up",
        security: [{ adminToken: [] }],
        params: GameIdParams,
        response: { 204: { description: 'Removed', type: 'null' }, ...problems(400, 401, 403, 404, 429, 503, 507) },
      },
      onRequest: limitPerAddress(addressLimiter),
    },
    async (request, reply) => {
      await webhooks.unsubscribe(request.params.id, bearerDigest(request, 'admin token'));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/games/:id/webhook/deliveries',
    {
      schema: {
        tags: ['admin'],
        summary: "The game's latest webhook deliveries and their outcomes (admin token)",
        security: [{ adminToken: [] }],
        params: GameIdParams,
        response: { 200: DeliveriesResponse, ...problems(400, 401, 403, 404, 503) },
      },
    },
    async (request) => ({
      deliveries: await webhooks.deliveries(request.params.id, bearerDigest(request, 'admin token')),
    }),
  );

  app.post(
    '/games/:id/webhook/deliveries/:deliveryId/redeliver',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Send a delivery again (admin token), whatever became of it: the same id and payload, to the webhook the game has now, with its retries anew',
        security: [{ adminToken: [] }],
        params: DeliveryParams,
        response: { 202: Delivery, ...problems(400, 401, 403, 404, 429, 503, 507) },
      },
      onRequest: limitPerAddress(addressLimiter),
    },
    async (request, reply) => {
      const { id, deliveryId } = request.params;
      const record = await webhooks.redeliver(id, bearerDigest(request, 'admin token'), deliveryId);
      return reply.code(202).send(record);
    },
  );
}
