/**
 * Issue 40's points in Debian's Chromium: a control that has just appeared takes no click (a
 * hesitant double-click on Confirm places no figure). Screenshots go to .test-artifacts/ (and
 * to SHOTS, when set, for looking at them).
 */
import t from 'tap';
import type { Page } from 'playwright-core';
import { client } from '../helpers/server-process.js';
import { ARTIFACTS, missingBrowser, perFile, PHONE } from './helpers/browser.js';

const WAIT = { timeout: 60_000 };
const skip = missingBrowser();
const shared = perFile(t);
const shot = (page: Page, name: string) => page.screenshot({ path: `${process.env.SHOTS ?? ARTIFACTS}${name}.png` });

type Game = { id: string; seats: { token: string }[] };

async function twoPlayers(url: string, tileOrder = ['base/U', 'base/V', 'base/E', 'base/K']): Promise<Game> {
  return (await client(url).post('/games', { players: [{ name: 'Ann' }, { name: 'Bob' }], tileOrder })).body as Game;
}

const seatLink = (url: string, game: Game, seat: number) =>
  `${url}/play/game.html#id=${game.id}&n=${seat}&seat=${game.seats[seat].token}`;

async function atVersion(page: Page, version: number): Promise<void> {
  await page.waitForFunction((v) => document.body.dataset.version === String(v), version, WAIT);
}

for (const [device, options] of [
  ['desktop', { viewport: { width: 1366, height: 768 } }],
  ['phone', PHONE],
] as const)
  t.test(
    `${device}: two clicks 450 ms apart on Confirm place the tile and nothing else`,
    { skip, timeout: 120_000 },
    async (t) => {
      const { server, browser } = await shared();
      const game = await twoPlayers(server.url);
      const page = await (await browser.context(t, options)).newPage();
      // The page's clock is the test's: the 450 ms between the clicks are the page's 450 ms
      // however long the machine takes to send them (a busy one took longer than the guard).
      await page.clock.install();
      await page.goto(seatLink(server.url, game, 0));
      await atVersion(page, 0);
      await page.clock.pauseAt(Date.now() + 60_000);
      await page.locator('#board rect.legal').first().click();
      const confirm = page.locator('#decisions button.confirm');
      await confirm.waitFor();
      // Confirm itself appeared just now: it waits (aria-disabled) before it takes a click.
      t.equal(await confirm.getAttribute('aria-disabled'), 'true', 'a control just shown says it takes no click yet');
      await page.clock.runFor(600);
      t.equal(await confirm.getAttribute('aria-disabled'), null, 'and takes one after a moment');
      const box = (await confirm.boundingBox())!;
      const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
      await page.mouse.click(x, y);
      await atVersion(page, 1);
      const under = await page.evaluate(
        ([px, py]) => document.elementFromPoint(px, py)?.closest('button')?.textContent ?? '',
        [x, y],
      );
      t.ok(under, 'a figure button came up under the pointer');
      await page.clock.runFor(450);
      await page.mouse.click(x, y);
      await shot(page, `settle-${device}`);
      // Then a deliberate choice, once the buttons have settled: passing. Had the second click
      // placed a figure, the game would hold it (and the page would offer no pass at version 1).
      await page.clock.runFor(600);
      await page.locator('#decisions button', { hasText: /^Pass$/ }).click();
      await atVersion(page, 2);
      const state = (await client(server.url).get(`/games/${game.id}`)).body as { version: number; figures: unknown[] };
      t.equal(state.version, 2, `the tile, then the pass (under the pointer: "${under}")`);
      t.same(state.figures, [], 'no figure placed');
    },
  );
