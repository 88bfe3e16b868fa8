/**
 * The ladder page (`web/ladder.ts`, docs/ladder.md) in Debian's Chromium against an in-process
 * server whose ladder rounds the test runs: three bots play real duplicate pairs, and the page
 * shows each bot's rating as an interval on one scale (ratings given to the app, as the accounts'
 * ratings will be), its record in pairs, the latest pairs with links to both games, and the
 * sequential test's verdict between two bots; on a phone it fits the width.
 */
import type { AddressInfo } from 'node:net';
import t from 'tap';
import { ARTIFACTS, fitsPhone, launch, missingBrowser } from './helpers/browser.js';
import { ladderBot, ladderNode, playMatches, type Style } from '../ladder/helpers.js';
import type { LadderRating } from '../../src/service/ladder/ladder-ratings.js';
import { nameKey } from '../../src/service/accounts/account-keys.js';
import { openStore } from '../../src/storage/open-store.js';
import { tempDatabase } from '../helpers/temp-database.js';

const WAIT = { timeout: 60_000 };
const skip = missingBrowser();

t.test(
  'the ladder page shows ratings with intervals, records, pairs and a verdict',
  { skip, timeout: 240_000 },
  async (t) => {
    // The bots' ratings, as the accounts' ratings will give them: 30 ± 2, 22 ± 4, 18 ± 6.
    const given: LadderRating[] = [
      { mu: 30, sigma: 1, games: 12 },
      { mu: 22, sigma: 2, games: 8 },
      { mu: 18, sigma: 3, games: 6 },
    ];
    const ratings = new Map<string, LadderRating>();
    const database = { kind: 'sqlite' as const, path: tempDatabase(t) };
    const node = await ladderNode(t, database, {
      ladderRatings: (ids) =>
        Promise.resolve(new Map(ids.flatMap((id) => (ratings.has(id) ? [[id, ratings.get(id)!]] : [])))),
    });
    const { app } = node;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const strong = await ladderBot(t, app, 2);
    const middle = await ladderBot(t, app, 2);
    const weak = await ladderBot(t, app, 2);
    // The accounts' ids are the store's: read there.
    const store = await openStore(database);
    t.teardown(() => store.close());
    for (const [i, bot] of [strong, middle, weak].entries()) {
      const [account] = await store.accounts.byNames([nameKey(bot.name)]);
      ratings.set(account.id, given[i]);
    }
    const bots = [strong, middle, weak];
    const styles = new Map<string, Style>([[weak.name, 'passive']]);
    let pairs = 0;
    let round = await node.round();
    while (pairs < 3) {
      await playMatches(app, round, bots, styles);
      round = await node.round();
      pairs += round.settled.length;
    }

    const browser = await launch(t);
    const page = await (await browser.context(t)).newPage();
    await page.goto(`${base}/play/ladder.html`);
    await page.waitForFunction(
      () => document.querySelector('#bots')?.getAttribute('data-loaded') === 'true',
      undefined,
      WAIT,
    );
    const rows = page.locator('#bots tbody tr');
    t.same(
      await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-name'))),
      bots.map((b) => b.name),
      'the best first, by the low end of its interval',
    );
    t.match(await rows.nth(0).locator('td.rating').textContent(), /30\.0 \(28\.0 to 32\.0\), 12 games/);
    t.match(await rows.nth(2).locator('td.rating').textContent(), /18\.0 \(12\.0 to 24\.0\), 6 games/);
    // The intervals on one scale (12 to 32 over the bar): the widest is the weak bot's.
    const widths = await page
      .locator('#bots line.interval')
      .evaluateAll((lines) => lines.map((l) => Number(l.getAttribute('x2')) - Number(l.getAttribute('x1'))));
    t.ok(widths[0] < widths[1] && widths[1] < widths[2], `interval widths ${widths.join(', ')}`);
    const ladder = await (await fetch(`${base}/ladder`)).json();
    for (const [i, bot] of bots.entries()) {
      const { won, split, lost } = ladder.bots.find((b: { name: string }) => b.name === bot.name).record;
      t.equal(
        await rows.nth(i).locator('td.record').textContent(),
        `${won} / ${split} / ${lost}`,
        `${bot.name}'s record`,
      );
    }
    const results = page.locator('#results li');
    t.equal(await results.count(), ladder.results.length);
    t.ok(ladder.results.length >= 3);
    const firstResult = ladder.results[0];
    t.match(await results.nth(0).textContent(), `${firstResult.a} ${firstResult.result} against ${firstResult.b}`);
    t.same(
      await results
        .nth(0)
        .locator('a')
        .evaluateAll((as) => as.map((a) => a.getAttribute('href'))),
      firstResult.gameIds.map((id: string) => `game.html#id=${id}`),
      'links to both games',
    );

    await page.selectOption('#sprt-a', strong.name);
    await page.selectOption('#sprt-b', weak.name);
    await page.click('#sprt-run');
    await page.waitForFunction(() => document.querySelector('#sprt-verdict')?.textContent !== '', undefined, WAIT);
    const verdict = await (await fetch(`${base}/ladder/sprt?a=${strong.name}&b=${weak.name}`)).json();
    t.equal(await page.locator('#sprt-verdict').getAttribute('data-verdict'), verdict.verdict);
    t.match(
      await page.locator('#sprt-verdict').textContent(),
      verdict.pairs === 1 ? '1 pair' : `${verdict.pairs} pairs`,
    );
    await page.screenshot({ path: `${ARTIFACTS}ladder.png`, fullPage: true });
    t.ok(await fitsPhone(page, 'ladder-phone.png'), 'the page fits a phone');
  },
);
