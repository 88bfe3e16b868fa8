/**
 * The webhooks' budgets per node (`service/webhooks/minute-budget.ts`, docs/webhooks.md): so many
 * deliveries a minute per key (a receiving host, a game), then the time to the next minute; a
 * receiving host counted by its name as the URL policy reads it.
 */
import t from 'tap';
import { MinuteBudget, receivingHost } from '../../src/service/webhooks/minute-budget.js';

const MINUTE = 60_000;
const start = 1_000 * MINUTE;

t.test('a budget gives its count each minute per key, then answers the time to the next minute', async (t) => {
  const budget = new MinuteBudget(2);
  t.same(
    [budget.take('a', start), budget.take('a', start + 10), budget.take('b', start + 20)],
    [0, 0, 0],
    'two for a, one for b',
  );
  t.equal(budget.take('a', start + 15_000), 45_000, "a's third waits 45 s, for the next minute");
  t.equal(budget.take('a', start + 59_999), 1, "and is still refused at the minute's last millisecond");
  t.equal(budget.take('b', start + 30_000), 0, "b's second is within its own budget");
  t.equal(budget.take('a', start + MINUTE), 0, 'the next minute gives a its count again');
  t.equal(budget.take('a', start + MINUTE + 1), 0);
  t.equal(budget.take('a', start + MINUTE + 2), MINUTE - 2);
});

t.test("a receiving host is the URL's host name, lower case, whatever its port, path or scheme", async (t) => {
  t.equal(receivingHost('https://Hooks.Example.com:8443/a?b=c'), 'hooks.example.com');
  t.equal(receivingHost('http://hooks.example.com/other'), 'hooks.example.com');
  t.equal(receivingHost('http://[::1]:9000/hook'), '::1', 'an IPv6 literal without its brackets');
  t.equal(receivingHost('not a url'), 'not a url', 'a URL that does not parse counts under itself');
});
