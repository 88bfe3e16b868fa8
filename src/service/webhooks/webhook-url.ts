/**
 * Which webhook URLs the server calls (`docs/webhooks.md`, "Safety"): `https://`, or `http://`
 * for a host listed in `WEBHOOK_ALLOW_HOSTS`; and never an address inside the server's networks
 * (loopback, private, link-local, cloud metadata...) unless the host is listed. The address check
 * runs at subscription and again on every send, inside the connection's own DNS lookup
 * (`guardedLookup`), so a name that resolves elsewhere later (DNS rebinding) is refused as well.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { ServiceError } from '../service-error.js';

export interface WebhookUrlPolicy {
  /** Lower-case host names (or IP literals) allowed over http:// and to any address. */
  allowHosts: ReadonlySet<string>;
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
for (const [net, prefix] of [
  ['::', 127], // unspecified and loopback
  ['64:ff9b::', 96], // NAT64
  ['fc00::', 7], // unique local (fd00:ec2::254, a metadata endpoint, included)
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  FORBIDDEN.addSubnet(net, prefix, 'ipv6');
}

/** Whether `address` (an IP literal) is one a webhook may not reach. */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return FORBIDDEN.check(address, 'ipv4');
  if (family !== 6) return true;
  // An IPv4-mapped address (`::ffff:10.0.0.1`) is checked against the IPv4 rules by the list itself.
  return FORBIDDEN.check(address, 'ipv6');
}

function refused(reason: string): ServiceError {
  return new ServiceError('WEBHOOK_URL_REFUSED', reason);
}

/** The host as DNS and the allow list know it: lower case, an IPv6 literal without brackets. */
export function hostOf(url: URL): string {
  return url.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
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
  const listed = policy.allowHosts.has(hostOf(url));
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && listed)) {
    throw refused('the webhook url must be https:// (http:// only for hosts in WEBHOOK_ALLOW_HOSTS)');
  }
  return url;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for `http.request`: resolves like Node's, and fails when any address the name
 * resolves to is forbidden, unless the host is listed. (An IP literal is not looked up by Node:
 * `checkAddressLiteral` covers it.)
 */
export function guardedLookup(policy: WebhookUrlPolicy) {
  return (hostname: string, options: { all?: boolean; family?: number }, callback: LookupCallback): void => {
    dnsLookup(hostname, { all: true, family: options.family ?? 0 }, (error, addresses) => {
      if (error) return callback(error, []);
      if (!policy.allowHosts.has(hostname.toLowerCase())) {
        const bad = addresses.find((a) => isForbiddenAddress(a.address));
        if (bad)
          return callback(
            Object.assign(new Error(`${hostname} resolves to ${bad.address}, an address webhooks may not reach`), {
              code: 'WEBHOOK_ADDRESS_REFUSED',
            }),
            [],
          );
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
      callback(null, first.address, first.family);
    });
  };
}

/** Refuses an IP-literal host that is forbidden and not listed. */
export function checkAddressLiteral(url: URL, policy: WebhookUrlPolicy): void {
  const host = hostOf(url);
  if (isIP(host) !== 0 && !policy.allowHosts.has(host) && isForbiddenAddress(host)) {
    throw refused(`${host} is an address webhooks may not reach`);
  }
}

/** The whole check at subscription: the URL, then every address its host resolves to now. */
export async function checkWebhookUrl(raw: string, policy: WebhookUrlPolicy): Promise<URL> {
  const url = parseWebhookUrl(raw, policy);
  checkAddressLiteral(url, policy);
  const host = hostOf(url);
  if (isIP(host) !== 0 || policy.allowHosts.has(host)) return url;
  await new Promise<void>((resolve, reject) => {
    guardedLookup(policy)(host, { all: true }, (error) => {
      if (!error) return resolve();
      reject(
        refused(
          error.code === 'WEBHOOK_ADDRESS_REFUSED'
            ? error.message
            : `${host} does not resolve: ${error.code ?? error.message}`,
        ),
      );
    });
  });
  return url;
}

/** `WEBHOOK_ALLOW_HOSTS`: comma-separated host names or IP literals. */
export function parseAllowHosts(raw: string | undefined): Set<string> {
  return new Set(
    (raw ?? '')
      .split(',')
      .map((h) =>
        h
          .trim()
          .toLowerCase()
          .replace(/^\[(.*)\]$/, '$1'),
      )
      .filter((h) => h !== ''),
  );
}
