/**
 * Which webhook URLs the server calls (`docs/webhooks.md`, "Safety"): `https://`, or `http://`
 * for a host listed in `WEBHOOK_ALLOW_HOSTS`; and never an address inside the server's networks
 * (loopback, private, link-local, cloud metadata...) unless the host is listed. The address check
 * runs at subscription and again on every send, inside the connection's own DNS lookup
 * (`guardedLookup`), so a name that resolves elsewhere later (DNS rebinding) is refused as well.
 */
import { lookup as systemLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { ServiceError } from '../service-error.js';
import { hostResolver, type HostResolver } from './webhook-dns.js';

/** One `WEBHOOK_ALLOW_HOSTS` entry: a host, its port, and optionally a path prefix. */
export interface AllowedTarget {
  /** Lower case; an IPv6 literal without brackets. */
  host: string;
  /** The port as the URL gives it (`''` for the scheme's default: 80 over http, 443 over https). */
  port: string;
  /** A path prefix ending in `/`, or `''` for any path. */
  path: string;
}

export interface WebhookUrlPolicy {
  /** The targets allowed over http:// and to any address (`parseAllowHosts`). */
  allowHosts: readonly AllowedTarget[];
  /** How names not listed are resolved (c-ares with a timeout, `webhook-dns.ts`). */
  resolve?: HostResolver;
}

export const MAX_WEBHOOK_URL_LENGTH = 2000;

/** Addresses no webhook may reach (IANA special-purpose registries, the metadata endpoints). */
const FORBIDDEN = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, 169.254.169.254 (metadata) included
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast included
] as const) {
  FORBIDDEN.addSubnet(net, prefix, 'ipv4');
}
FORBIDDEN.addAddress('168.63.129.16', 'ipv4'); // Azure's host endpoint
/**
 * Apart from the IPv4 list: a BlockList checks an IPv4 address against its IPv6 rules too (as
 * IPv4-mapped), and `::/96` would then forbid every IPv4 address.
 */
const FORBIDDEN_V6 = new BlockList();
for (const [net, prefix] of [
  // IPv4-compatible (`::127.0.0.1`), unspecified and loopback included: these embed an IPv4
  // address that some stacks still route to.
  ['::', 96],
  ['::ffff:0:0', 96], // IPv4-mapped
  ['::ffff:0:0:0', 96], // IPv4-translated (`::ffff:0:7f00:1`)
  ['64:ff9b::', 96], // NAT64
  ['64:ff9b:1::', 48], // local-use NAT64
  ['2001::', 32], // Teredo (an obfuscated IPv4 address inside)
  ['2002::', 16], // 6to4 (`2002:7f00:1::1` is 127.0.0.1's)
  ['fc00::', 7], // unique local (fd00:ec2::254, a metadata endpoint, included)
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  FORBIDDEN_V6.addSubnet(net, prefix, 'ipv6');
}

/** Whether `address` (an IP literal) is one a webhook may not reach. */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return FORBIDDEN.check(address, 'ipv4');
  if (family !== 6) return true;
  // Every IPv4-mapped address (`::ffff:10.0.0.1`) is forbidden outright by `::ffff:0:0/96`.
  return FORBIDDEN_V6.check(address, 'ipv6');
}

/**
 * Every refusal says only that the URL is refused, and why in terms of the URL itself: never
 * what a name resolves to or how DNS failed, which would map the server's own network for
 * whoever sends names to try (the detail goes to the server's log through `onRefusal`).
 */
function refused(reason: string): ServiceError {
  return new ServiceError('WEBHOOK_URL_REFUSED', reason);
}

export const ADDRESS_REFUSED =
  'the webhook url is refused: its host must resolve, and only to addresses webhooks may reach';

/** The host as DNS and the allow list know it: lower case, an IPv6 literal without brackets. */
export function hostOf(url: URL): string {
  return url.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
}

/** Whether the allow list names this URL's host, port and path. */
export function isListed(url: URL, policy: WebhookUrlPolicy): boolean {
  const host = hostOf(url);
  const path = url.pathname;
  const port = url.port || (url.protocol === 'http:' ? '80' : '443');
  return policy.allowHosts.some(
    (a) =>
      a.host === host &&
      (a.port === '' ? url.port === '' : a.port === port) &&
      (a.path === '' || path === a.path.slice(0, -1) || path.startsWith(a.path)),
  );
}

