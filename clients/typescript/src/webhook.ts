/**
 * Verifying a webhook delivery (docs/webhooks.md, "Verifying the signature"): the
 * `Carcassonne-Signature` header is `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`
 * keyed by the game's webhook secret. Web Crypto only, so it runs in Node and in browsers and
 * edge runtimes alike; `crypto.subtle.verify` compares in constant time.
 */
export interface VerifyOptions {
  /** Unix seconds now (default: the clock). */
  now?: number;
  /** How far `t` may be from now, in seconds (default 300): an older delivery is a replay. */
  toleranceSeconds?: number;
}

const hexBytes = (hex: string): Uint8Array<ArrayBuffer> | undefined => {
  if (!/^(?:[0-9a-f]{2})+$/i.test(hex)) return undefined;
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return bytes;
};

/** True when `header` (Carcassonne-Signature) signs `rawBody`, byte for byte as received, with `secret`. */
export async function verify(
  secret: string,
  header: string,
  rawBody: string,
  { now = Date.now() / 1000, toleranceSeconds = 300 }: VerifyOptions = {},
): Promise<boolean> {
  const parts = new Map(header.split(',').map((p) => p.trim().split('=', 2) as [string, string | undefined]));
  const t = Number(parts.get('t'));
  const given = hexBytes(parts.get('v1') ?? '');
  if (!Number.isInteger(t) || given === undefined || Math.abs(now - t) > toleranceSeconds) return false;
  const encoder = new TextEncoder();
  const key = await globalThis.crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['verify'],
  );
  return globalThis.crypto.subtle.verify('HMAC', key, given, encoder.encode(`${t}.${rawBody}`));
}
