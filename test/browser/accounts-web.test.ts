/**
 * Accounts in the web client (issue 43 item 8), in Debian's Chromium against the real server:
 * a player signs in with a key (kept in localStorage, in no URL any request or page carried),
 * challenges a bot account (whose accept policy accepts at once) with the options of the form,
 * finds the game in "My games" before a game where it is not its turn, opens it and plays a move
 * as the account; signing out forgets the key. Every control at least 44 px, on a laptop and a
 * phone; screenshots in .test-artifacts/accounts-*.png. And "My games" a page at a time: 51 games
 * show as 50, then all with "More games", and still all after a refresh.
 */
import t from 'tap';
import type { Page } from 'playwright-core';
import { CarcassonneClient } from '../../clients/typescript/src/index.js';
import { ARTIFACTS, fitsWidth, missingBrowser, perFile } from './helpers/browser.js';
import { DEVICES, smallTargets } from './helpers/page-facts.js';

const skip = missingBrowser();
// The pages' test creates 51 games at once, from one address and as one account.
const shared = perFile(t, { ADDRESS_RATE_LIMIT_PER_SECOND: '0', ACCOUNT_RATE_LIMIT_PER_SECOND: '0' });

/** A game of Ann (who acts first) and the account, created as the account. */
const gameWith = async (api: CarcassonneClient, account: { name: string; key: string }): Promise<string> =>
  (await api.createGame({ players: [{ name: 'Ann' }, { account: account.name }] }, account.key)).id;

/** Every URL the page asks for, and every URL it shows, for the key's absence. */
function watchUrls(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  page.on('framenavigated', (frame) => urls.push(frame.url()));
  return urls;
}

for (const [device, options] of DEVICES) {
  t.test(
    `${device}: sign in, challenge a bot, find the game in My games, play a move as the account`,
    { skip, timeout: 240_000 },
    async (t) => {
      const { server, browser } = await shared();
      const api = new CarcassonneClient({ baseUrl: server.url });
      const bot = await api.createAccount({ name: `Robo-${device}`, kind: 'bot' });
      await api.setAcceptPolicy(bot.key, { expansions: ['traders-builders'], maxGames: 5 });
      const me = await api.createAccount({ name: `Cleo-${device}`, kind: 'player' });
      // A game of the account where it is not its turn (Ann, seat 1, acts first): listed after.
      const other = await api.createGame({ players: [{ name: 'Ann' }, { account: me.name }] }, me.key);

      const context = await browser.context(t, options);
      const page = await context.newPage();
      const urls = watchUrls(page);
      await page.goto(`${server.url}/play/`);
      await page.locator('#signed-out').waitFor();
      t.same(await smallTargets(page), [], 'signed out: every target at least 44 px');
      await page.screenshot({ path: `${ARTIFACTS}accounts-sign-in-${device}.png`, fullPage: true });

      await page.locator('#account-key').fill('cak_nonsense');
      await page.locator('#sign-in').click();
      await page.locator('#account-error', { hasText: 'not accepted' }).waitFor();
      t.equal(await page.evaluate(() => localStorage.length), 0, 'a refused key is not kept');
      await page.locator('#account-key').fill(me.key);
      await page.locator('#sign-in').click();
      await page.locator('#signed-in').waitFor();
      t.equal(await page.locator('#account-name').textContent(), me.name, 'signed in as the account');
      t.equal(
        await page.evaluate(() => localStorage.getItem('carcassonne.accountKey')),
        me.key,
        'the key is kept in the browser',
      );
      t.equal(await page.locator('#account-key').inputValue(), '', 'and no longer in the field');

      // The challenge, with the form's options: an expansion, a clock, rated.
      await page.locator('#challenge-accounts').fill(bot.name);
      await page.locator('#challenge-expansions input[value="traders-builders"]').check();
      await page.locator('#challenge-turn-seconds').fill('300');
      await page.locator('#challenge-rated').check();
      await page.locator('#send-challenge').click();
      await page.waitForFunction(() => !/^(Sending…)?$/.test(document.querySelector('#challenge-result')!.textContent));
      t.match(
        await page.locator('#challenge-result').textContent(),
        `${bot.name} accepted: the game is in My games.`,
        'accepted at once by its policy',
      );
      const started = (await api.listMyGames(bot.key)).games[0];
      const game = await api.state(started.id);
      t.same(game.expansions, ['traders-builders'], 'the expansion asked for');
      t.match(game.clock, { turnSeconds: 300 }, 'the clock asked for');
      t.equal(game.rated, true, 'rated, as asked');
      t.same(
        game.seats.map((s) => s.account?.name),
        [me.name, bot.name],
        'the challenger first, then the bot',
      );

      const items = page.locator('#my-games li.my-game');
      await page.locator(`#my-games li.my-game[data-id="${started.id}"]`).waitFor();
      await page.locator(`#my-games li.my-game[data-id="${other.id}"]`).waitFor();
      t.same(
        await items.evaluateAll((lis) =>
          lis.map((li) => [li.getAttribute('data-id'), li.getAttribute('data-your-turn')]),
        ),
        [
          [started.id, 'true'],
          [other.id, 'false'],
        ],
        'the game where it is my turn first',
      );
      t.match(await items.first().textContent(), new RegExp(`Your turn.*Against ${bot.name} \\(bot\\)`));
      t.same(await smallTargets(page), [], 'signed in: every target at least 44 px');
      t.ok(await fitsWidth(page, options.viewport!.width), 'nothing wider than the window');
      await page.screenshot({ path: `${ARTIFACTS}accounts-my-games-${device}.png`, fullPage: true });

      // Play it as the account: the link holds no secret; the page takes the key kept in the browser.
      await items.first().locator('a.play-link').click();
      await page.waitForFunction(() => document.body.dataset.version === '0');
      t.match(page.url(), new RegExp(`game\\.html#id=${started.id}&n=0&as=account$`));
      t.equal(await page.locator('#role').textContent(), 'Player');
      // A rated game gets no hints (the server refuses them): the page offers none, and says it is rated.
      t.notOk(await page.locator('#hint').isVisible(), 'a rated game: no Hint button on the seat’s turn');
      t.ok(await page.locator('#rated-badge').isVisible(), 'the page says the game is rated');
      await page.locator('#board rect.legal').first().click();
      await page.locator('#decisions button.confirm').click();
      await page.waitForFunction(() => document.body.dataset.version === '1');
      const log = await api.getMoveLog(started.id);
      t.match(log.moves, [{ seat: 0, move: { type: 'placeTile' } }], 'the account placed its tile');
      t.same(await smallTargets(page), [], 'the game page: every target at least 44 px');
      await page.screenshot({ path: `${ARTIFACTS}accounts-game-${device}.png` });

      // Signing out forgets the key; the lobby then offers the sign-in again.
      await page.goto(`${server.url}/play/`);
      await page.locator('#sign-out').click();
      await page.locator('#signed-out').waitFor();
      t.equal(await page.evaluate(() => localStorage.getItem('carcassonne.accountKey')), null, 'signed out: forgotten');
      await page.goto(`${server.url}/play/game.html#id=${started.id}&n=0&as=account`);
      await page.locator('#role', { hasText: 'sign in on the lobby page' }).waitFor();

      t.same(
        urls.filter((url) => url.includes(me.key)),
        [],
        'the key was in no URL the browser asked for or showed',
      );
    },
  );
}

