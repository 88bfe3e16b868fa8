import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 32 random bytes, base64url: 43 characters; an account key has the prefix `cak_` (`account-keys.ts`). */
const TOKEN_PATTERN = /^(cak_)?[A-Za-z0-9_-]{43}$/;

export function newSeatToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The sha256 of a seat token: what the database keeps, and what a request's token is matched
 * by. Computed once per request (the rate limiter and the seat lookup share it), one-shot:
 * `crypto.hash` makes no Hash object.
 */
export function tokenDigest(token: string): Buffer {
  return hash('sha256', token, 'buffer');
}

export function hashToken(token: string): string {
  return tokenDigest(token).toString('hex');
}

/**
 * The seat whose stored hash equals `digest` (a `tokenDigest`), or null. Every seat is
 * compared, in constant time, so the answer's timing tells nothing about which seat (if any)
 * almost matched.
 */
export function seatOfDigest(digest: Buffer, hashes: readonly Buffer[]): number | null {
  let seat: number | null = null;
  for (let i = 0; i < hashes.length; i++) {
    if (timingSafeEqual(digest, hashes[i]) && seat === null) seat = i;
  }
  return seat;
}

/**
 * Who asks to act for a seat: a seat token's sha256, or an account (its key already checked,
 * `accounts.ts`), which acts for the seat it holds in the game.
 */
export type SeatCredential = Buffer | { account: string };

/** The seat `credential` acts for in a game of these token hashes and seat holders, or null. */
export function seatOfCredential(
  credential: SeatCredential,
  hashes: readonly Buffer[],
  seats: readonly { account?: { id: string } }[],
): number | null {
  if (Buffer.isBuffer(credential)) return seatOfDigest(credential, hashes);
  const seat = seats.findIndex((s) => s.account?.id === credential.account);
  return seat < 0 ? null : seat;
}

/** `Authorization: Bearer <token>` → the token when well-formed, else null. */
export function bearerToken(header: string | undefined): string | null {
  if (header === undefined) return null;
  const match = /^Bearer ([^\s]+)$/i.exec(header.trim());
  if (!match || !TOKEN_PATTERN.test(match[1])) return null;
  return match[1];
}

/** A secret random seed for games created without one. */
export function newSeed(): string {
  return randomBytes(24).toString('base64url');
}

export function newGameId(): string {
  return randomBytes(12).toString('base64url');
}
