/**
 * Issue 40 on a phone (390×844, by touch), and the same turns on a 1366×768 laptop for the
 * record: a whole turn without scrolling (every tap with Playwright's `scroll: 'none'`, the page
 * with nothing to scroll), the board keeping its place, size and view between the tile and the
 * figure step, every control and board target at least 44 CSS px, the scores and the log one tap
 * away (a tapped log line lights its tiles in view), and each figure target showing the shape of
 * every figure that may go there (the lobby's controls: web-replay.test.ts). Screenshots:
 * .test-artifacts/issue40-*.png.
 */
import t from 'tap';
import type { Locator, Page } from 'playwright-core';
import { client } from '../helpers/server-process.js';
import { missingBrowser, perFile } from './helpers/browser.js';
import { boardFacts, DEVICES, inBoardView, positionInView, shot, smallTargets } from './helpers/page-facts.js';

const WAIT = { timeout: 60_000 };
const skip = missingBrowser();
const shared = perFile(t);

// Ann's first tile is a city cap with a road: its city takes a knight, a large knight, a mayor or a wagon.
const TILE_ORDER = ['base/D', 'base/U', 'base/E', 'base/K', 'base/V', 'traders-builders/A', 'base/J', 'base/W'];
type Move = { type: string; x?: number; y?: number; [k: string]: unknown };
type Legal = { version: number; actor: number | null; moves: Move[] };

const atVersion = (page: Page, v: number) =>
  page.waitForFunction((v) => document.body.dataset.version === String(v), v, WAIT);

