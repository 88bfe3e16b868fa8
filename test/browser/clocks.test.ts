/**
 * Issue 40 in Debian's Chromium: every seat's clock counts down, the player is warned before the
 * time runs out (title, notice), the autopilot's turn and a forfeit are shown as a notice, and
 * the Undo button takes a placed tile back (settling like every control that has just appeared).
 * The page's clock is the test's (page.clock): the countdown is checked at page times the test
 * sets, never by waiting. Screenshots go to .test-artifacts/ (and to SHOTS, when set).
 */
import t from 'tap';
import type { Page } from 'playwright-core';
import { client } from '../helpers/server-process.js';
import { ARTIFACTS, missingBrowser, perFile, PHONE } from './helpers/browser.js';

const WAIT = { timeout: 60_000 };
const skip = missingBrowser();
const shared = perFile(t);
const shot = (page: Page, name: string) => page.screenshot({ path: `${process.env.SHOTS ?? ARTIFACTS}${name}.png` });

type Game = { id: string; seats: { token?: string }[] };
const TILES = ['base/U', 'base/V', 'base/E', 'base/K'];

const seatLink = (url: string, game: Game, seat: number) =>
  `${url}/play/game.html#id=${game.id}&n=${seat}&seat=${game.seats[seat].token}`;

async function atVersion(page: Page, version: number): Promise<void> {
  await page.waitForFunction((v) => document.body.dataset.version === String(v), version, WAIT);
}

const clockOf = (page: Page, seat: number) => page.locator(`#clocks li[data-seat="${seat}"]`);

for (const [device, options] of [
  ['desktop', { viewport: { width: 1366, height: 768 } }],
  ['phone', PHONE],
] as const)
  t.test(
    `${device}: the seats' clocks count down, warn before zero, and Undo takes the tile back`,
    { skip, timeout: 180_000 },
    async (t) => {
      const { server, browser } = await shared();
      const http = client(server.url);
      const game = (
        await http.post('/games', {
          players: [{ name: 'Ann' }, { name: 'Bob' }],
          tileOrder: TILES,
          clock: { turnSeconds: 120, bankSeconds: 600, incrementSeconds: 20 },
        })
      ).body as Game;
      const page = await (await browser.context(t, options)).newPage();
      await page.clock.install();
      await page.goto(seatLink(server.url, game, 0));
      await atVersion(page, 0);
      const state = (await http.get(`/games/${game.id}`)).body as { clock: { runningSince: string } };
      // The page's time: 30 s into Ann's turn, paused there.
      await page.clock.pauseAt(Date.parse(state.clock.runningSince) + 30_000);
      await page.clock.runFor(300);
      t.match(await clockOf(page, 0).textContent(), /Ann\s*9:30 · turn 1:30/, "Ann's bank and her turn run");
      t.match(await clockOf(page, 1).textContent(), /Bob\s*10:00$/, "Bob's bank waits");
      t.equal(await clockOf(page, 0).getAttribute('class'), 'running');
      t.ok(await page.locator('#clock-warning').isHidden(), 'no warning yet');
      t.match(await page.locator('#clock-settings').textContent(), /10 min each \+ 20 s a turn, 2 min per turn/);

      // Ann places her tile (by the API with her token); her page offers Undo, settling first.
      const token = { authorization: `Bearer ${game.seats[0].token}` };
      const placed = await http.post(
        `/games/${game.id}/moves`,
        { expectedVersion: 0, move: { type: 'placeTile', x: 1, y: 0, rotation: 90 } },
        token,
      );
      t.equal(placed.status, 201);
      await atVersion(page, 1);
      // Beside the status line, not among the figure choices (on a phone it pushes none out of view).
      const undo = page.locator('#undo-slot button.move-undo');
      await undo.waitFor();
      t.equal(await undo.textContent(), 'Undo');
      t.equal(await undo.getAttribute('aria-label'), 'Undo: take the tile back');
      t.equal(await page.locator('#decisions button.move-undo').count(), 0, 'not among the figure choices');
      t.equal(await undo.getAttribute('aria-disabled'), 'true', 'a control just shown takes no click yet');

      // 80 s later: 10 s of the turn left, under the warning's 20 s.
      await page.clock.runFor(80_000);
      const warning = page.locator('#clock-warning');
      await warning.waitFor();
      t.match(await warning.textContent(), /0:10 left: then the autopilot plays your turn\./);
      t.match(await page.title(), /^⏰ 0:10 left — /, "the tab's title warns too");
      t.match(await clockOf(page, 0).getAttribute('class'), /low/);
      await shot(page, `clocks-warning-${device}`);

      await undo.click();
      await atVersion(page, 2);
      const now = (await http.get(`/games/${game.id}`)).body as { phase: string; drawnTile: string; tiles: unknown[] };
      t.match(now, { phase: 'placeTile', drawnTile: 'base/U' }, 'the tile is back in hand');
      t.equal(now.tiles.length, 1);
      t.match(await page.locator('#log').textContent(), /Ann took back a .* from \(1, 0\)/, 'the log says so');
      await shot(page, `clocks-undone-${device}`);
    },
  );

for (const [what, clock, said] of [
  ['the autopilot played', { turnSeconds: 2 }, /Your time ran out: the autopilot played your turn\./],
  ['a forfeit', { bankSeconds: 2, onTimeout: 'forfeit' }, /Your time ran out: you forfeit the game/],
] as const)
  t.test(`a notice tells the player ${what} when the time ran out`, { skip, timeout: 180_000 }, async (t) => {
    const { server, browser } = await shared();
    const http = client(server.url);
    // An open seat: the clock starts when it is joined, after Ann's page follows the game.
    const game = (await http.post('/games', { players: [{ name: 'Ann' }, { open: true }], tileOrder: TILES, clock }))
      .body as Game;
    const page = await (await browser.context(t, { viewport: { width: 1366, height: 768 } })).newPage();
    await page.goto(seatLink(server.url, game, 0));
    await atVersion(page, 0);
    t.equal((await http.post(`/games/${game.id}/seats/1/join`, { name: 'Bob' })).status, 201);
    const notice = page.locator('#clock-notice');
    await notice.waitFor(WAIT);
    t.match(await notice.textContent(), said);
    await shot(page, `clocks-notice-${what.replace(/ /g, '-')}`);
    await notice.locator('button.dismiss').click();
    t.equal(await notice.count(), 0, 'dismissed');
  });
