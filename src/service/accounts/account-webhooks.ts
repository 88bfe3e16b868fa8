/**
 * An account's webhook (`docs/accounts.md`): the events of its stream POSTed to a URL, in order,
 * each as the stream tells it (`id`, `type`, `at` and its members), signed as the games'
 * webhooks are (`webhooks/webhook-signature.ts`) with the account webhook's own secret. The
 * webhook reads the stream after the last event its receiver took: an event is sent until it is
 * taken (retried along the sender's delays, then at the last delay, never dropped), and none
 * after it goes first. One sender of all the nodes holds an account's webhook at a time (a
 * lease); a sender that dies leaves it to another when its lease ends, so an event may come
 * twice (its `id` tells), never not at all.
 */
import type { Account } from '../../storage/accounts.js';
import type { AccountWebhookView, ClaimedAccountWebhook } from '../../storage/account-webhooks.js';
import type { GameStore } from '../../storage/game-store.js';
import { ServiceError } from '../service-error.js';
import { MinuteBudget, receivingHost } from '../webhooks/minute-budget.js';
import { PollLoop } from '../webhooks/poll-loop.js';
import { postDelivery } from '../webhooks/webhook-post.js';
import type { WebhookSenderOptions } from '../webhooks/webhook-sender.js';
import { newWebhookSecret, signature, SIGNATURE_HEADER } from '../webhooks/webhook-signature.js';
import { checkWebhookUrl, type WebhookUrlPolicy } from '../webhooks/webhook-url.js';

/** Events sent per claim: a receiver far behind catches up a batch at a time. */
const BATCH = 20;
const LEASE_MARGIN_MS = 5000;

export class AccountWebhooks {
  constructor(
    private readonly store: GameStore,
    private readonly policy: WebhookUrlPolicy,
    private readonly now: () => Date,
    private readonly due: () => void,
  ) {}

  /** Subscribes (again: a new secret): the events from now on go to `url`. The secret is shown only here. */
  async subscribe(account: Account, url: string): Promise<{ url: string; secret: string }> {
    await checkWebhookUrl(url, this.policy);
    const secret = newWebhookSecret();
    const cursor = await this.store.accounts.latestCursor(account.id);
    await this.store.accountWebhooks.setAccountWebhook(account.id, { url, secret, cursor }, this.now().toISOString());
    this.due();
    return { url, secret };
  }

  async get(account: Account): Promise<AccountWebhookView> {
    const view = await this.store.accountWebhooks.accountWebhook(account.id);
    if (!view) throw new ServiceError('WEBHOOK_NOT_FOUND', `${account.name} has no webhook`);
    return view;
  }

  async unsubscribe(account: Account): Promise<void> {
    await this.store.accountWebhooks.setAccountWebhook(account.id, null, this.now().toISOString());
  }
}

type SenderOptions = Pick<WebhookSenderOptions, 'policy' | 'timeouts' | 'retryDelaysMs' | 'pollMs' | 'concurrency'> & {
  now: () => Date;
  onError: (error: unknown) => void;
};

/** Sends the accounts' webhooks from this process (where the games' webhooks are sent). */
export class AccountWebhookSender {
  private readonly loop: PollLoop;
  private readonly leaseMs: number;

  /** `hosts`: the budget per receiving host, shared with the games' sender of this process. */
  constructor(
    private readonly store: GameStore,
    private readonly options: SenderOptions,
    private readonly hosts: MinuteBudget,
  ) {
    const { connectMs, responseMs } = options.timeouts;
    this.leaseMs = BATCH * Math.max(connectMs, responseMs) + LEASE_MARGIN_MS;
    this.loop = new PollLoop(() => this.sendDue().catch(this.options.onError), options.pollMs);
  }

  start(): void {
    this.loop.start();
  }

  /** Events were written here, or a webhook set: look now rather than at the next poll. */
  wake(): void {
    this.loop.wake();
  }

  private async sendDue(): Promise<void> {
    const now = this.options.now();
    const claimed = await this.store.accountWebhooks.claimAccountWebhooks(
      now.toISOString(),
      new Date(now.getTime() + this.leaseMs).toISOString(),
      this.options.concurrency,
    );
    await Promise.all(claimed.map((c) => this.send(c).catch(this.options.onError)));
    if (claimed.length === this.options.concurrency) this.loop.wake();
  }

  /** Sends the claimed webhook's next events in order, up to the first its receiver refuses. */
  private async send(claim: ClaimedAccountWebhook): Promise<void> {
    const events = await this.store.accounts.eventsAfter(claim.accountId, claim.cursor, BATCH);
    let { cursor, attempts } = claim;
    let { lastStatus, lastError } = claim;
    let failed = false;
    // Over the host's budget, the rest waits for the next minute (when it is due): not an attempt.
    let dueAt: number | undefined;
    const host = receivingHost(claim.url);
    for (const event of events) {
      const nowMs = this.options.now().getTime();
      const over = this.hosts.take(host, nowMs);
      if (over > 0) {
        dueAt = nowMs + over;
        break;
      }
      const body = JSON.stringify({ id: event.cursor, type: event.type, at: event.createdAt, ...event.data });
      const outcome = await postDelivery(
        claim.url,
        body,
        {
          [SIGNATURE_HEADER]: signature(claim.secret, Math.floor(nowMs / 1000), body),
          'carcassonne-delivery': event.cursor,
          'carcassonne-event': event.type,
        },
        this.options.policy,
        this.options.timeouts,
      );
      lastStatus = outcome.status;
      lastError = outcome.error;
      if (!outcome.ok) {
        attempts++;
        failed = true;
        break;
      }
      cursor = event.cursor;
      attempts = 0;
    }
    const delays = this.options.retryDelaysMs;
    const wait = failed
      ? (delays[Math.min(attempts, delays.length) - 1] ?? this.options.pollMs)
      : events.length === BATCH
        ? 0
        : this.options.pollMs;
    await this.store.accountWebhooks.settleAccountWebhook(claim, {
      cursor,
      attempts,
      nextAt: new Date(dueAt ?? this.options.now().getTime() + wait).toISOString(),
      lastStatus,
      lastError,
    });
    if (events.length === BATCH && !failed && dueAt === undefined) this.loop.wake();
  }

  /** Stops sending and waits for the sends in flight (each bounded by its timeouts). */
  close(): Promise<void> {
    return this.loop.close();
  }
}
