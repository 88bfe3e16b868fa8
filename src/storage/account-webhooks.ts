/**
 * The stores' vocabulary for accounts' webhooks (`docs/accounts.md`). An account's webhook is a
 * reader of its stream that POSTs each event in order: its row keeps the last event delivered
 * (`cursor`, the stream's own), so nothing needs writing when an event is stored, and an event
 * is delivered until the receiver takes it (at least once, in order, never skipped). A sender
 * claims a row for a lease (one sender of all the nodes at a time), sends, and settles it.
 */

export interface AccountWebhookSetting {
  url: string;
  secret: string;
  /** The stream's cursor to start after: its latest event when subscribing (only later events are sent). */
  cursor: string;
}

/** What its owner reads back: never the secret. */
export interface AccountWebhookView {
  url: string;
  /** Failed attempts at the event now due (0 when all went through). */
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
}

export interface ClaimedAccountWebhook {
  accountId: string;
  url: string;
  secret: string;
  cursor: string;
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  /** The lease the claim took: settling checks it is still this one. */
  leaseUntil: string;
}

export interface AccountWebhookOutcome {
  cursor: string;
  attempts: number;
  nextAt: string;
  lastStatus: number | null;
  lastError: string | null;
}

export interface AccountWebhookStore {
  /** Subscribes (a new URL and secret, sending after `cursor`) or, with null, unsubscribes. */
  setAccountWebhook(accountId: string, setting: AccountWebhookSetting | null, at: string): Promise<void>;
  accountWebhook(accountId: string): Promise<AccountWebhookView | undefined>;
  /** Claims up to `limit` webhooks due at `now` and not leased, leasing them until `leaseUntil`. */
  claimAccountWebhooks(now: string, leaseUntil: string, limit: number): Promise<ClaimedAccountWebhook[]>;
  /** Records what a claim's sends did and ends its lease; nothing when the claim was lost (resubscribed, removed). */
  settleAccountWebhook(claim: ClaimedAccountWebhook, outcome: AccountWebhookOutcome): Promise<void>;
}
