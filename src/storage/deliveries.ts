/**
 * The stores' vocabulary for webhook deliveries (`docs/webhooks.md`). A delivery is written in
 * the same transaction as the log entry (or the game's creation) that caused it, and only when
 * the game has a webhook at that moment: the store decides that, so a subscription made on
 * another node is never missed by a stale cache. Senders claim due deliveries (`claimDeliveries`)
 * so that one sender, of one process or node, sends each at a time.
 */

export const DELIVERY_TYPES = [
  'seatMustAct',
  'seatJoined',
  'seatResigned',
  'turnTimedOut',
  'gameFinished',
  'gameAborted',
] as const;
export type DeliveryType = (typeof DELIVERY_TYPES)[number];

/**
 * What a webhook's deliveries look like: `json`, the signed document below; `discord` or `slack`,
 * that service's incoming-webhook message, one line said from the same document when it is sent
 * (`service/webhooks/webhook-chat.ts`).
 */
export const WEBHOOK_FORMATS = ['json', 'discord', 'slack'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** The JSON body a receiver gets, signed as sent (`service/webhooks/webhook-signature.ts`). */
export interface DeliveryPayload {
  id: string;
  type: DeliveryType;
  gameId: string;
  /** The game's version after the entry that caused it. */
  version: number;
  createdAt: string;
  data: Record<string, unknown>;
}

export interface NewDelivery {
  payload: DeliveryPayload;
}

/** A delivery and its outcome so far, as the admin reads it. */
export interface DeliveryRecord {
  id: string;
  gameId: string;
  version: number;
  type: DeliveryType;
  createdAt: string;
  status: DeliveryStatus;
  attempts: number;
  /** When the next attempt is due (pending only). */
  nextAttemptAt: string | null;
  lastAttemptAt: string | null;
  /** The receiver's HTTP status at the last attempt, if it answered. */
  lastStatus: number | null;
  /** Why the last attempt failed, if it did. */
  lastError: string | null;
}

/** A claimed delivery with what sending it needs: the game's webhook now (null: unsubscribed since). */
export interface ClaimedDelivery extends DeliveryRecord {
  payload: DeliveryPayload;
  url: string | null;
  secret: string | null;
  format: WebhookFormat;
}

/** A claimed delivery's outcome: an attempt made (`attempts` one more), or put off (as it was). */
export interface DeliveryOutcome {
  status: DeliveryStatus;
  attempts: number;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  lastStatus: number | null;
  lastError: string | null;
}

export interface Webhook {
  url: string;
  secret: string;
  format: WebhookFormat;
}

/** A webhook as its admin reads it again: never its secret. */
export type WebhookView = Omit<Webhook, 'secret'>;

/** The stores' webhook calls (a part of `GameStore`). */
export interface DeliveryStore {
  /** Sets (or with null removes) a game's webhook; false when there is no such game. */
  setWebhook(gameId: string, webhook: Webhook | null): Promise<boolean>;
  /** A game's webhook, or undefined when it has none (or there is no such game). */
  getWebhook(gameId: string): Promise<WebhookView | undefined>;
  /**
   * Claims at most `limit` pending deliveries due at `now` (ISO): each is not due again before
   * `leaseUntil`, so no other sender takes it meanwhile, and a sender that dies holding it only
   * delays it. Oldest due first.
   */
  claimDeliveries(now: string, leaseUntil: string, limit: number): Promise<ClaimedDelivery[]>;
  /** Records the outcome of the attempt on a claimed delivery. */
  settleDelivery(delivery: { gameId: string; id: string }, outcome: DeliveryOutcome): Promise<void>;
  /** A game's latest `limit` deliveries, newest first. */
  listDeliveries(gameId: string, limit: number): Promise<DeliveryRecord[]>;
  /**
   * Makes a delivery pending again, due at `now`, its attempts counted anew (an admin's
   * redelivery: the retries start over); answers it as it is then, or undefined when the game
   * has no such delivery.
   */
  redeliver(gameId: string, id: string, now: string): Promise<DeliveryRecord | undefined>;
}

/** The deliveries' columns, as both stores select them (`DELIVERY_COLUMNS`). */
export interface DeliveryRow {
  game_id: string;
  id: string;
  version: number;
  type: DeliveryType;
  created_at: string;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: string | null;
  last_attempt_at: string | null;
  last_status: number | null;
  last_error: string | null;
}

export const DELIVERY_COLUMNS =
  'd.game_id, d.id, d.version, d.type, d.created_at, d.status, d.attempts, d.next_attempt_at, d.last_attempt_at, d.last_status, d.last_error';

export function deliveryRecord(row: DeliveryRow): DeliveryRecord {
  return {
    id: row.id,
    gameId: row.game_id,
    version: row.version,
    type: row.type,
    createdAt: row.created_at,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.status === 'pending' ? row.next_attempt_at : null,
    lastAttemptAt: row.last_attempt_at,
    lastStatus: row.last_status,
    lastError: row.last_error,
  };
}
