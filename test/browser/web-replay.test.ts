/**
 * Issue 40 items 8 and 9 on a 1366×768 laptop and a 390×844 phone: the replay's view follows the
 * replayed move (its tile in view at a readable size at every step, even after "Whole board" made
 * the tiles tiny); a game's end shows its panel and no turn notification nor resignation; after
 * "Create the game" the links are in view with the focus on the first; every control of the
 * lobby and of the end takes a finger (44 px). Screenshots:
 * .test-artifacts/issue40-8-*.png, issue40-9-*.png.
 */
import t from 'tap';
import type { Page } from 'playwright-core';
import { client } from '../helpers/server-process.js';
import { missingBrowser, perFile } from './helpers/browser.js';
import { DEVICES, shot, smallTargets, tilePx } from './helpers/page-facts.js';

const WAIT = { timeout: 60_000 };
const skip = missingBrowser();
const shared = perFile(t);

type Legal = { version: number; actor: number | null; moves: { type: string }[] };
type Game = { id: string; seats: { token?: string }[] };

/** Ann (seat 0) plays the first legal move each time, by HTTP, against the greedy bot, to the end. */
async function playToEnd(http: ReturnType<typeof client>, game: Game): Promise<number> {
  for (;;) {
    const legal = (await http.get(`/games/${game.id}/legal-moves`)).body as Legal;
    if (legal.actor === null) return legal.version;
    if (legal.actor === 0)
      await http.post(
        `/games/${game.id}/moves`,
        { expectedVersion: legal.version, move: legal.moves[0] },
        { authorization: `Bearer ${game.seats[0].token}` },
      );
    else await http.get(`/games/${game.id}/legal-moves?after=${legal.version}&wait=30`);
  }
}

const replayAt = (page: Page, v: number) =>
  page.waitForFunction((v) => document.body.dataset.replay === String(v), v, WAIT);

/**
 * Steps the replay forward with its button up to version `to`, each step checked in the page (a
 * round trip to the browser per step cost more than the step): the moves whose tile is not in the
 * board's view at a readable size (63.5 px, the follow's floor), measured as `tilePx` and
 * `inBoardView` measure (page-facts.ts: a function the page runs closes over nothing).
 */
const stepForward = (page: Page, to: number): Promise<string[]> =>
  page.evaluate(
    async ({ to, timeout }) => {
      const board = document.querySelector('#board')!;
      const forward = document.querySelector<HTMLButtonElement>('#replay-forward')!;
      const shownAt = (v: number) =>
        new Promise<void>((resolve, reject) => {
          const done = () => document.body.dataset.replay === String(v);
          if (done()) return resolve();
          const timer = setTimeout(() => reject(new Error(`the replay never showed move ${v}`)), timeout);
          const watch = new MutationObserver(() => {
            if (!done()) return;
            watch.disconnect();
            clearTimeout(timer);
            resolve();
          });
          watch.observe(document.body, { attributes: true, attributeFilter: ['data-replay'] });
        });
      const seen: string[] = [];
      for (let v = Number(document.body.dataset.replay) + 1; v <= to; v++) {
        forward.click();
        await shownAt(v);
        const moved = board.querySelector('g.tile.moved');
        if (!moved) continue;
        const svg = board.querySelector('svg')!;
        const [, , w, h] = svg.getAttribute('viewBox')!.split(' ').map(Number) as [number, number, number, number];
        const px = Math.min(svg.clientWidth / w, svg.clientHeight / h) * 100;
        const host = board.getBoundingClientRect();
        const b = moved.getBoundingClientRect();
        const shown =
          b.left >= host.left - 1 && b.right <= host.right + 1 && b.top >= host.top - 1 && b.bottom <= host.bottom + 1;
        if (px < 63.5 || !shown) seen.push(`move ${v}: ${px.toFixed(0)} px, ${shown ? 'in view' : 'out of view'}`);
      }
      return seen;
    },
    { to, timeout: WAIT.timeout },
  );

for (const [device, options] of DEVICES)
  t.test(
    `${device}: the replay follows its move; the end says who won and offers no turn`,
    { skip, timeout: 300_000 },
    async (t) => {
      const { server, browser } = await shared();
      const http = client(server.url);
      const game = (
        await http.post('/games', {
          players: [{ name: 'Ann' }, { bot: 'greedy' }],
          expansions: ['traders-builders', 'abbey-mayor'],
          seed: `replay-${device}`,
        })
      ).body as Game;
      const last = await playToEnd(http, game);
      const page = await (await browser.context(t, options)).newPage();
      await page.goto(`${server.url}/play/game.html#id=${game.id}&n=0&seat=${game.seats[0].token}`);
      await page.waitForFunction(() => document.body.dataset.status === 'finished', undefined, WAIT);
      await page.locator('#winner').waitFor();
      t.match(await page.locator('#winner').textContent(), /wins?/, 'the end panel names the winner');
      t.ok(await page.locator('#notify-box').isHidden(), 'no turn notification offered once the game is over');
      t.ok(await page.locator('#resign-box').isHidden(), 'no resignation');
      t.same(await smallTargets(page), [], 'every control of the end at least 44 px');
      await shot(page, '9-end', device);

      // "Whole board" at the end: a big board's tiles shrink below a readable size; the replay zooms back in.
      await page.locator('#fit').click();
      t.comment(`the whole board at the end: ${(await tilePx(page)).toFixed(0)} px a tile`);
      await page.locator('#replay-first').click();
      await replayAt(page, 0);
      const seen = [...(await stepForward(page, 3))];
      await shot(page, '8-replay-early', device);
      seen.push(...(await stepForward(page, last)));
      t.same(seen, [], `every replayed tile of ${last} moves in view at a readable size`);
      await page.locator('#replay-slider').focus();
      await page.keyboard.press('Home');
      await replayAt(page, 0);
      await page.keyboard.press('End');
      await replayAt(page, last);
      t.pass('Home and End reach the first and the last move');
      await shot(page, '8-replay-last', device);
    },
  );

t.test(
  'the lobby at 1366×768 and on a phone: every control 44 px; after "Create the game" the links in view',
  { skip, timeout: 120_000 },
  async (t) => {
    const { server, browser } = await shared();
    for (const [device, options] of DEVICES) {
      const page = await (await browser.context(t, options)).newPage();
      await page.goto(`${server.url}/play/`);
      // Issue 40 item 6: every control of the lobby takes a finger, its checkboxes with their labels.
      await page.locator('#games-status').waitFor();
      await page.locator('summary').click();
      t.same(await smallTargets(page), [], `${device}: no control of the lobby under 44 px`);
      const box = await page
        .locator('input[name=expansion]')
        .first()
        .evaluate((e) => {
          const label = e.closest('label')!.getBoundingClientRect();
          return [label.width, label.height];
        });
      t.ok(
        box[0] >= 44 && box[1] >= 44,
        `${device}: an expansion's checkbox is taken with its label, ${box.map(Math.round).join('×')} px`,
      );
      await shot(page, '6-lobby', device, true);
      await page.locator('#create').click();
      await page.locator('#created').waitFor();
      t.ok(
        await page.evaluate(() => document.activeElement?.classList.contains('seat-link') === true),
        `${device}: the focus on the first seat's link`,
      );
      t.ok(
        await page.evaluate(() => {
          const r = document.querySelector('#links')!.getBoundingClientRect();
          return r.top >= 0 && r.bottom <= window.innerHeight;
        }),
        `${device}: the links in view`,
      );
      t.same(await smallTargets(page), [], `${device}: the links too are at least 44 px`);
      await shot(page, '9-created', device);
    }
  },
);
