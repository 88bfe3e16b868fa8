/**
 * The webhooks' budgets per node (`docs/webhooks.md`): deliveries per minute to one receiving
 * host, which the games' and the accounts' senders of a process share, and per game.
 */
import { hostOf } from './webhook-url.js';

/** A count per key and minute: a budget that costs one map entry per active key. */
export class MinuteBudget {
  private minute = -1;
  private counts = new Map<string, number>();

  constructor(private readonly perMinute: number) {}

  /** Takes one from `key`'s budget, or answers the ms until the next minute. */
  take(key: string, nowMs: number): number {
    const minute = Math.floor(nowMs / 60_000);
    if (minute !== this.minute) {
      this.minute = minute;
      this.counts = new Map();
    }
    const used = this.counts.get(key) ?? 0;
    if (used >= this.perMinute) return (minute + 1) * 60_000 - nowMs;
    this.counts.set(key, used + 1);
    return 0;
  }
}

/** The host a webhook URL's budget is counted under (a URL that does not parse: itself). */
export function receivingHost(url: string): string {
  try {
    return hostOf(new URL(url));
  } catch {
    return url;
  }
}
