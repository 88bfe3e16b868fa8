/** The webhook's schemas (`docs/webhooks.md`): the subscription asked for and answered, and the deliveries the admin reads. */
import { Type } from 'typebox';
import { DELIVERY_STATUSES, DELIVERY_TYPES, WEBHOOK_FORMATS } from '../../storage/deliveries.js';
import { MAX_WEBHOOK_URL_LENGTH } from '../../service/webhooks/webhook-url.js';
import { GameIdParams, Strict } from './common.js';

export const WebhookRequest = Strict(
  {
    url: Type.String({
      minLength: 1,
      maxLength: MAX_WEBHOOK_URL_LENGTH,
      description:
        'Where deliveries are POSTed: https:// (http:// only for the host:port targets in WEBHOOK_ALLOW_HOSTS); never a private, loopback or link-local address',
    }),
    format: Type.Optional(
      Type.Enum([...WEBHOOK_FORMATS], {
        description:
          "`json` (the default): the signed delivery document; `discord` or `slack`: that service's incoming-webhook message, one line per event",
      }),
    ),
  },
  { title: 'WebhookRequest' },
);

const Format = Type.Enum([...WEBHOOK_FORMATS], { description: 'What the deliveries look like' });

export const WebhookResponse = Type.Object(
  {
    url: Type.String(),
    secret: Type.String({ description: 'Signs each delivery (`Carcassonne-Signature`); shown only here' }),
    format: Format,
  },
  { title: 'Webhook' },
);

export const WebhookSettingsResponse = Type.Object(
  { url: Type.String(), format: Format },
  { title: 'WebhookSettings', description: "The game's webhook, without its secret" },
);

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const Delivery = Type.Object(
  {
    id: Type.String(),
    type: Type.Enum([...DELIVERY_TYPES]),
    version: Type.Integer({ description: "The game's version after the entry that caused it" }),
    createdAt: Type.String(),
    status: Type.Enum([...DELIVERY_STATUSES], {
      description: '`pending` (to be sent or retried), `delivered`, or `failed` (given up)',
    }),
    attempts: Type.Integer(),
    nextAttemptAt: Nullable(Type.String()),
    lastAttemptAt: Nullable(Type.String()),
    lastStatus: Nullable(Type.Integer({ description: "The receiver's HTTP status at the last attempt" })),
    lastError: Nullable(Type.String()),
  },
  { title: 'WebhookDelivery' },
);

export const DeliveriesResponse = Type.Object(
  { deliveries: Type.Array(Delivery, { description: 'The latest deliveries, newest first' }) },
  { title: 'WebhookDeliveries' },
);

export const DeliveryParams = Strict({
  id: GameIdParams.properties.id,
  deliveryId: Type.String({
    minLength: 1,
    maxLength: 64,
    description: 'A delivery id, as the deliveries list names it',
  }),
});

/** An account's webhook (`docs/accounts.md`): its stream's events, JSON only. */
export const AccountWebhookRequest = Strict({ url: WebhookRequest.properties.url }, { title: 'AccountWebhookRequest' });

export const AccountWebhookResponse = Type.Object(
  {
    url: Type.String(),
    secret: Type.String({ description: 'Signs each delivery (`Carcassonne-Signature`); shown only here' }),
  },
  { title: 'AccountWebhook' },
);

export const AccountWebhookSettingsResponse = Type.Object(
  {
    url: Type.String(),
    attempts: Type.Integer({ description: 'Failed attempts at the event now due (0 when every event went through)' }),
    lastStatus: Type.Union([Type.Integer(), Type.Null()], { description: "The receiver's status at the last attempt" }),
    lastError: Type.Union([Type.String(), Type.Null()], { description: 'Why the last attempt failed, if it did' }),
  },
  { title: 'AccountWebhookSettings', description: "The account's webhook, without its secret" },
);
