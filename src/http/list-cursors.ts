/**
 * The cursors of the paged listings (the lobby, the leaderboard, an account's games), written one
 * way: the last listed line's sort key and its id, `<key>~<id>`. Clients treat them as opaque
 * (docs/api.md); the next page starts after that line, so it never repeats nor skips a line that
 * kept its place. A key never holds `~`, and an id is what the service's ids are.
 */
import { ServiceError } from '../service/service-error.js';

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const TIME = /^[0-9T:.Z+-]{1,40}$/;
const NUMBER = /^-?\d+(?:\.\d+)?(?:e[+-]?\d+)?$/;

/** A key that is an ISO time (a creation's, a seat's listing). */
export const timeKey = (key: string): boolean => TIME.test(key) && !Number.isNaN(Date.parse(key));

/** A key that is a finite number (a rating). */
export const numberKey = (key: string): boolean => NUMBER.test(key) && Number.isFinite(Number(key));

export const cursorText = (key: string | number, id: string): string => `${key}~${id}`;

/** `text`'s key and id, when its key passes `validKey`; else 400 `INVALID_CURSOR`, naming `listing`. */
export function cursorParts(text: string, listing: string, validKey: (key: string) => boolean): [string, string] {
  const at = text.indexOf('~');
  const key = text.slice(0, at);
  const id = text.slice(at + 1);
  if (at < 0 || !validKey(key) || !ID.test(id))
    throw new ServiceError('INVALID_CURSOR', `this is not a cursor of ${listing}`);
  return [key, id];
}
