/**
 * The paged listings' cursors (src/http/list-cursors.ts): one way for the lobby, the leaderboard
 * and an account's games, each read back as it was written, anything else refused as
 * `INVALID_CURSOR` naming the listing.
 */
import t from 'tap';
import { cursorParts, cursorText, numberKey, timeKey } from '../../src/http/list-cursors.js';
import { newGameId } from '../../src/service/lifecycle/seat-tokens.js';

const refusal = (listing: string) => ({ code: 'INVALID_CURSOR', detail: `this is not a cursor of ${listing}` });

t.test('a cursor is read back as written: a time or a rating, and an id', async (t) => {
  const id = newGameId();
  const at = '2026-12-07T19:36:50.123Z';
  t.same(cursorParts(cursorText(at, id), 'the lobby', timeKey), [at, id]);
  for (const rating of [0, 17.25, -3.5, 1e-7, 2.5e21]) {
    const [key, back] = cursorParts(cursorText(rating, 'acc_1-x'), 'the leaderboard', numberKey);
    t.same([Number(key), back], [rating, 'acc_1-x'], String(rating));
  }
});

t.test('anything else is INVALID_CURSOR, naming the listing', async (t) => {
  const id = newGameId();
  const refused: [string, (key: string) => boolean][] = [
    ['', timeKey],
    ['garbage', timeKey],
    [`~${id}`, timeKey],
    ['2026-12-07T19:36:50.123Z~', timeKey],
    ['2026-12-07T19:36:50.123Z~a/b', timeKey],
    ['2026-12-07T19:36:50.123Z~a~b', timeKey],
    [`2026-13-45T99:00:00Z~${id}`, timeKey],
    [`yesterday~${id}`, timeKey],
    [`2026-12-07T19:36:50.123Z~${'x'.repeat(65)}`, timeKey],
    [`NaN~${id}`, numberKey],
    [`Infinity~${id}`, numberKey],
    [`1e999~${id}`, numberKey],
    [`0x10~${id}`, numberKey],
    [`2026-12-07T19:36:50.123Z~${id}`, numberKey],
  ];
  for (const [text, key] of refused) t.throws(() => cursorParts(text, 'the lobby', key), refusal('the lobby'), text);
  t.throws(() => cursorParts('nope', "the account's games", timeKey), refusal("the account's games"));
});
