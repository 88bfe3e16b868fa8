import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 32 random bytes, base64url: 43 characters. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newSeatToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The seat whose stored hash matches `token`, or null. Every seat is compared, in constant
 * time, so the answer's timing tells nothing about which seat (if any) almost matched.
 */
export function seatOfToken(token: string, hashes: readonly Buffer[]): number | null {
  const candidate = createHash('sha256').update(token).digest();
  let seat: number | null = null;
  for (let i = 0; i < hashes.length; i++) {
    if (timingSafeEqual(candidate, hashes[i]!) && seat === null) seat = i;
  }
  return seat;
}

/** `Authorization: Bearer <token>` → the token when well-formed, else null. */
export function bearerToken(header: string | undefined): string | null {
  if (header === undefined) return null;
  const match = /^Bearer ([^\s]+)$/i.exec(header.trim());
  if (!match || !TOKEN_PATTERN.test(match[1]!)) return null;
  return match[1]!;
}

/** A secret random seed for games created without one. */
export function newSeed(): string {
  return randomBytes(24).toString('base64url');
}

export function newGameId(): string {
  return randomBytes(12).toString('base64url');
}