t.test(
  'My games a page at a time: More games shows the next page, and a refresh keeps it',
  { skip, timeout: 240_000 },
  async (t) => {
    const { server, browser } = await shared();
    const api = new CarcassonneClient({ baseUrl: server.url });
    const me = await api.createAccount({ name: 'Pages', kind: 'player' });
    // 51 games where Ann acts first: none waits for the account, so they are listed newest first.
    const ids: string[] = [];
    for (let i = 0; i < 51; i++) ids.push(await gameWith(api, me));
    const context = await browser.context(t, DEVICES[0][1]);
    const page = await context.newPage();
    await page.goto(`${server.url}/play/`);
    await page.locator('#signed-out').waitFor();
    await page.locator('#account-key').fill(me.key);
    await page.locator('#sign-in').click();
    const items = page.locator('#my-games li.my-game');
    const more = page.locator('#my-games-more');
    await more.waitFor();
    t.equal(await items.count(), 50, 'the first page: 50 games');
    t.equal(await items.first().getAttribute('data-id'), ids[50], 'the newest first');
    t.equal(await page.locator(`#my-games li.my-game[data-id="${ids[0]}"]`).count(), 0, 'the oldest not yet');
    t.same(await smallTargets(page), [], 'More games: at least 44 px');
    await page.screenshot({ path: `${ARTIFACTS}accounts-my-games-more.png`, fullPage: true });

    await more.click();
    await page.locator(`#my-games li.my-game[data-id="${ids[0]}"]`).waitFor();
    await more.waitFor({ state: 'hidden' });
    t.same(
      await items.evaluateAll((lis) => lis.map((li) => li.getAttribute('data-id'))),
      ids.slice().reverse(),
      'all 51, newest first, each once',
    );

    // A move in one of them (an account event) reads the list again: both pages stay shown.
    const ann = await gameWith(api, me);
    await page.locator(`#my-games li.my-game[data-id="${ann}"]`).waitFor();
    t.equal(await items.count(), 52, 'a refresh reads as many pages as are shown');
    t.ok(await more.isHidden(), 'and there is no page after them');
  },
);
