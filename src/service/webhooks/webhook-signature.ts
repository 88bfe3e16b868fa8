/**
 * The signature of a webhook delivery (`docs/webhooks.md`, "Verifying"): the scheme of the
 * well-known webhook senders, `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` keyed by
 * the game's webhook secret. Signing the timestamp with the body lets a receiver refuse a
 * delivery replayed later.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'carcassonne-signature';

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

export function signature(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** What a receiver does: true when `header` signs `body` with `secret` within `toleranceSeconds` of `now`. */
export function verifySignature(
  secret: string,
  header: string,
  body: string,
  now = Date.now() / 1000,
  toleranceSeconds = 300,
): boolean {
  const parts = new Map(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1');
  if (!Number.isInteger(t) || v1 === undefined || Math.abs(now - t) > toleranceSeconds) return false;
  const expected = Buffer.from(signature(secret, t, body).slice(`t=${t},v1=`.length), 'hex');
  const given = Buffer.from(v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
