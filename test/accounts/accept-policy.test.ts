/**
 * A bot account's accept policy judged on a challenge's terms (docs/accounts.md, "Accept
 * policies"), clocks with a time bank included: the time a seat is sure of for a turn.
 */
import t from 'tap';
import { policyDeclines, sureTurnSeconds } from '../../src/service/accounts/accept-policy.js';

const terms = { expansions: [], players: 2, rated: false };

t.test('the time a seat is sure of for any turn: the limit, and with a bank the increment', async (t) => {
  t.equal(sureTurnSeconds({ turnSeconds: 60 }), 60, 'a limit per turn');
  t.equal(sureTurnSeconds({ bankSeconds: 600, incrementSeconds: 20 }), 20, 'a bank spent early leaves the increment');
  t.equal(sureTurnSeconds({ bankSeconds: 600 }), 0, 'a bank without increment can leave nothing');
  t.equal(sureTurnSeconds({ turnSeconds: 15, bankSeconds: 600, incrementSeconds: 20 }), 15, 'whichever is less');
});

t.test('a bot needing 10 s a turn takes a 20 s increment, declines a bare bank and a 5 s limit', async (t) => {
  const policy = { clock: 'timed' as const, minTurnSeconds: 10 };
  t.equal(policyDeclines(policy, { ...terms, clock: { bankSeconds: 300, incrementSeconds: 20 } }, 0), null);
  t.equal(policyDeclines(policy, { ...terms, clock: { bankSeconds: 300 } }, 0), 'clock: it needs 10 s a turn or more');
  t.equal(policyDeclines(policy, { ...terms, clock: { turnSeconds: 5 } }, 0), 'clock: it needs 10 s a turn or more');
  t.equal(policyDeclines(policy, terms, 0), 'clock: it plays timed games only');
});
