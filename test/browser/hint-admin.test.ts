/**
 * The web client's Hint button and admin page in Debian's Chromium against the real server:
 * the hint names a legal move of the seat's turn and marks it on the board (and says so when
 * the route is busy); the admin page reached from the lobby gives a seat a new link (the old
 * one is refused in its page, the new one plays), hands a seat to a bot, shows a refusal's
 * detail, and aborts the game, which the admin page and a player's page both show.
 * Screenshots go to .test-artifacts/. Every wait is for a condition, with room for a busy machine.
 */
import t from 'tap';
import type { Page } from 'playwright-core';
import { client } from '../helpers/server-process.js';
import { ARTIFACTS, fitsPhone, missingBrowser, perFile } from './helpers/browser.js';

const WAIT = { timeout: 60_000 };
const skip = missingBrowser();

// A hint is checked to name a legal move with its win rate, not for how good it is.
const shared = perFile(t, { HINT_MS: '100' });

async function atVersion(page: Page, version: number): Promise<void> {
  await page.waitForFunction((v) => document.body.dataset.version === String(v), version, WAIT);
}

t.test(
  "the Hint button names a legal move of the seat's turn and marks its place on the board",
  { skip, timeout: 240_000 },
  async (t) => {
    const { server, browser } = await shared();
    const http = client(server.url);
    const game = (
      await http.post('/games', {
        players: [{ name: 'Ann' }, { name: 'Bob' }],
        tileOrder: ['base/U', 'base/V', 'base/E', 'base/K'],
      })
    ).body;
    const open = async (seat: number) => {
      const page = await (await browser.context(t)).newPage();
      await page.goto(`${server.url}/play/game.html#id=${game.id}&n=${seat}&seat=${game.seats[seat].token}`);
      await atVersion(page, 0);
      return page;
    };
    const [ann, bob] = [await open(0), await open(1)];
    t.ok(await bob.locator('#hint').isVisible(), "a seat's page has the Hint button");
    t.notOk(await bob.locator('#rated-badge').isVisible(), 'a casual game: no rated badge');
    t.ok(await bob.locator('#hint').isDisabled(), "disabled when it is not the seat's turn");
    t.ok(await ann.locator('#hint').isEnabled(), "enabled on the seat's turn");

    // By keyboard: Tab reaches the button like any other, Enter asks.
    await ann.locator('#hint').focus();
    await ann.keyboard.press('Enter');
    const text = ann.locator('#hint-text');
    await ann.waitForFunction(
      () => /^Hint: /.test(document.querySelector('#hint-text')?.textContent ?? ''),
      undefined,
      WAIT,
    );
    const said = (await text.textContent()) ?? '';
    t.match(said, /Estimated win rate \d+ %/, `the win rate in words: ${said}`);
    const named = /Place at \((-?\d+), (-?\d+)\), turned (\d+)°/.exec(said);
    t.ok(named, 'the hint names a tile position and rotation');
    const [x, y, rotation] = named!.slice(1).map(Number) as [number, number, number];
    const legal = (await http.get(`/games/${game.id}/legal-moves`)).body;
    t.equal(legal.version, 0);
    t.ok(
      legal.moves.some(
        (m: { type: string; x: number; y: number; rotation: number }) =>
          m.type === 'placeTile' && m.x === x && m.y === y && m.rotation === rotation,
      ),
      'the named move is in legal-moves',
    );
    t.equal(
      await ann.locator(`#board rect.legal.hinted[data-x="${x}"][data-y="${y}"]`).count(),
      1,
      'its position is marked on the board',
    );
    t.equal(await ann.locator('#board .hinted').count(), 1, 'and nothing else');
    t.ok(await ann.locator('#hint').evaluate((b) => b === document.activeElement), 'the keyboard stays on Hint');
    await ann.screenshot({ path: `${ARTIFACTS}hint.png` });
    t.ok(await fitsPhone(bob, 'hint-disabled-phone.png'), 'the page with its Hint button fits a phone');

    // Playing the hinted move moves the game on: the hint and its mark go.
    await ann.locator(`#board rect.legal.hinted`).click();
    const confirm = ann.locator('#decisions button.confirm.hinted');
    t.equal(await confirm.count(), 1, 'the preview starts at the hinted rotation, and its Confirm says so');
    t.equal(
      await confirm.getAttribute('aria-label'),
      `Confirm: Place at (${x}, ${y}), turned ${rotation}°`,
      'the hinted rotation',
    );
    t.equal(
      await ann.locator(`#board .ghost[data-x="${x}"][data-y="${y}"][data-rotation="${rotation}"]`).count(),
      1,
      'its ghost on the board',
    );
    await confirm.click();
    await atVersion(ann, 1);
    t.equal(await ann.locator('#board .hinted').count(), 0, 'no mark once the game moved on');
    t.equal(await text.textContent(), '', 'no hint text either');

    // A busy route (stood in for by the browser: a real one needs a hint racing another) is told with its wait.
    for (const [status, code, words] of [
      [429, 'HINT_IN_PROGRESS', /busy.*try again in 3 s/],
      [503, 'BOTS_UNAVAILABLE', /server is busy.*try again in 3 s/],
    ] as const) {
      await ann.route('**/hint', (route) =>
        route.fulfill({
          status,
          headers: { 'retry-after': '3', 'content-type': 'application/problem+json' },
          body: JSON.stringify({ status, code, title: 'busy', detail: 'busy' }),
        }),
      );
      await ann.locator('#hint').click();
      await ann.waitForFunction(
        (re) => new RegExp(re).test(document.querySelector('#hint-text')?.textContent ?? ''),
        words.source,
        WAIT,
      );
      t.pass(`a ${status} is told as busy, with its Retry-After`);
      await ann.unroute('**/hint');
    }

    // The figure's turn: the hint is a legal figure move or a pass; a figure's target is marked.
    await ann.locator('#hint').click();
    await ann.waitForFunction(
      () => /^Hint: /.test(document.querySelector('#hint-text')?.textContent ?? ''),
      undefined,
      WAIT,
    );
    const figureLegal = (await http.get(`/games/${game.id}/legal-moves`)).body;
    const labels = await ann.locator('#decisions button.move').allTextContents();
    const hintedLabel = (await ann.locator('#decisions button.move.hinted').textContent()) ?? '';
    // Undo is a legal move of the figure step; its button stands beside the status line.
    const undoMoves = figureLegal.moves.filter((m: { type: string }) => m.type === 'undo').length;
    t.equal(labels.length, figureLegal.moves.length - undoMoves, 'one button per legal move but Undo');
    t.equal(await ann.locator('#undo-slot button.move-undo').count(), undoMoves, 'Undo beside the status line');
    t.ok(
      (await text.textContent())!.includes(hintedLabel.replace(' (hint)', '')),
      `the hinted button is the move told: ${hintedLabel}`,
    );
    const figure =
      figureLegal.moves.some((m: { type: string }) => m.type === 'placeFigure') && !/^Pass/.test(hintedLabel);
    t.equal(
      await ann.locator('#board rect.target.hinted').count(),
      figure ? 1 : 0,
      'a figure hint marks its target on the board',
    );
  },
);

