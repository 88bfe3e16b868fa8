/**
 * The client's links. Secrets (a seat's token, the admin token) go only in the fragment after
 * `#`, which a browser never sends to a server: never in a query string or a log.
 */
const q = encodeURIComponent;

export const seatLink = (id: string, seat: number, token: string) => `game.html#id=${q(id)}&n=${seat}&seat=${q(token)}`;
/** A seat held by the signed-in account: no secret in the link, the page takes the key kept in the browser (account-key.ts). */
export const accountSeatLink = (id: string, seat: number) => `game.html#id=${q(id)}&n=${seat}&as=account`;
export const watchLink = (id: string) => `game.html#id=${q(id)}`;
/** A spectator's page showing the replay after move `version` (no token: a replay needs none). */
export const replayLink = (id: string, version: number) => `game.html#id=${q(id)}&version=${version}`;
export const adminLink = (id: string, admin: string) => `admin.html#id=${q(id)}&admin=${q(admin)}`;
/** The `after` cursor in a page's `next` URL (the server's paged lists), or undefined at the last page. */
export const afterCursor = (next: string | undefined): string | undefined =>
  next === undefined ? undefined : (new URL(next, location.origin).searchParams.get('after') ?? undefined);
