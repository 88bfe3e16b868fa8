/**
 * Requests that hold their connection while they wait: event streams and long-polls. One
 * client address may hold at most `perAddress` of them, and all addresses together at most
 * `total` (the connection cap less a reserve): so one client never takes the last connections,
 * and `/health` and every short request keep `MAX_CONNECTIONS − total` slots whoever holds the
 * rest. Beyond, a stream or long-poll is refused at once with `Retry-After`: `429` when its
 * address holds too many, `503` when the server does. The count is of this process; the key is
 * the address as the socket sees it (behind a proxy, its clients share one).
 */
import type { FastifyRequest } from 'fastify';
import { HttpProblem } from './problem.js';

export interface HeldRequestOptions {
  /** Streams and long-polls one address may hold at once; 0: no cap per address. */
  perAddress: number;
  /** Streams and long-polls all addresses may hold at once; `Infinity`: no cap. */
  total: number;
}

/** The total for a connection cap: the cap less the reserve, at least half of it (a small cap keeps room for both). */
export function heldTotal(maxConnections: number | undefined, reserved: number): number {
  if (maxConnections === undefined) return Infinity;
  return Math.max(Math.ceil(maxConnections / 2), maxConnections - reserved);
}

export class HeldRequests {
  private readonly byAddress = new Map<string, number>();
  private count = 0;

  constructor(private readonly options: HeldRequestOptions) {}

  /** Takes a slot for `request` (refused with a problem when none is left); call the answer once to give it back. */
  hold(request: FastifyRequest): () => void {
    const address = request.ip;
    const mine = this.byAddress.get(address) ?? 0;
    const { perAddress, total } = this.options;
    if (perAddress > 0 && mine >= perAddress) {
      throw new HttpProblem(
        'RATE_LIMITED',
        `this address holds ${perAddress} streams and long-polls at most: close one, or retry later`,
        { retryAfter: 5 },
      );
    }
    if (this.count >= total) {
      throw new HttpProblem(
        'TOO_MANY_CONNECTIONS',
        `this server holds ${total} streams and long-polls at most: retry later`,
        { retryAfter: 5 },
      );
    }
    this.byAddress.set(address, mine + 1);
    this.count++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.count--;
      const left = this.byAddress.get(address)! - 1;
      if (left === 0) this.byAddress.delete(address);
      else this.byAddress.set(address, left);
    };
  }

  /** Streams and long-polls held now, and by how many addresses. */
  get held(): { total: number; addresses: number } {
    return { total: this.count, addresses: this.byAddress.size };
  }
}
