/** Games played over HTTP for the webhook tests, and the deliveries their entries must cause (`docs/webhooks.md`). */
import type { Client } from '../helpers/server-process.js';

export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** A delivery as the tests expect it: its type, the version it names, and its seat. */
export type Expected = string;
export const expected = (type: string, version: number, seat?: number): Expected =>
  `${type}@${version}${seat === undefined ? '' : `#${seat}`}`;
export const key = (r: { type: string; version: number; data: { seat?: number } }): Expected =>
  expected(r.type, r.version, r.data.seat);

/** Four tiles after the start: a game of two players ends after eight or so moves. */
export const SHORT_PILE = ['base/U', 'base/V', 'base/E', 'base/K'];

/**
 * Plays the actor's first legal move `moves` times (or to the end), each through `apis` in turn;
 * answers the deliveries those moves cause: a new human turn, the end.
 */
export async function play(
  apis: Client[],
  id: string,
  tokens: string[],
  moves = Infinity,
): Promise<{ expected: Expected[]; latencies: number[] }> {
  const out: Expected[] = [];
  const latencies: number[] = [];
  let lm = (await apis[0].get(`/games/${id}/legal-moves`)).body;
  for (let n = 0; n < moves && lm.actor !== null; n++) {
    const api = apis[n % apis.length];
    const started = performance.now();
    const res = await api.post(
      `/games/${id}/moves`,
      { expectedVersion: lm.version, move: lm.moves[0] },
      auth(tokens[lm.actor]),
    );
    latencies.push(performance.now() - started);
    if (res.status !== 201) throw new Error(`move refused: ${res.status} ${JSON.stringify(res.body)}`);
    const before = lm.actor;
    // The node that took the move answers the next turn at once (another may not have heard yet).
    lm = (await api.get(`/games/${id}/legal-moves`)).body;
    if (lm.actor !== null && lm.actor !== before) out.push(expected('seatMustAct', lm.version, lm.actor));
    if (lm.actor === null) out.push(expected('gameFinished', lm.version));
  }
  return { expected: out, latencies };
}

export const sorted = (list: readonly string[]) => [...list].sort();
