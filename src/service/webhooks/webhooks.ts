/**
 * A game's webhook as its admin manages it (`docs/webhooks.md`): subscribing (at creation or
 * later) in a format (`json` unless asked), reading it back without its secret, removing it, and
 * reading the latest deliveries. The URL is checked against the policy
 * (`webhook-url.ts`) before it is stored; a new subscription gets a new secret, shown once.
 */
import type { DeliveryRecord, Webhook, WebhookFormat, WebhookView } from '../../storage/deliveries.js';
import type { GameStore } from '../../storage/game-store.js';
import { checkAdmin } from '../lifecycle/game-lifecycle.js';
import { ServiceError } from '../service-error.js';
import { newWebhookSecret } from './webhook-signature.js';
import { checkWebhookUrl, type WebhookUrlPolicy } from './webhook-url.js';
import type { SnapshotCache } from '../cache/snapshot-cache.js';

/** The deliveries the admin may read: the latest of the game. */
export const DELIVERIES_SHOWN = 100;

export class Webhooks {
  constructor(
    private readonly store: GameStore,
    private readonly snapshots: SnapshotCache,
    readonly policy: WebhookUrlPolicy,
    private readonly now: () => Date = () => new Date(),
    /** Tells this process's sender a delivery is due now (the other nodes' find it at their next poll). */
    private readonly due: () => void = () => {},
  ) {}

  /** A checked URL with a new secret (at creation, or `subscribe`). */
  async newWebhook(url: string, format: WebhookFormat = 'json'): Promise<Webhook> {
    await checkWebhookUrl(url, this.policy);
    return { url, secret: newWebhookSecret(), format };
  }

  async subscribe(id: string, admin: Buffer, url: string, format?: WebhookFormat): Promise<Webhook> {
    checkAdmin(await this.snapshots.read(id), admin);
    const webhook = await this.newWebhook(url, format);
    await this.store.setWebhook(id, webhook);
    return webhook;
  }

  async get(id: string, admin: Buffer): Promise<WebhookView> {
    checkAdmin(await this.snapshots.read(id), admin);
    const webhook = await this.store.getWebhook(id);
    if (!webhook) throw new ServiceError('WEBHOOK_NOT_FOUND', `game ${id} has no webhook`);
    return webhook;
  }

  async unsubscribe(id: string, admin: Buffer): Promise<void> {
    checkAdmin(await this.snapshots.read(id), admin);
    await this.store.setWebhook(id, null);
  }

  async deliveries(id: string, admin: Buffer): Promise<DeliveryRecord[]> {
    checkAdmin(await this.snapshots.read(id), admin);
    return this.store.listDeliveries(id, DELIVERIES_SHOWN);
  }

  /** Sends a delivery again, whatever became of it: its payload (and its id) as first written, to the webhook the game has now. */
  async redeliver(id: string, admin: Buffer, deliveryId: string): Promise<DeliveryRecord> {
    checkAdmin(await this.snapshots.read(id), admin);
    const record = await this.store.redeliver(id, deliveryId, this.now().toISOString());
    if (!record) throw new ServiceError('DELIVERY_NOT_FOUND', `game ${id} has no delivery ${deliveryId}`);
    this.due();
    return record;
  }
}
