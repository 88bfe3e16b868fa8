/**
 * The pages work under their Content-Security-Policy: Chromium reports no violation on the
 * lobby, a game's page (board SVG inserted, players' colour dots) and Swagger UI, and a name
 * written right to left stays in its place (`<bdi>`). Screenshots in .test-artifacts/.
 */
import t from 'tap';
import type { Page } from 'playwright-core';
import { ARTIFACTS, missingBrowser, perFile } from './helpers/browser.js';

const skip = missingBrowser();
const started = perFile(t);

/** Collects CSP violations the page reports (events, and console errors that name the policy). */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text()))
      seen.push(`${page.url()}: ${m.text().slice(0, 300)}`);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`Content Security Policy violated: ${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  return seen;
}

t.test('Swagger UI, the lobby and a game page run under the CSP without a violation', { skip }, async (t) => {
  const { server, browser } = await started();
  const created = await fetch(`${server.url}/games`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ players: [{ name: 'علي' }, { name: 'Bob' }], visibility: 'public' }),
  });
  const game = (await created.json()) as { id: string; seats: { token: string }[] };
  const context = await browser.context(t);
  const page = await context.newPage();
  const violations = await watchViolations(page);

  await page.goto(`${server.url}/docs/`);
  await page.waitForSelector('.opblock-tag', { timeout: 30_000 });
  await page.screenshot({ path: `${ARTIFACTS}csp-docs.png` });
  t.ok((await page.locator('.opblock').count()) > 10, 'Swagger UI lists the operations');

  await page.goto(`${server.url}/play/`);
  await page.waitForSelector('#create-form');
  await page.screenshot({ path: `${ARTIFACTS}csp-lobby.png` });

  await page.goto(`${server.url}/play/game.html#id=${game.id}&n=0&seat=${game.seats[0].token}`);
  await page.waitForSelector('#board svg');
  await page.waitForSelector('#players tbody tr bdi');
  await page.screenshot({ path: `${ARTIFACTS}csp-game.png` });
  t.same(await page.locator('#players tbody tr bdi').allTextContents(), ['علي', 'Bob'], 'each name in its own <bdi>');
  const dot = await page
    .locator('#players .dot')
    .first()
    .evaluate((e) => getComputedStyle(e).backgroundColor);
  t.not(dot, 'rgba(0, 0, 0, 0)', 'the colour dot keeps its colour (set through the CSSOM)');
  const fill = await page
    .locator('#board svg .fd')
    .first()
    .evaluate((e) => getComputedStyle(e).fill);
  t.not(fill, 'rgb(0, 0, 0)', "the board's inline style sheet applies (allowed by its hash)");
  t.same(violations, [], 'no CSP violation');
});