for (const [device, options] of DEVICES) {
  const phone = device === 'phone';
  /**
   * A tap on the phone, a click on the laptop, never scrolled for: the first screen is what counts
   * (Playwright retries a press on a control still settling with scrolls of its own).
   */
  const press = (target: Locator) => (phone ? target.tap({ scroll: 'none' }) : target.click({ scroll: 'none' }));

  t.test(
    `${device}: a whole turn on one screen, the board still, every target big enough`,
    { skip, timeout: 300_000 },
    async (t) => {
      const { server, browser } = await shared();
      const http = client(server.url);
      const game = (
        await http.post('/games', {
          players: [{ name: 'Ann' }, { bot: 'greedy' }],
          expansions: ['traders-builders', 'abbey-mayor', 'inns-cathedrals'],
          tileOrder: TILE_ORDER,
        })
      ).body as { id: string; seats: { token: string }[] };
      const page = await (await browser.context(t, options)).newPage();
      await page.goto(`${server.url}/play/game.html#id=${game.id}&n=0&seat=${game.seats[0].token}`);
      for (let turn = 0; turn < 3; turn++) {
        let legal = (await http.get(`/games/${game.id}/legal-moves`)).body as Legal;
        while (legal.actor !== 0 || !legal.moves.some((m) => m.type === 'placeTile')) {
          if (legal.actor === null) throw new Error('the game ended early');
          legal = (await http.get(`/games/${game.id}/legal-moves?after=${legal.version}&wait=30`)).body as Legal;
        }
        await atVersion(page, legal.version);
        await page.locator('#board rect.legal').first().waitFor();
        // The tile step: the page cannot scroll (on the phone), nothing is too small, a position in view is tapped.
        const tileStep = await boardFacts(page);
        if (phone) t.notOk(tileStep.scrollable, `turn ${turn}: nothing to scroll on the phone's page`);
        t.same(await smallTargets(page), [], `turn ${turn}, the tile step: every control at least 44 px`);
        const spot = await positionInView(page);
        t.ok(spot >= 0, 'a position to play is in view');
        await press(page.locator('#board rect.legal').nth(spot));
        if (turn === 0) await shot(page, '6-tile-step', device);
        await press(page.locator('#decisions button.confirm'));
        await page.waitForFunction((v) => Number(document.body.dataset.version) > v, legal.version, WAIT);
        legal = (await http.get(`/games/${game.id}/legal-moves`)).body as Legal;
        if (legal.actor !== 0) continue;
        await atVersion(page, legal.version);
        // The figure step: the board where it was, as large, showing the same part of the board.
        await page.locator('#decisions button.move').first().waitFor();
        const figureStep = await boardFacts(page);
        t.same(figureStep.box, tileStep.box, `turn ${turn}: the board keeps its place and size`);
        t.equal(figureStep.viewBox, tileStep.viewBox, `turn ${turn}: and shows the same part of the board`);
        t.equal(figureStep.scrollY, 0, 'the page was not scrolled');
        if (phone) t.notOk(figureStep.scrollable, 'and cannot be');
        t.same(await smallTargets(page), [], `turn ${turn}, the figure step: every control and target at least 44 px`);
        t.ok(
          await page.evaluate(() => {
            const panel = document.querySelector('#turn')!;
            return panel.scrollHeight <= panel.clientHeight + 1;
          }),
          `turn ${turn}: every choice shows in the decision's panel, none below its edge`,
        );
        if (turn === 0) {
          // Each target shows every figure that may go there: the city takes four, not one circle for all.
          const kinds = await page
            .locator('#board rect.target')
            .evaluateAll((rs) => rs.map((r) => r.getAttribute('data-figures') ?? ''));
          t.ok(
            kinds.some((k) => ['meeple', 'largeMeeple', 'mayor', 'wagon'].every((f) => k.split(' ').includes(f))),
            `a knight, a large knight, a mayor and a wagon in one target: ${kinds.join(' | ')}`,
          );
          t.equal(
            await page.locator('#board .target-fig').count(),
            kinds.reduce((n, k) => n + k.split(' ').length, 0),
            'a shape for each',
          );
          // A press inside a target's hit circle but off its drawn mark takes it (the nearest target's).
          const aim = await page.evaluate(() => {
            const hits = [...document.querySelectorAll('#board circle.target-hit')].map((c) => {
              const b = c.getBoundingClientRect();
              return { i: c.getAttribute('data-target')!, x: b.x + b.width / 2, y: b.y + b.height / 2, r: b.width / 2 };
            });
            const marks = [...document.querySelectorAll('#board rect.target')].map((r) => r.getBoundingClientRect());
            for (const h of hits)
              for (let a = 0; a < 32; a++) {
                const [x, y] = [
                  h.x + (h.r - 3) * Math.cos((a * Math.PI) / 16),
                  h.y + (h.r - 3) * Math.sin((a * Math.PI) / 16),
                ];
                const nearest = hits.reduce((n, o) =>
                  Math.hypot(o.x - x, o.y - y) < Math.hypot(n.x - x, n.y - y) ? o : n,
                );
                const onMark = marks.some((m) => x >= m.left && x <= m.right && y >= m.top && y <= m.bottom);
                if (nearest === h && !onMark) return { i: h.i, x, y, off: h.r - 3 };
              }
            return undefined;
          });
          t.ok(aim, 'a point of a hit circle off every drawn mark');
          if (phone) await page.touchscreen.tap(aim!.x, aim!.y);
          else await page.mouse.click(aim!.x, aim!.y);
          await page.locator(`#board rect.target.chosen[data-target="${aim!.i}"]`).waitFor();
          t.pass(`a press ${aim!.off.toFixed(0)} px from a target's centre, off its mark, takes it`);
          t.match(
            await page.locator('#claim').textContent(),
            /^This (city|road|field) of \d+ tiles?: /,
            'its feature is told',
          );
          await shot(page, '6-figure-step', device);
          await press(page.locator('#decisions button', { hasText: 'Another choice' }));
          if (phone) {
            // A place of several figures is one button, as its target is: a tap lists its figures.
            const places = page.locator('#decisions button.place');
            t.ok((await places.count()) > 0, 'the places of several figures are buttons');
            await press(places.first());
            await page.locator('#board rect.target.chosen').waitFor();
            const figures = (await page.locator('#board rect.target.chosen').getAttribute('data-figures'))!.split(' ');
            t.same(
              await page
                .locator('#decisions button.move .choice-icon')
                .evaluateAll((is) => is.map((i) => i.getAttribute('data-kind'))),
              figures,
              `a tap on a place lists its figures: ${figures.join(', ')}`,
            );
            await shot(page, '6-place-chosen', device);
            await press(page.locator('#decisions button', { hasText: 'Another choice' }));
          }
        }
        await press(page.locator('#decisions button', { hasText: /^Pass$/ }));
        // The bot may have moved on already: a later version than the pass's is as good.
        await page.waitForFunction((v) => Number(document.body.dataset.version) > v, legal.version, WAIT);
      }
      if (phone) {
        // The scores and the log: one tap away, over the board; a tapped line lights its tiles in view.
        await press(page.locator('#side-toggle'));
        for (const part of ['#players', '#log'])
          t.ok(await page.locator(part).isVisible(), `${part} shows after one tap`);
        t.ok(
          await page.evaluate(
            () => document.querySelector('#players')!.getBoundingClientRect().bottom <= window.innerHeight,
          ),
          'the scores on the first screen',
        );
        t.same(await smallTargets(page), [], 'its controls too are at least 44 px');
        await shot(page, '6-scores-and-log', device);
        const first = page.locator('#log li[data-spots]:not([data-spots=""])').first();
        const spotsText = (await first.getAttribute('data-spots')) ?? '';
        const spots = spotsText.split(' ');
        // The bot may add a line meanwhile, which would then be the first: the line tapped is the
        // one read, by its tiles.
        await press(page.locator(`#log li[data-spots="${spotsText}"]`).first());
        t.notOk(await page.locator('#players').isVisible(), 'the tap closes them');
        const lit = await page
          .locator('#board g.lights.lit rect')
          .evaluateAll((rs) => rs.map((r) => `${r.getAttribute('data-x')},${r.getAttribute('data-y')}`));
        t.same(lit, spots, "and lights the line's tiles");
        t.ok(await inBoardView(page, '#board g.lights.lit rect'), 'in view');
        await shot(page, '6-log-line-tapped', device);
      } else {
        t.ok(await page.locator('#players').isVisible(), 'the laptop shows the scores beside the board');
        await shot(page, '6-scores-and-log', device);
      }
    },
  );
}
