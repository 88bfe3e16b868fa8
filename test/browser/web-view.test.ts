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
      await page.goto(seatLink(server.url, game, 0));
      await atVersion(page, 0);
      await page.locator('#board rect.legal').first().click();
      const confirm = page.locator('#decisions button.confirm');
      await confirm.waitFor();
      // Confirm itself appeared just now: it waits (aria-disabled) before it takes a click.
      t.equal(await confirm.getAttribute('aria-disabled'), 'true', 'a control just shown says it takes no click yet');
      await page.waitForFunction(
        () => !document.querySelector('#decisions button.confirm[aria-disabled]'),
        undefined,
        WAIT,
      );
      const box = (await confirm.boundingBox())!;
      const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
      await page.mouse.click(x, y);
      const clicked = Date.now();
      await atVersion(page, 1);
      const under = await page.evaluate(
        ([px, py]) => document.elementFromPoint(px, py)?.closest('button')?.textContent ?? '',
        [x, y],
      );
      await page.waitForTimeout(Math.max(0, 450 - (Date.now() - clicked)));
      await page.mouse.click(x, y);
      await shot(page, `settle-${device}`);
      // Whatever the second click met (a figure button came up under it: `under`), no move was made.
      await page.waitForTimeout(300);
      const state = (await client(server.url).get(`/games/${game.id}`)).body as { version: number; figures: unknown[] };
      t.equal(state.version, 1, `only the tile was placed (under the pointer: "${under}")`);
      t.same(state.figures, [], 'no figure placed');
      t.equal(await page.locator('body').getAttribute('data-version'), '1');
      // A figure button takes a click once it has been there a moment.
      const figure = page.locator('#decisions button.move-placeFigure').first();
      await figure.click();
      await atVersion(page, 2);
    },
  );
