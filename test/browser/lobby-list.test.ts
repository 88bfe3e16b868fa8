/**
 * The lobby's list of waiting public games in Debian's Chromium against the real server: a
 * game created meanwhile through the API appears without a reload, with its seats, expansions
 * and turn clock; beyond the first 20 games "More" pages on, and a later game still appears
 * once at the top. Waits are for conditions. The list reads itself every 4 s: the page's clock is
 * Playwright's, moved on by those 4 s where the test expects a read, so no wait is a real 4 s.
 */
import t from 'tap';
import { client, startServer } from '../helpers/server-process.js';
import { tempDatabase } from '../helpers/temp-database.js';
import { ARTIFACTS, fitsPhone, launch, missingBrowser } from './helpers/browser.js';

const WAIT = { timeout: 60_000 };
const skip = missingBrowser();

t.test('the lobby list refreshes by itself and pages with More', { skip, timeout: 240_000 }, async (t) => {
  const server = await startServer(t, tempDatabase(t));
  const http = client(server.url);
  const browser = await launch(t);
  const create = async (name: string, extra: Record<string, unknown> = {}) => {
    const res = await http.post('/games', {
      players: [{ name }, { open: true }],
      visibility: 'public',
      expansions: [],
      ...extra,
    });
    if (res.status !== 201) throw new Error(`creation answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body.id as string;
  };

  const lobby = await (await browser.context()).newPage();
  await lobby.clock.install();
  // The page's next read of the list (its timer: lobby-list.ts EVERY_MS), at once.
  const nextRead = () => lobby.clock.fastForward(4000);
  await lobby.goto(`${server.url}/play/`);
  await lobby.waitForFunction(
    () => document.querySelector('#games')?.getAttribute('data-loaded') === 'true',
    undefined,
    WAIT,
  );
  t.match(await lobby.locator('#games').textContent(), /No game is waiting/, 'an empty lobby says so');
  // A mark on the window: it survives only if the page is never reloaded.
  await lobby.evaluate(() => ((window as unknown as { mark: number }).mark = 1));

  const first = await create('Ann', {
    expansions: ['traders-builders', 'abbey-mayor'],
    players: [{ name: 'Ann' }, { open: true }, { bot: 'mcts', level: 2 }],
    clock: { turnSeconds: 90 },
  });
  const item = lobby.locator(`li.open-game[data-id="${first}"]`);
  await nextRead();
  await item.waitFor(WAIT);
  t.equal(await lobby.evaluate(() => (window as unknown as { mark?: number }).mark), 1, 'it appeared without a reload');
  const text = (await item.textContent()) ?? '';
  t.match(text, /Ann, open seat, mcts bot \(level 2\)/, `the seats and their kinds: ${text}`);
  t.match(text, /Traders & Builders, Abbey & Mayor/, 'the expansions');
  t.match(text, /90 s per turn/, 'the turn clock');
  t.equal(await item.locator('button.join').count(), 1, 'a Join button for the open seat');

  const ids = [first];
  for (let i = 1; i < 22; i++) ids.push(await create(`P${i}`));
  const newest = ids.at(-1)!;
  await nextRead();
  await lobby.locator(`li.open-game[data-id="${newest}"]`).waitFor(WAIT);
  t.equal(await lobby.locator('li.open-game').count(), 20, 'a page of 20');
  t.same(
    await lobby.locator('li.open-game').evaluateAll((lis) => lis.map((li) => li.getAttribute('data-id'))),
    [...ids].reverse().slice(0, 20),
    'newest first',
  );
  t.match(await lobby.locator('li.open-game').first().textContent(), /no clock/, 'a game without a clock says so');
  const more = lobby.locator('#more-games');
  t.ok(await more.isVisible(), 'More is offered');
  await more.focus();
  await lobby.keyboard.press('Enter');
  await lobby.waitForFunction((n) => document.querySelectorAll('li.open-game').length === n, ids.length, WAIT);
  t.ok(await more.isHidden(), 'no More after the last page');
  await lobby.screenshot({ path: `${ARTIFACTS}lobby-list.png`, fullPage: true });

  // A game created now comes on top, the paged ones stay, none twice.
  const late = await create('Late');
  await nextRead();
  await lobby.locator(`li.open-game[data-id="${late}"]`).waitFor(WAIT);
  const shown = await lobby.locator('li.open-game').evaluateAll((lis) => lis.map((li) => li.getAttribute('data-id')));
  t.same(shown, [late, ...[...ids].reverse()], 'every waiting game once, newest first');
  t.equal(await lobby.evaluate(() => (window as unknown as { mark?: number }).mark), 1, 'still the same page');
  t.ok(await fitsPhone(lobby, 'lobby-list-phone.png'), 'the lobby with its list fits a phone');
});
