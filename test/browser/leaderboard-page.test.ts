/**
 * The leaderboard's page (issue 43 item 5), in Debian's Chromium against the real server: a rated
 * game between a player account and two of the server's bot accounts is played to its end (the
 * player resigns at once, the bots' drivers finish it), and the page, reached from the lobby's
 * navigation, shows exactly what GET /leaderboard says of them: rating, estimate ± uncertainty,
 * games, the bot badge, a page at a time. Every target at least 44 px, on a laptop and a phone;
 * screenshots in .test-artifacts/leaderboard-*.png.
 */
import t from 'tap';
import type { Page } from 'playwright-core';
import { CarcassonneClient } from '../../clients/typescript/src/index.js';
import { ARTIFACTS, fitsWidth, missingBrowser, perFile } from './helpers/browser.js';
import { DEVICES, smallTargets } from './helpers/page-facts.js';

const skip = missingBrowser();
const shared = perFile(t);
const BOTS = ['RandomBot', 'GreedyBot'];

/** Plays one rated game to its end, once for the file: Cleo resigns, the server's bots finish it. */
let rated: Promise<{ api: CarcassonneClient; url: string; player: string }> | undefined;
function ratedGame() {
  return (rated ??= (async () => {
    const { server } = await shared();
    const api = new CarcassonneClient({ baseUrl: server.url });
    const me = await api.createAccount({ name: 'Cleo', kind: 'player' });
    const game = await api.createGame(
      { players: [{ account: me.name }, ...BOTS.map((account) => ({ account }))], rated: true },
      me.key,
    );
    // Resigns once the loop follows the account, so that the game's end cannot come before it listens.
    const stop = new AbortController();
    let resigned: Promise<unknown> | undefined;
    await api.followAccount(
      me.key,
      { gameFinished: (event) => (event.gameId === game.id ? stop.abort() : undefined) },
      { signal: stop.signal, onFollowing: () => void (resigned ??= api.resignSeat(game.id, 0, me.key)) },
    );
    await resigned;
    return { api, url: server.url, player: me.name };
  })());
}

/** The table's lines as the page shows them. */
const tableLines = (page: Page) =>
  page
    .locator('#board-table tbody tr')
    .evaluateAll((rows) =>
      rows.map((r) => [...r.children].map((c) => (c.textContent ?? '').replace(/[\u2068\u2069]/g, '').trim())),
    );

for (const [device, options] of DEVICES) {
  t.test(
    `${device}: the leaderboard shows the rated accounts' ratings, uncertainty, games and badges, paged`,
    { skip, timeout: 240_000 },
    async (t) => {
      const { api, url, player } = await ratedGame();
      const { browser } = await shared();
      const board = await api.getLeaderboard();
      t.same(
        board.accounts.map((a) => [a.name, a.kind, a.games]).sort(),
        [[player, 'player', 1], ...BOTS.map((b) => [b, 'bot', 1])].sort(),
        'the game rated its three accounts, once each',
      );
      t.equal(board.accounts.at(-1)!.name, player, 'the player who resigned is last');
      const expected = board.accounts.map((a, i) => [
        String(i + 1),
        a.kind === 'bot' ? `${a.name} bot` : a.name,
        a.rating.toFixed(1),
        `${a.mu.toFixed(1)} ± ${a.sigma.toFixed(1)}`,
        String(a.games),
      ]);

      const context = await browser.context(t, options);
      const page = await context.newPage();
      await page.goto(`${url}/play/`);
      await page.locator('#lobby-nav a', { hasText: 'Leaderboard' }).click();
      await page.waitForURL(/\/play\/leaderboard\.html$/);
      await page.locator('#board-table tbody tr').first().waitFor();
      t.same(await tableLines(page), expected, 'one page: every line as GET /leaderboard says, in its order');
      t.same(
        await page
          .locator('#board-table tbody tr')
          .evaluateAll((rows) => rows.map((r) => [r.getAttribute('data-name'), r.querySelector('.badge') !== null])),
        board.accounts.map((a) => [a.name, a.kind === 'bot']),
        'the bot badge on the bots only',
      );
      t.ok(await page.locator('#next-page').isHidden(), 'no next page when all fit');
      t.same(await smallTargets(page), [], 'every target at least 44 px');
      t.ok(await fitsWidth(page, options.viewport!.width), 'nothing wider than the window');
      await page.screenshot({ path: `${ARTIFACTS}leaderboard-${device}.png`, fullPage: true });

      // Two lines a page: the second page holds the third place, and the way back.
      await page.goto(`${url}/play/leaderboard.html#limit=2`);
      await page.waitForFunction(() => document.querySelectorAll('#board-table tbody tr').length === 2);
      t.same(await tableLines(page), expected.slice(0, 2), 'page 1 of 2');
      await page.locator('#next-page').click();
      await page.waitForFunction(() => document.body.dataset.page === '1');
      t.same(await tableLines(page), expected.slice(2), 'page 2: the third place');
      t.ok(await page.locator('#next-page').isHidden(), 'the last page has no next');
      t.same(await smallTargets(page), [], 'paged: every target at least 44 px');
      await page.screenshot({ path: `${ARTIFACTS}leaderboard-page-2-${device}.png`, fullPage: true });
      await page.locator('#previous-page').click();
      await page.waitForFunction(() => document.body.dataset.page === '0');
      t.same(await tableLines(page), expected.slice(0, 2), 'back to page 1');
    },
  );
}
