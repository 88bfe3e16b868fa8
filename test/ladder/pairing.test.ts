/**
 * Who meets whom (`src/service/ladder/pairing.ts`) and what a pair's result is
 * (`src/service/ladder/pair-result.ts`), as `docs/ladder.md` states them.
 */
import t from 'tap';
import { choosePairs, pairKey, type Candidate } from '../../src/service/ladder/pairing.js';
import { pairOutcome, pairResult } from '../../src/service/ladder/pair-result.js';

const bot = (accountId: string, room = 1, mu: number | null = null): Candidate => ({ accountId, room, mu });

t.test('the pair that met least goes first', async (t) => {
  const met = new Map([[pairKey('a', 'b'), 3]]);
  t.same(choosePairs([bot('a'), bot('b'), bot('c')], met, new Map()), [{ a: 'a', b: 'c' }]);
});

t.test('among pairs that met as often, the closest ratings', async (t) => {
  const pairs = choosePairs([bot('a', 1, 30), bot('b', 1, 20), bot('c', 1, 29), bot('d', 1, 21)], new Map(), new Map());
  t.same(pairs, [
    { a: 'a', b: 'c' },
    { a: 'b', b: 'd' },
  ]);
});

t.test('then the bots that played the fewest matches of all', async (t) => {
  const played = new Map([
    ['a', 5],
    ['b', 0],
    ['c', 1],
  ]);
  t.same(choosePairs([bot('a'), bot('b'), bot('c')], new Map(), played), [{ a: 'b', b: 'c' }]);
});

t.test('a bot with room for two matches meets two bots before meeting one twice', async (t) => {
  t.same(choosePairs([bot('a', 2), bot('b', 2), bot('c', 1)], new Map(), new Map()), [
    { a: 'a', b: 'b' },
    { a: 'a', b: 'c' },
    // a's room is spent; b has room left but nobody to meet.
  ]);
});

t.test("the server's bots never meet each other", async (t) => {
  const server = (id: string): Candidate => ({ ...bot(id, 2), server: true });
  t.same(choosePairs([server('greedy'), server('random'), bot('x', 1)], new Map(), new Map()), [
    { a: 'greedy', b: 'x' },
  ]);
  t.same(choosePairs([server('greedy'), server('random')], new Map(), new Map()), []);
});

t.test('a bot without room, or alone, meets nobody', async (t) => {
  t.same(choosePairs([bot('a', 0), bot('b', 1)], new Map(), new Map()), []);
  t.same(choosePairs([bot('a', 3)], new Map(), new Map()), []);
});

t.test('a pair is counted by game wins: won both, split, lost both, draws as halves', async (t) => {
  // Game 1: a in seat 0 scores 80 to 60; game 2: b in seat 0 scores 70 to a's 75.
  t.same(pairOutcome([80, 60], [70, 75]), {
    points: [
      [80, 60],
      [75, 70],
    ],
    halves: 4,
  });
  t.equal(pairResult(4), 'won both');
  // Total points would say a (80 + 40 = 120 against 60 + 45 = 105); game wins say split.
  t.equal(pairOutcome([80, 60], [45, 40]).halves, 2);
  t.equal(pairResult(2), 'split');
  t.equal(pairOutcome([50, 60], [70, 65]).halves, 0);
  t.equal(pairResult(0), 'lost both');
  t.equal(pairOutcome([60, 60], [40, 50]).halves, 3, 'a draw and a win');
  t.equal(pairResult(3), 'won one, drew one');
});
