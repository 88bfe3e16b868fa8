/**
 * `GET /ladder/sprt` (`docs/ladder.md`) from real duplicate pairs: a bot that places meeples
 * against one that never does (and so never scores) wins every pair; after six pairs, with
 * alpha = beta = 0.2, the test accepts "the first is stronger" (H1) and, asked the other way
 * round, "the second is not" (H0); with the default parameters it asks for more pairs. Bad
 * queries are 400 or 404 and change nothing. On SQLite and PostgreSQL.
 */
import t from 'tap';
import { SprtResponse } from '../../src/http/schemas/ladder.js';
import { forEachStore } from '../helpers/stores.js';
import { conforms } from '../http/helpers/schema.js';
import { newAccount } from '../accounts/helpers.js';
import { ladderBot, ladderNode, playMatches, type Style } from './helpers.js';

const PAIRS = 6;

forEachStore(t, (t, stores) => {
  t.test('the SPRT accepts that the bot placing meeples is stronger than the one that never does', async (t) => {
    const node = await ladderNode(t, await stores.location(t));
    const { app } = node;
    const strong = await ladderBot(t, app, 2);
    const weak = await ladderBot(t, app, 2);
    const styles = new Map<string, Style>([
      [strong.name, 'meeples'],
      [weak.name, 'passive'],
    ]);
    const sprt = (query: string) => app.inject({ url: `/ladder/sprt?${query}` });
    const ask = `a=${strong.name}&b=${weak.name}`;

    const none = (await sprt(ask)).json();
    conforms(t, SprtResponse, none, 'sprt');
    t.match(none, { pairs: 0, counts: [0, 0, 0, 0, 0], verdict: 'continue' });

    let settled = 0;
    let round = await node.round();
    while (settled < PAIRS) {
      await playMatches(app, round, [strong, weak], styles);
      round = await node.round();
      settled += round.settled.length;
    }

    const fast = (await sprt(`${ask}&alpha=0.2&beta=0.2`)).json();
    conforms(t, SprtResponse, fast, 'sprt');
    // Six pairs won both, and the two virtual pairs: N = 8, mean = 7/8, variance = 7/64;
    // LLR = 8 × 0.071463 × (1.75 − 1.071463) / (14/64) = 1.77336, above ln(0.8 / 0.2) = 1.386294.
    t.match(fast, {
      a: strong.name,
      b: weak.name,
      parameters: { elo0: 0, elo1: 50, alpha: 0.2, beta: 0.2 },
      counts: [0, 0, 0, 0, PAIRS],
      pairs: PAIRS,
      verdict: 'H1',
    });
    t.ok(Math.abs(fast.llr - 1.77336) < 1e-4, `llr ${fast.llr}`);
    t.ok(Math.abs(fast.upper - 1.386294) < 1e-5, `upper ${fast.upper}`);

    const reverse = (await sprt(`a=${weak.name}&b=${strong.name}&alpha=0.2&beta=0.2`)).json();
    t.match(reverse, { counts: [PAIRS, 0, 0, 0, 0], verdict: 'H0' }, 'the weak bot is not stronger');
    t.match(
      (await sprt(ask)).json(),
      { verdict: 'continue', parameters: { alpha: 0.05 } },
      'the defaults ask for more',
    );

    const player = await newAccount(app, 'player');
    for (const [query, status] of [
      [`a=${strong.name}&b=${strong.name}`, 400],
      [`${ask}&elo0=50&elo1=0`, 400],
      [`${ask}&alpha=0`, 400],
      [`${ask}&alpha=0.7`, 400],
      [`a=${strong.name}`, 400],
      [`${ask}&x=1`, 400],
      [`a=${strong.name}&b=nobody-here`, 404],
      [`a=${player.name}&b=${strong.name}`, 200],
    ] as const) {
      const res = await sprt(query);
      t.equal(res.statusCode, status, `${query}: ${res.body}`);
    }
  });
});
