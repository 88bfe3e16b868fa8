/**
 * The signed-in account's key (docs/web-client.md, "Accounts"). It is kept in this browser's
 * localStorage, and leaves it only in a request's Authorization header: never in a URL (the
 * server refuses a key there), so no link, history entry or log holds it. A seat's page played
 * as the account says so in its fragment (`as=account`) and reads the key from here.
 */
const STORE = 'carcassonne.accountKey';

/** The stored key, if any (storage a browser refuses reads as none). */
export function storedKey(): string | undefined {
  try {
    return localStorage.getItem(STORE) ?? undefined;
  } catch {
    return undefined;
  }
}

export const keepKey = (key: string) => localStorage.setItem(STORE, key);
export const forgetKey = () => localStorage.removeItem(STORE);
