/**
 * Who meets whom on the ladder (`docs/ladder.md`). A bot may start a match when two of its games
 * at once are free (a match is two games played together) and its account has room for two more
 * games. Among the bots that may, the round takes, one match at a time, the pair that has met the
 * least (matches finished or being played), then the closest in rating, then the one whose
 * bots have played the fewest ladder matches of all, then by account id (so every node decides
 * alike); and again, with that pair's counts moved on, until no two bots that may play are left.
 * A bot with room for several matches may start several in one round, against different bots
 * first. The server's own bots never meet each other: they are there to be measured against, and
 * would otherwise play each other for ever (unless a run that rates them lets them). Pure.
 */

export interface Candidate {
  accountId: string;
  /** Matches it may start now (its free games at once, halved). */
  room: number;
  /** Its rating's mean, or null before it has one. */
  mu: number | null;
  /** One of the server's own bots, kept from meeting the others (not set when `LADDER_SERVER_BOTS_MEET` lets them). */
  server?: boolean;
}

export interface Pair {
  a: string;
  b: string;
}

const key = (a: string, b: string) => (a < b ? `${a} ${b}` : `${b} ${a}`);

/**
 * The pairs to start now. `met` counts the matches between two accounts (by `pairKey`), `played`
 * each account's matches of all.
 */
export function choosePairs(
  candidates: readonly Candidate[],
  met: ReadonlyMap<string, number>,
  played: ReadonlyMap<string, number>,
): Pair[] {
  const room = new Map(candidates.map((c) => [c.accountId, c.room]));
  const meetings = new Map(met);
  const total = new Map(played);
  const sorted = [...candidates].sort((x, y) => (x.accountId < y.accountId ? -1 : 1));
  const chosen: Pair[] = [];
  for (;;) {
    let best: { pair: Pair; rank: number[] } | undefined;
    for (const [i, x] of sorted.entries()) {
      if (room.get(x.accountId)! < 1) continue;
      for (const y of sorted.slice(i + 1)) {
        if (room.get(y.accountId)! < 1 || (x.server && y.server)) continue;
        const rank = [
          meetings.get(key(x.accountId, y.accountId)) ?? 0,
          x.mu === null || y.mu === null ? 0 : Math.abs(x.mu - y.mu),
          (total.get(x.accountId) ?? 0) + (total.get(y.accountId) ?? 0),
        ];
        if (!best || before(rank, best.rank)) best = { pair: { a: x.accountId, b: y.accountId }, rank };
      }
    }
    if (!best) return chosen;
    const { a, b } = best.pair;
    chosen.push(best.pair);
    room.set(a, room.get(a)! - 1);
    room.set(b, room.get(b)! - 1);
    meetings.set(key(a, b), (meetings.get(key(a, b)) ?? 0) + 1);
    total.set(a, (total.get(a) ?? 0) + 1);
    total.set(b, (total.get(b) ?? 0) + 1);
  }
}

/** Whether `x` ranks strictly before `y` (lexicographically); ties keep the first found, in id order. */
function before(x: readonly number[], y: readonly number[]): boolean {
  for (const [i, v] of x.entries()) if (v !== y[i]) return v < y[i];
  return false;
}

/** The key of an unordered pair of accounts in `met`. */
export const pairKey = key;
