/**
 * A hesitant double-click plays nothing nobody chose: after Confirm, the figure step's buttons
 * come up where the pointer is, and the second click of a double-click (450 ms after the first)
 * must land on nothing. The page is played by a real pointer in Chromium against the real server.
 */
import t from 'tap';
import type { Page } from 'playwright-core';
import { client } from '../helpers/server-process.js';
import { missingBrowser, perFile } from './helpers/browser.js';

const skip = missingBrowser();
const shared = perFile(t);

const atVersion = (page: Page, v: number) =>
  page.waitForFunction((v) => document.body.dataset.version === String(v), v, { timeout: 60_000 });

t.test('a second click 450 ms after Confirm lands on no figure button', { skip, timeout: 300_000 }, async (t) => {
  const { server, browser } = await shared();
  const http = client(server.url);
  const game = (
    await http.post('/games', {
      players: [{ name: 'Ann' }, { name: 'Bob' }],
      expansions: ['traders-builders', 'abbey-mayor'],
      tileOrder: ['base/U', 'base/V', 'base/E'],
    })
  ).body;
  const page = await (await browser.context(t, {})).newPage();
  const following = page.waitForRequest((r) => new URL(r.url()).pathname.endsWith('/stream'));
  await page.goto(`${server.url}/play/game.html#id=${game.id}&n=0&seat=${game.seats[0].token}`);
  await following;
  await atVersion(page, 0);
  const spot = page.locator('#board rect.legal').first();
  await spot.click();
  const confirm = page.locator('#decisions button.confirm');
  await confirm.waitFor();
  // Confirm itself has just come up, and takes its click once settled.
  const settled = () => page.waitForFunction(() => !document.querySelector('#decisions [data-settling]'));
  await settled();
  const box = (await confirm.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const clickedAt = Date.now();
  await page.mouse.click(x, y);
  await atVersion(page, 1);
  // The figure step's choices are up: one of them may lie under the pointer now.
  await page.locator('#decisions button.move').first().waitFor();
  const under = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x, y)?.closest('button')?.textContent ?? null,
    [x, y],
  );
  t.ok(under, 'a figure button came up under the pointer (what the guard is for)');
  // 450 ms after the first click, as a hesitant hand does (the gap is the test's input, not a wait for an outcome).
  await page.waitForTimeout(Math.max(0, 450 - (Date.now() - clickedAt)));
  await page.mouse.click(x, y);
  // Whatever the page does with that click it does at once: a move it sent would be answered
  // before this read of the log (the server handles one game's requests in order).
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
  const state = (await http.get(`/games/${game.id}`)).body as { version: number };
  t.equal(state.version, 1, `only the tile was played (the control under the pointer: ${under})`);
  t.equal(await page.locator('body').getAttribute('data-version'), '1', 'the page is still at the figure step');
  // A deliberate click, once the buttons have settled, does play.
  const choice = page.locator('#decisions button.move').first();
  await settled();
  await choice.click();
  await atVersion(page, 2);
  t.pass('a settled button takes a click');
});
