/**
 * The River in Debian's Chromium: the lobby offers it and its rule options (from the registry),
 * a river tile is placed by clicking the river's open end (and taken back with Undo), and the
 * board picture of a river game with inns, cathedrals and large meeples, and the web client
 * showing it, at a desktop's and a phone's width. Screenshots go to .test-artifacts/ (and to SHOTS, when set).
 */
import t from 'tap';
import type { Page } from 'playwright-core';
import { client } from '../helpers/server-process.js';
import { ARTIFACTS, missingBrowser, perFile, PHONE } from './helpers/browser.js';

const WAIT = { timeout: 60_000 };
const skip = missingBrowser();
const shared = perFile(t);
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${process.env.SHOTS ?? ARTIFACTS}river-${name}.png`, fullPage: true });
const DEVICES = [
  ['desktop', { viewport: { width: 1366, height: 768 } }],
  ['phone', PHONE],
] as const;

type Game = { id: string; seats: { token: string }[] };
type Move = { type: string; x?: number; y?: number; figure?: string; [k: string]: unknown };
type Legal = { version: number; actor: number | null; moves: Move[] };

const MIDDLE = ['D', 'E', 'B', 'C', 'F', 'G', 'H', 'I', 'J', 'K'].map((l) => `river/${l}`);
const LAND = [
  'inns-cathedrals/K',
  'inns-cathedrals/B',
  'base/E',
  'inns-cathedrals/A',
  'base/U',
  'base/V',
  'inns-cathedrals/C',
];

t.test(
  'the lobby offers The River and its rule options, and creates a river game',
  { skip, timeout: 120_000 },
  async (t) => {
    const { server, browser } = await shared();
    for (const [device, options] of DEVICES) {
      const page = await (await browser.context(t, options)).newPage();
      await page.goto(`${server.url}/play/`);
      const river = page.getByRole('checkbox', { name: 'The River' });
      await river.waitFor(WAIT);
      const turns = page.locator('select[name=riverTurns]');
      t.notOk(await turns.isVisible(), `${device}: its options hide while it is off`);
      for (const box of await page.locator('input[name=expansion]').all()) await box.uncheck();
      await river.check();
      t.ok(await turns.isVisible(), `${device}: and show once it is on`);
      await turns.selectOption('lookahead');
      await page.locator('select[name=riverStartTile]').selectOption('shuffle');
      await page.getByRole('checkbox', { name: 'Inns & Cathedrals' }).check();
      await shot(page, `lobby-${device}`);
      await page.locator('#create').click();
      await page.locator('#created').waitFor(WAIT);
      const id = (await page.locator('#game-id').textContent()) ?? '';
      const state = (await client(server.url).get(`/games/${id}`)).body as {
        expansions: string[];
        rules: Record<string, string>;
        tiles: { tile: string }[];
      };
      t.same(state.expansions, ['inns-cathedrals', 'river'], `${device}: the game has the river`);
      t.match(state.rules, { riverTurns: 'lookahead', riverStartTile: 'shuffle' });
      t.equal(state.tiles[0].tile, 'river/A', 'the spring starts it');
    }
  },
);

/** Plays by HTTP until `moves` are made: the first placement, a large meeple when one may go, else a pass. */
async function playBy(url: string, game: Game, moves: number): Promise<void> {
  const http = client(url);
  for (let i = 0; i < moves; i++) {
    const legal = (await http.get(`/games/${game.id}/legal-moves`)).body as Legal;
    if (legal.actor === null) return;
    const move =
      legal.moves.find((m) => m.type === 'placeFigure' && m.figure === 'largeMeeple') ??
      legal.moves.find((m) => m.type === 'placeTile') ??
      legal.moves.find((m) => m.type === 'pass') ??
      legal.moves[0];
    const auth = { authorization: `Bearer ${game.seats[legal.actor].token}` };
    await http.post(`/games/${game.id}/moves`, { expectedVersion: legal.version, move }, auth);
  }
}

t.test(
  'a river tile placed by clicking the open end, taken back and placed again; the board with river, inns, cathedrals and large meeples',
  { skip, timeout: 240_000 },
  async (t) => {
    const { server, browser } = await shared();
    const game = (
      await client(server.url).post('/games', {
        players: [{ name: 'Ann' }, { name: 'Bob' }],
        expansions: ['inns-cathedrals', 'river'],
        tileOrder: [...MIDDLE, 'river/L', ...LAND],
      })
    ).body as Game;
    const page = await (await browser.context(t, DEVICES[0][1])).newPage();
    await page.goto(`${server.url}/play/game.html#id=${game.id}&n=0&seat=${game.seats[0].token}`);
    await page.waitForFunction(
      () => document.body.dataset.version === '0' && document.querySelector('#board rect.legal'),
      null,
      WAIT,
    );
    const spots = page.locator('#board rect.legal');
    t.equal(await spots.count(), 1, 'one spot: the river’s open end');
    t.same([await spots.getAttribute('data-x'), await spots.getAttribute('data-y')], ['0', '1']);
    await spots.first().click();
    await page.locator('#decisions button.confirm').click();
    await page.waitForFunction(() => document.body.dataset.version === '1', null, WAIT);
    // Taken back with Undo (once it has settled): river/D in hand, the same one spot again.
    const undo = page.locator('#undo-slot button.move-undo');
    await undo.waitFor(WAIT);
    await page.waitForFunction(
      () => document.querySelector('#undo-slot button.move-undo')?.getAttribute('aria-disabled') !== 'true',
      null,
      WAIT,
    );
    await undo.click();
    await page.waitForFunction(
      () => document.body.dataset.version === '2' && document.querySelector('#board rect.legal'),
      null,
      WAIT,
    );
    const undone = (await client(server.url).get(`/games/${game.id}`)).body as { drawnTile: string; tiles: unknown[] };
    t.match(undone, { drawnTile: 'river/D', tiles: [{ tile: 'river/A' }] }, 'river/D back in hand');
    t.equal(await spots.count(), 1, 'again one spot');
    t.same([await spots.getAttribute('data-x'), await spots.getAttribute('data-y')], ['0', '1']);
    await spots.first().click();
    await page.locator('#decisions button.confirm').click();
    await page.waitForFunction(() => document.body.dataset.version === '3', null, WAIT);
    await page.locator('#decisions button', { hasText: /^Pass$/ }).click();
    await page.waitForFunction(() => document.body.dataset.version === '4', null, WAIT);
    const placed = (await client(server.url).get(`/games/${game.id}`)).body as {
      tiles: { tile: string; x: number; y: number }[];
    };
    t.match(placed.tiles[1], { tile: 'river/D', x: 0, y: 1 });

    // Both play on by HTTP: the rest of the river, then inns and a cathedral, large meeples on them.
    await playBy(server.url, game, 2 * (10 + LAND.length) - 2);
    const board = await (await fetch(`${server.url}/games/${game.id}/board.svg?tile=96`)).text();
    for (const mark of [
      'class="spring"',
      'class="river"',
      'class="lake"',
      'class="inn"',
      'class="cathedral"',
      'data-kind="largeMeeple"',
    ])
      t.ok(board.includes(mark), `the board shows ${mark}`);
    for (const [device, options] of DEVICES) {
      const view = await (await browser.context(t, options)).newPage();
      // The picture as served, scaled to the window's width.
      await view.setContent(
        `<body style="margin:0">${board.replace('<svg ', '<svg style="width:100%;height:auto" ')}</body>`,
      );
      await shot(view, `board-${device}`);
      await view.goto(`${server.url}/play/game.html#id=${game.id}&n=1&seat=${game.seats[1].token}`);
      await view.waitForFunction(() => document.querySelector('#board svg .river'), null, WAIT);
      await shot(view, `game-${device}`);
      t.ok(await view.locator('#board svg .lake').count(), `${device}: the web client draws the lake`);
      const wide = await view.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
      t.ok(wide, `${device}: no sideways scrolling`);
    }
  },
);
