/**
 * Account keys and names (`docs/accounts.md`). A key is `cak_` and 32 random bytes (base64url):
 * the prefix tells it from a seat token at a glance (and in a leaked log), and the store keeps
 * only its sha256. A name is folded (NFKC, lower case) into the key that makes it unique, so
 * `Ann`, `ANN` and `Ａｎｎ` are one name.
 */
import { randomBytes } from 'node:crypto';

export const ACCOUNT_KEY_PREFIX = 'cak_';
/** An account key anywhere in a text (a URL): what the service refuses to see there. */
export const ACCOUNT_KEY_IN_TEXT = /cak_[A-Za-z0-9_-]{43}/;
const ACCOUNT_KEY = /^cak_[A-Za-z0-9_-]{43}$/;

export function newAccountKey(): string {
  return ACCOUNT_KEY_PREFIX + randomBytes(32).toString('base64url');
}

export function isAccountKey(token: string): boolean {
  return ACCOUNT_KEY.test(token);
}

/** A short public id for a key, to list and revoke it by. */
export function newKeyId(): string {
  return randomBytes(6).toString('base64url');
}

export function newAccountId(): string {
  return randomBytes(12).toString('base64url');
}

/** The folded name: names that read alike fold alike. */
export function nameKey(name: string): string {
  return name.normalize('NFKC').toLowerCase().normalize('NFKC');
}
