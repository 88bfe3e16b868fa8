/**
 * Sends the stored webhook deliveries, outside any request (`docs/webhooks.md`). Each process
 * runs one sender; senders claim due deliveries from the store (`claimDeliveries`: on
 * PostgreSQL `FOR UPDATE SKIP LOCKED`, so of several nodes exactly one sends each), send them a
 * few at a time, and record each outcome: delivered, retried later along `retryDelaysMs`, or
 * given up once those are spent. A delivery whose sender died is due again when its lease ends:
 * at least once, never lost. Moves never wait for any of it: a commit only wakes the sender.
 */
import type { ClaimedDelivery, DeliveryStore } from '../../storage/deliveries.js';
import { deliveryBody } from './webhook-chat.js';
import { postDelivery, type PostTimeouts } from './webhook-post.js';
import { SIGNATURE_HEADER, signature } from './webhook-signature.js';
import { MinuteBudget, receivingHost } from './minute-budget.js';
import { PollLoop } from './poll-loop.js';
import type { WebhookUrlPolicy } from './webhook-url.js';

/** About a day in all: 10 s, 1 min, 5 min, 30 min, 2 h, 6 h, then 15 h before the last try. */
export const DEFAULT_RETRY_DELAYS_MS = [10e3, 60e3, 300e3, 1800e3, 7200e3, 21600e3, 54000e3];

/** What a claim's lease adds to an attempt's longest time: settling it, a loaded machine's pauses. */
const LEASE_MARGIN_MS = 5000;

export interface WebhookSenderOptions {
  policy: WebhookUrlPolicy;
  timeouts: PostTimeouts;
  /** The wait before each retry; its length is the number of retries. */
  retryDelaysMs: readonly number[];
  /** How often the store is asked for due deliveries besides the wake-ups of this process's commits. */
  pollMs: number;
  /** Deliveries in flight at once. */
  concurrency: number;
  /** Deliveries per minute to one receiving host, and for one game (this node's budgets): beyond, put off. */
  perHostPerMinute: number;
  perGamePerMinute: number;
  /** The server's public base URL (`PUBLIC_URL`): chat messages link to the game's page under it; null, none. */
  publicUrl?: string | null;
  now?: () => Date;
  onError?: (error: unknown) => void;
}

export class WebhookSender {
  private inFlight = 0;
  private readonly loop: PollLoop;
  private readonly sends = new Set<Promise<void>>();
  private readonly games: MinuteBudget;
  private readonly now: () => Date;
  /** Longer than any attempt (bounded by its timeouts): a claimed delivery is due again only once its sender must be gone. */
  private readonly leaseMs: number;

  /** `hosts`: the budget per receiving host, shared with the process's accounts' sender (by default its own). */
  constructor(
    private readonly store: DeliveryStore,
    private readonly options: WebhookSenderOptions,
    private readonly hosts = new MinuteBudget(options.perHostPerMinute),
  ) {
    this.now = options.now ?? (() => new Date());
    this.games = new MinuteBudget(options.perGamePerMinute);
    this.leaseMs = Math.max(options.timeouts.connectMs, options.timeouts.responseMs) + LEASE_MARGIN_MS;
    this.loop = new PollLoop(() => this.claim(), options.pollMs);
  }

  start(): void {
    this.loop.start();
  }

  /** A commit of this process wrote deliveries: look now rather than at the next poll. */
  wake(): void {
    this.loop.wake();
  }

  private async claim(): Promise<void> {
    const room = this.options.concurrency - this.inFlight;
    if (room <= 0) return;
    const now = this.now();
    let claimed: ClaimedDelivery[];
    try {
      claimed = await this.store.claimDeliveries(
        now.toISOString(),
        new Date(now.getTime() + this.leaseMs).toISOString(),
        room,
      );
    } catch (error) {
      this.options.onError?.(error);
      return;
    }
    for (const delivery of claimed) {
      this.inFlight++;
      const send = this.send(delivery)
        .catch((error: unknown) => this.options.onError?.(error))
        .finally(() => {
          this.inFlight--;
          this.sends.delete(send);
          // A full claim may have left more due behind it.
          if (claimed.length === room) this.wake();
        });
      this.sends.add(send);
    }
    if (claimed.length === room) this.loop.wake();
  }

  private async send(d: ClaimedDelivery): Promise<void> {
    if (d.url === null || d.secret === null) {
      return this.store.settleDelivery(d, {
        status: 'failed',
        attempts: d.attempts,
        lastAttemptAt: d.lastAttemptAt,
        nextAttemptAt: null,
        lastStatus: null,
        lastError: 'the game has no webhook any more',
      });
    }
    const nowMs = this.now().getTime();
    const wait = Math.max(this.hosts.take(receivingHost(d.url), nowMs), this.games.take(d.gameId, nowMs));
    if (wait > 0) {
      // Over a budget: put off, not an attempt.
      return this.store.settleDelivery(d, {
        status: 'pending',
        attempts: d.attempts,
        lastAttemptAt: d.lastAttemptAt,
        nextAttemptAt: new Date(nowMs + wait).toISOString(),
        lastStatus: d.lastStatus,
        lastError: d.lastError,
      });
    }
    // Said at the send in the webhook's format now: a redelivery goes as the game's webhook wants it.
    const body = deliveryBody(d.format, d.payload, this.options.publicUrl ?? null);
    const timestamp = Math.floor(nowMs / 1000);
    const outcome = await postDelivery(
      d.url,
      body,
      {
        [SIGNATURE_HEADER]: signature(d.secret, timestamp, body),
        'carcassonne-delivery': d.id,
        'carcassonne-event': d.payload.type,
      },
      this.options.policy,
      this.options.timeouts,
    );
    const attempts = d.attempts + 1;
    const at = new Date(nowMs).toISOString();
    const delay = this.options.retryDelaysMs[attempts - 1];
    const status = outcome.ok ? 'delivered' : delay === undefined ? 'failed' : 'pending';
    const nextAttemptAt = status === 'pending' ? new Date(this.now().getTime() + delay).toISOString() : null;
    await this.store.settleDelivery(d, {
      status,
      attempts,
      lastAttemptAt: at,
      nextAttemptAt,
      lastStatus: outcome.status,
      lastError: outcome.error,
    });
  }

  /** Stops claiming and waits for the deliveries in flight (each bounded by its timeouts). */
  async close(): Promise<void> {
    await this.loop.close();
    await Promise.all([...this.sends]);
  }
}
