/**
 * An account's webhook (`service/accounts/account-webhooks.ts`, `docs/accounts.md`): its stream's
 * events POSTed in order, signed with a secret shown once. Managed with the account's key.
 */
import { problems } from '../schemas/common.js';
import { AccountWebhookRequest, AccountWebhookResponse, AccountWebhookSettingsResponse } from '../schemas/webhooks.js';
import type { App, RouteOptions } from '../types.js';

const KEYED = { security: [{ accountKey: [] }], tags: ['accounts'] };

export function accountWebhookRoutes(app: App, { service, auth }: RouteOptions): void {
  const hooks = service.accountWebhooks;

  app.put(
    '/accounts/me/webhook',
    {
      schema: {
        ...KEYED,
        summary: "Send the account's events to a URL: answers the signing secret, shown only here",
        description:
          'The events from now on, in order, each as the stream tells it; a refused delivery is sent again until taken. ' +
          'Subscribing again replaces the URL and the secret.',
        body: AccountWebhookRequest,
        response: { 200: AccountWebhookResponse, ...problems(400, 401, 413, 415, 422, 429, 503, 507) },
      },
    },
    async (request) => hooks.subscribe(await auth.account(request), request.body.url),
  );

  app.get(
    '/accounts/me/webhook',
    {
      schema: {
        ...KEYED,
        summary: "The account's webhook and how its deliveries fare (never its secret)",
        response: { 200: AccountWebhookSettingsResponse, ...problems(401, 404, 429, 503) },
      },
    },
    async (request) => hooks.get(await auth.account(request)),
  );

  app.delete(
    '/accounts/me/webhook',
    {
      schema: {
        ...KEYED,
        summary: "Stop sending the account's events",
        response: { 204: { description: 'Removed', type: 'null' }, ...problems(401, 429, 503, 507) },
      },
    },
    async (request, reply) => {
      await hooks.unsubscribe(await auth.account(request));
      return reply.code(204).send(null);
    },
  );
}
