/**
 * The webhooks' own DNS lookups (`docs/webhooks.md`, "Safety"). Node's `dns.lookup` runs
 * getaddrinfo on libuv's thread pool (four threads shared with the file system and crypto) with
 * no timeout: a few subscriptions naming hosts whose DNS never answers held every thread, and
 * other games' deliveries and subscriptions waited a minute behind them. These lookups go through
 * c-ares (`dns.Resolver`) instead: asynchronous on the event loop, each bounded by a timeout.
 */
import { Resolver } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';

export interface DnsOptions {
  /** Name servers to ask (`WEBHOOK_DNS_SERVERS`); the system's by default. */
  servers?: readonly string[];
  /** How long one query waits for an answer, in ms (`WEBHOOK_DNS_TIMEOUT_MS`). */
  timeoutMs?: number;
}

export const DEFAULT_DNS_TIMEOUT_MS = 2000;

/** Every address a name has (A and AAAA); rejects when it has none or DNS fails. */
export type HostResolver = (hostname: string) => Promise<LookupAddress[]>;

export function hostResolver(options: DnsOptions = {}): HostResolver {
  // One try: a retry would double the time a name that never answers holds a delivery.
  const resolver = new Resolver({ timeout: options.timeoutMs ?? DEFAULT_DNS_TIMEOUT_MS, tries: 1 });
  if (options.servers?.length) resolver.setServers([...options.servers]);
  return async (hostname) => {
    const [v4, v6] = await Promise.allSettled([resolver.resolve4(hostname), resolver.resolve6(hostname)]);
    const addresses: LookupAddress[] = [];
    if (v4.status === 'fulfilled') for (const address of v4.value) addresses.push({ address, family: 4 });
    if (v6.status === 'fulfilled') for (const address of v6.value) addresses.push({ address, family: 6 });
    if (addresses.length === 0) {
      const failure: unknown = v4.status === 'rejected' ? v4.reason : v6.status === 'rejected' ? v6.reason : undefined;
      throw Object.assign(new Error(`${hostname} has no address`), {
        code: (failure as NodeJS.ErrnoException | undefined)?.code ?? 'ENOTFOUND',
      });
    }
    return addresses;
  };
}
