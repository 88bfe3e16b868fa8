/** Accounts over HTTP for the tests: create one, and the headers that act as it. */
import type { App } from '../http/helpers/app.js';

export interface TestAccount {
  name: string;
  kind: 'player' | 'bot';
  key: string;
  keyId: string;
}

let made = 0;

/** A fresh account (a unique name per call, so tests sharing a PostgreSQL database keep apart). */
export async function newAccount(app: App, kind: 'player' | 'bot' = 'player', name?: string): Promise<TestAccount> {
  const res = await app.inject({
    method: 'POST',
    url: '/accounts',
    payload: { name: name ?? `${kind}-${process.pid}-${Date.now().toString(36)}-${++made}`, kind },
  });
  if (res.statusCode !== 201) throw new Error(`account: ${res.statusCode} ${res.body}`);
  return res.json<TestAccount>();
}

export const keyed = (account: { key: string }) => ({ authorization: `Bearer ${account.key}` });

/** `account`'s game against the server's `GreedyBot` (`options`: `rated`, `visibility`...): the creation's answer. */
export async function againstGreedyBot(
  app: App,
  account: TestAccount,
  options: Record<string, unknown> = {},
): Promise<{ id: string; seats: object[] }> {
  const res = await app.inject({
    method: 'POST',
    url: '/games',
    headers: keyed(account),
    payload: { players: [{ account: account.name }, { account: 'GreedyBot' }], ...options },
  });
  if (res.statusCode !== 201) throw new Error(`game against GreedyBot: ${res.statusCode} ${res.body}`);
  return res.json();
}