/** Checks what can be checked without DNS; answers the parsed URL. */
export function parseWebhookUrl(raw: string, policy: WebhookUrlPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refused('the webhook url is not a URL');
  }
  if (raw.length > MAX_WEBHOOK_URL_LENGTH)
    throw refused(`the webhook url is longer than ${MAX_WEBHOOK_URL_LENGTH} characters`);
  if (url.username !== '' || url.password !== '') throw refused('the webhook url may not hold credentials');
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isListed(url, policy))) {
    throw refused('the webhook url must be https:// (http:// only for hosts and ports in WEBHOOK_ALLOW_HOSTS)');
  }
  return url;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

const defaultResolver = hostResolver();

/** Every address of `hostname`: a listed host by the system's resolver (the operator's own names, /etc/hosts included), any other by the policy's bounded one. */
function addressesOf(hostname: string, listed: boolean, policy: WebhookUrlPolicy): Promise<LookupAddress[]> {
  if (!listed) return (policy.resolve ?? defaultResolver)(hostname);
  return new Promise((resolve, reject) =>
    systemLookup(hostname, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );
}

/**
 * A `lookup` for `http.request` to `url`: fails when any address the name resolves to is
 * forbidden, unless the URL is listed. (An IP literal is not looked up by Node:
 * `checkAddressLiteral` covers it.)
 */
export function guardedLookup(url: URL, policy: WebhookUrlPolicy) {
  const listed = isListed(url, policy);
  return (hostname: string, options: { all?: boolean; family?: number }, callback: LookupCallback): void => {
    addressesOf(hostname, listed, policy).then(
      (all) => {
        const addresses = options.family ? all.filter((a) => a.family === options.family) : all;
        if (!listed && addresses.some((a) => isForbiddenAddress(a.address)))
          return callback(Object.assign(new Error(ADDRESS_REFUSED), { code: 'WEBHOOK_ADDRESS_REFUSED' }), []);
        if (options.all) return callback(null, addresses);
        const first = addresses[0];
        if (!first) return callback(Object.assign(new Error(ADDRESS_REFUSED), { code: 'WEBHOOK_ADDRESS_REFUSED' }), []);
        callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) =>
        // What DNS said stays on the server: the code only (kept for its log), the message the same for all.
        callback(Object.assign(new Error(ADDRESS_REFUSED), { code: 'WEBHOOK_ADDRESS_REFUSED', cause: error }), []),
    );
  };
}

/** Refuses an IP-literal host that is forbidden and not listed. */
export function checkAddressLiteral(url: URL, policy: WebhookUrlPolicy): void {
  const host = hostOf(url);
  if (isIP(host) !== 0 && !isListed(url, policy) && isForbiddenAddress(host)) throw refused(ADDRESS_REFUSED);
}

/** The whole check at subscription: the URL, then every address its host resolves to now. */
export async function checkWebhookUrl(raw: string, policy: WebhookUrlPolicy): Promise<URL> {
  const url = parseWebhookUrl(raw, policy);
  checkAddressLiteral(url, policy);
  const host = hostOf(url);
  if (isIP(host) !== 0 || isListed(url, policy)) return url;
  await new Promise<void>((resolve, reject) => {
    guardedLookup(url, policy)(host, { all: true }, (error) => (error ? reject(refused(ADDRESS_REFUSED)) : resolve()));
  });
  return url;
}

/**
 * `WEBHOOK_ALLOW_HOSTS`: comma-separated `host[:port][/path/]` entries (`127.0.0.1:8080/hooks/`,
 * `[::1]:9000`, `hooks.internal`). An entry allows its host on that port only (the scheme's
 * default when none is given) and, with a path, only under that prefix: listing a host no
 * longer opens every service on it.
 */
export function parseAllowHosts(raw: string | undefined): AllowedTarget[] {
  const targets: AllowedTarget[] = [];
  for (const entry of (raw ?? '').split(',').map((e) => e.trim())) {
    if (entry === '') continue;
    let url: URL;
    try {
      url = new URL(`http://${entry}`);
    } catch {
      throw new Error(`WEBHOOK_ALLOW_HOSTS: ${JSON.stringify(entry)} is not a host[:port][/path/]`);
    }
    if (url.username || url.password || url.search || url.hash)
      throw new Error(`WEBHOOK_ALLOW_HOSTS: ${JSON.stringify(entry)} is not a host[:port][/path/]`);
    const hasPath = entry.replace(/^\[[^\]]*\]/, '').includes('/');
    const path = !hasPath || url.pathname === '/' ? '' : url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`;
    // `new URL('http://h:80')` drops the default port: keep what the entry said.
    const port = /:(\d+)(\/|$)/.exec(entry.replace(/^\[[^\]]*\]/, ''))?.[1] ?? '';
    targets.push({ host: hostOf(url), port: port === '' ? '' : String(Number(port)), path });
  }
  return targets;
}
