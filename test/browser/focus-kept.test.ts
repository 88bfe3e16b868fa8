/**
 * The keyboard's focus survives the page reading its version again (web/dom.ts `redraw`): the
 * stream's news comes late and in bursts (a bot's moves), and each read redraws the decision. A
 * CI run pressed Enter on a position, and a late read replaced the focused Confirm: Enter then
 * went nowhere. Here the stream is a stand-in that asks the page to read the state again every
 * ~100 ms, so the redraws come while Confirm has the focus.
 */
import t from 'tap';
import { client } from '../helpers/server-process.js';
import { missingBrowser, perFile } from './helpers/browser.js';

const WAIT = { timeout: 60_000 };
const skip = missingBrowser();
const shared = perFile(t);

t.test('Confirm keeps the focus while the page reads its version again', { skip, timeout: 240_000 }, async (t) => {
  const { server, browser } = await shared();
  const http = client(server.url);
  const game = (
    await http.post('/games', { players: [{ name: 'Ann' }, { name: 'Bob' }], tileOrder: ['base/U', 'base/V'] })
  ).body;
  const context = await browser.context(t);
  const page = await context.newPage();
  // Each connection says "read the state again" and ends; EventSource connects again after `retry`.
  await page.route('**/stream?**', (route) =>
    route.fulfill({
      status: 200,
      headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' },
      body: 'retry: 100\n\nevent: state\ndata: {}\n\n',
    }),
  );
  await page.goto(`${server.url}/play/game.html#id=${game.id}&n=0&seat=${game.seats[0].token}`);
  await page.waitForFunction(() => document.body.dataset.version === '0', undefined, WAIT);

  await page.locator('#board rect.legal').first().focus();
  await page.keyboard.press('Enter');
  await page.locator('#decisions button.confirm:focus').waitFor(WAIT);
  // Reads that began after the Enter, each redrawing the decision.
  for (let i = 0; i < 3; i++) await page.waitForResponse((r) => r.url().includes('/legal-moves'), WAIT);
  await page.waitForFunction(() => document.body.dataset.version === '0', undefined, WAIT);
  t.ok(
    await page.evaluate(() => document.activeElement?.matches('#decisions button.confirm') ?? false),
    'after three reads of the same version, Confirm still has the focus',
  );
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.body.dataset.version === '1', undefined, WAIT);
  t.pass('and Enter confirms the tile');
});