t.test(
  'the admin page from the lobby reissues a seat link, hands a seat to a bot and aborts the game',
  { skip, timeout: 240_000 },
  async (t) => {
    const { server, browser } = await shared();
    const http = client(server.url);
    const lobby = await (await browser.context(t)).newPage();
    await lobby.goto(`${server.url}/play/`);
    await lobby.locator('summary').click();
    await lobby.locator('#tile-order').fill('base/U, base/V, base/E, base/K, base/D');
    for (const box of await lobby.locator('input[name=expansion]').all()) await box.uncheck();
    await lobby.locator('#create').click();
    await lobby.locator('#created').waitFor(WAIT);
    const adminHref = await lobby.locator('#admin-link').evaluate((a) => (a as HTMLAnchorElement).href);
    t.notOk(new URL(adminHref).search, 'no query string: the admin token is only in the fragment');
    t.match(new URL(adminHref).hash, /admin=[\w-]{20,}/);
    const [annLink] = await lobby
      .locator('a.seat-link')
      .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
    const id = /id=([^&]+)/.exec(adminHref)![1];

    const oldAnn = await (await browser.context(t)).newPage();
    await oldAnn.goto(annLink);
    await atVersion(oldAnn, 0);
    const admin = await (await browser.context(t)).newPage();
    await admin.goto(adminHref);
    await admin.waitForFunction(() => document.body.dataset.status === 'active', undefined, WAIT);
    t.match(await admin.locator('#seats li[data-seat="0"]').textContent(), /Ann/, 'the seats by name');

    // A new link for Ann's seat, by keyboard.
    await admin.locator('#seats li[data-seat="0"] button.reissue').focus();
    await admin.keyboard.press('Enter');
    const fresh = admin.locator('#seats li[data-seat="0"] a.new-seat-link');
    await fresh.waitFor(WAIT);
    const newLink = await fresh.evaluate((a) => (a as HTMLAnchorElement).href);
    t.notOk(new URL(newLink).search, 'the new link carries its token in the fragment');
    t.not(newLink, annLink, 'a new link');
    t.match(await admin.locator('#done').textContent(), /Seat 1 has a new link/, 'the act is told');
    await admin.screenshot({ path: `${ARTIFACTS}admin-reissued.png`, fullPage: true });
    t.ok(await fitsPhone(admin, 'admin-phone.png'), 'the admin page fits a phone');

    // The old page learns of the act from the stream; its move is refused.
    await atVersion(oldAnn, 1);
    const refused = oldAnn.waitForResponse((r) => r.url().endsWith(`/games/${id}/moves`), WAIT);
    await oldAnn.locator('#board rect.legal').first().click();
    await oldAnn.locator('#decisions button.confirm').click();
    t.ok([401, 403].includes((await refused).status()), `the old token is refused (${(await refused).status()})`);
    await oldAnn.waitForFunction(
      () => /Refused/.test(document.querySelector('#status')?.textContent ?? ''),
      undefined,
      WAIT,
    );
    t.equal((await http.get(`/games/${id}`)).body.version, 1, 'no move was made');

    // The new link plays.
    const newAnn = await (await browser.context(t)).newPage();
    await newAnn.goto(newLink);
    await atVersion(newAnn, 1);
    await newAnn.locator('#board rect.legal').first().click();
    await newAnn.locator('#decisions button.confirm').click();
    await atVersion(newAnn, 2);
    t.equal((await http.get(`/games/${id}`)).body.version, 2, 'the new link moved');

    // A refusal is shown as the problem's detail: an admin page with a wrong token.
    const wrong = await (await browser.context(t)).newPage();
    await wrong.goto(adminHref.replace(/admin=[\w-]+/, `admin=${/seat=([\w-]+)/.exec(newLink)![1]}`));
    await wrong.waitForFunction(() => document.body.dataset.status === 'active', undefined, WAIT);
    await wrong.locator('#seats li[data-seat="1"] button.hand-to-bot').click();
    await wrong.waitForFunction(
      () => /not the game's admin token/.test(document.querySelector('#error')?.textContent ?? ''),
      undefined,
      WAIT,
    );
    t.pass("a refused act shows the problem's detail");

    // Bob's seat to an mcts bot of level 1.
    await admin.locator('#seats li[data-seat="1"] select.bot-kind').selectOption('mcts');
    await admin.locator('#seats li[data-seat="1"] select.bot-level').selectOption('1');
    await admin.locator('#seats li[data-seat="1"] button.hand-to-bot').click();
    await admin.waitForFunction(
      () => /mcts bot, level 1/.test(document.querySelector('#seats li[data-seat="1"]')?.textContent ?? ''),
      undefined,
      WAIT,
    );
    t.match(
      (await http.get(`/games/${id}`)).body.seats[1],
      { kind: 'bot', bot: 'mcts', level: 1 },
      'the API has the seat handed to the bot',
    );
    t.match(await admin.locator('#done').textContent(), /Seat 2 was handed to an mcts bot/, 'the hand-over is told');

    // Abort, confirmed on the page.
    await admin.locator('#abort').click();
    t.ok(
      await admin.locator('#abort-no').evaluate((b) => b === document.activeElement),
      'the confirmation offers No first',
    );
    await admin.locator('#abort-yes').click();
    await admin.waitForFunction(() => document.body.dataset.status === 'aborted', undefined, WAIT);
    t.equal((await http.get(`/games/${id}`)).body.status, 'aborted', 'the API has the game aborted');
    t.match(await admin.locator('#status').textContent(), /aborted/, 'the admin page says so');
    t.equal(await admin.locator('#seats button').count(), 0, 'no act is offered on an aborted game');
    await newAnn.waitForFunction(() => document.body.dataset.status === 'aborted', undefined, WAIT);
    t.match(await newAnn.locator('#status').textContent(), /aborted/, "the player's page says so");
    t.equal(await newAnn.locator('#decisions button').count(), 0, 'and offers no move');
    await admin.screenshot({ path: `${ARTIFACTS}admin-aborted.png`, fullPage: true });
    const logged = server.output.join('');
    t.notOk(logged.includes(/admin=([\w-]+)/.exec(adminHref)![1]), 'no admin token in the server log');
  },
);
