/**
 * Playing as players expect, in Chromium against the real server, once on a desktop and once on
 * a phone (390×844, by touch): a fixed-order game with both expansions against the greedy bot,
 * each tile placed through its ghost (pointer, wheel, R, keyboard, touch) and a confirm, with no
 * request before the confirm and, on the phone, the drawn tile, its controls and the ghost on
 * the first screen. Figure choices read distinct; the log keeps the players' names after a
 * reload and for a spectator; the end panel's breakdown is the scoring events' sum; the replay's
 * board at each version is `board.svg?version=N`; the end panel plots each seat's chance from
 * the game's analysis and links its turning points to the replay at their move; a rematch makes
 * a game with the same seats. Screenshots of every page go to .test-artifacts/web-*.png (copied to docs/images/).
 */
import t, { type Test } from 'tap';
import type { Locator, Page } from 'playwright-core';
import { seatColour } from '../../src/render/index.js';
import type { AnalysisRunning } from '../../web/api.js';
import { client } from '../helpers/server-process.js';
import { ARTIFACTS, fitsWidth, missingBrowser, perFile, PHONE } from './helpers/browser.js';
import { positionInView } from './helpers/page-facts.js';

const TILE_ORDER = [
  'base/U',
  'traders-builders/A',
  'base/V',
  'abbey-mayor/B',
  'base/E',
  'base/K',
  'traders-builders/D',
  'base/J',
  'base/W',
];
const CATEGORY: Readonly<Record<string, string>> = {
  road: 'roads',
  city: 'cities',
  monastery: 'monasteries',
  abbey: 'monasteries',
  field: 'fields',
  barn: 'fields',
  'barn-join': 'fields',
  goods: 'goods',
};

const skip = missingBrowser();
// The end panel's analysis is looked at here: a budget that gives its chances some playouts (tens
// a position; the plot, its caption and its turning points are checked, not how good they are).
const shared = perFile(t, { ANALYSIS_BUDGET_MS: '500' });
// Each game's analysis also does fixed work (the turning points' searches): seconds on an idle
// machine, minutes on a busy one (over 120 s each, with both cores taken and others' tests). The
// file waits for it to be stored, so it may take longer than tap's 600 s for one file.
t.setTimeout(1_500_000);

type Move = { type: string; x?: number; y?: number; rotation?: number; [k: string]: unknown };
type Http = ReturnType<typeof client>;

const atVersion = (page: Page, v: number) =>
  page.waitForFunction((v) => document.body.dataset.version === String(v), v, { timeout: 60_000 });

/** The ghost on the board: where and how it is turned; undefined when there is none. */
const ghostOf = (page: Page) =>
  page.evaluate(() => {
    const g = document.querySelector('#board .ghost');
    return g
      ? {
          x: Number(g.getAttribute('data-x')),
          y: Number(g.getAttribute('data-y')),
          rotation: Number(g.getAttribute('data-rotation')),
        }
      : undefined;
  });

/**
 * Loads the game page (`load`: a navigation or a reload) and waits until it follows the game's
 * event stream, the last step of its start: before that it still sends its first reads, and a
 * Node 24 CI run previewed the first turn while the page opened its stream.
 */
async function loaded(page: Page, load: () => Promise<unknown>): Promise<void> {
  const following = page.waitForRequest((r) => new URL(r.url()).pathname.endsWith('/stream'));
  await load();
  await following;
}

/** Every request the page sends from now on. */
function recordRequests(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (r) => sent.push(`${r.method()} ${new URL(r.url()).pathname}`));
  return sent;
}

/**
 * Waits until each element is wholly inside the window, with the page not scrolled, and answers
 * 'ok'; or, should that not come within the wait's bound, what was outside (or missing) at the
 * last look, for the assertion's message.
 */
async function onFirstScreen(page: Page, selectors: string[]): Promise<string> {
  const where = () =>
    page.evaluate((selectors) => {
      if (window.scrollY !== 0) return `scrolled by ${window.scrollY} px`;
      const outside: string[] = [];
      for (const s of selectors) {
        const e = document.querySelector(s);
        if (!e) {
          outside.push(`${s} missing`);
          continue;
        }
        const r = e.getBoundingClientRect();
        if (r.top < 0 || r.left < 0 || r.bottom > window.innerHeight || r.right > window.innerWidth)
          outside.push(`${s} outside: ${[r.left, r.top, r.right, r.bottom].map(Math.round).join(', ')}`);
      }
      return outside.length === 0 ? 'ok' : `${outside.join('; ')} (window ${window.innerWidth}×${window.innerHeight})`;
    }, selectors);
  try {
    await page.waitForFunction(
      (selectors) =>
        window.scrollY === 0 &&
        selectors.every((s) => {
          const r = document.querySelector(s)?.getBoundingClientRect();
          return r && r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth;
        }),
      selectors,
    );
  } catch {
    // The bound passed: the answer below says what stayed outside.
  }
  return where();
}

/**
 * A press as the device makes it: a tap on the phone, a click on the desktop. The phone's tap is
 * never scrolled for: Playwright retries an action on a control that is not ready (a button still
 * settling, a board redrawn under it) with forced scrolls, the last of which put the button at
 * the window's top; the first screen is what a player sees without scrolling.
 */
const press = (phone: boolean, target: Locator) => (phone ? target.tap({ scroll: 'none' }) : target.click());

/** One tile placed through the preview: the ghost shown, moved, turned and taken back before the confirm; nothing sent until then. */
async function placeTile(t: Test, page: Page, moves: Move[], phone: boolean, turn: number): Promise<void> {
  const spots = page.locator('#board rect.legal');
  await spots.first().waitFor();
  const rotationsAt = (x: number, y: number) =>
    moves.filter((m) => m.type === 'placeTile' && m.x === x && m.y === y).map((m) => m.rotation);
  const sent = recordRequests(page);
  // A position wholly in the board's view, as a person would pick: the game varies with the bot's
  // draws, and on a phone positions too far apart for one readable view leave some outside it (a
  // CI run tapped one half outside, and its ghost stuck out of the window).
  const inView = await positionInView(page);
  t.ok(inView >= 0, 'a position to play is wholly in view');
  const first = spots.nth(Math.max(0, inView));
  const spot = { x: Number(await first.getAttribute('data-x')), y: Number(await first.getAttribute('data-y')) };
  if (phone) {
    await press(phone, first);
  } else if (turn % 2 === 0) {
    // The pointer: the ghost follows it over the positions, a click pins it, the wheel and R turn it.
    await spots.last().hover();
    await first.hover();
    t.same(
      await ghostOf(page),
      { ...spot, rotation: (await ghostOf(page))?.rotation },
      'the ghost follows the pointer',
    );
    await first.click();
  } else {
    // The keyboard: focus shows the ghost, Enter pins it and goes to Confirm.
    await first.focus();
    t.ok(await ghostOf(page), 'the ghost shows at the focused position');
    // On whatever has the focus: a late read of this version redraws the board, and the page must
    // give the focus back to the position (board-view.ts), or Enter goes nowhere.
    await page.keyboard.press('Enter');
    await page.locator('#decisions button.confirm:focus').waitFor();
  }
  const legal = rotationsAt(spot.x, spot.y);
  const shown = new Set<number>();
  for (let i = 0; i < legal.length; i++) {
    const ghost = await ghostOf(page);
    t.equal(ghost?.x, spot.x);
    shown.add(ghost!.rotation);
    if (legal.length === 1) break;
    if (phone) await press(phone, page.locator('#decisions button.rotate'));
    else if (i % 2 === 0) await page.keyboard.press('r');
    else {
      await first.hover();
      await page.mouse.wheel(0, 100);
    }
  }
  t.same([...shown].sort(), [...legal].sort(), `only and every legal rotation at (${spot.x}, ${spot.y}) shows`);
  if (phone) {
    const where = await onFirstScreen(page, [
      '#drawn',
      '#decisions button.confirm',
      '#decisions button.cancel',
      '#board .ghost-frame',
    ]);
    t.equal(where, 'ok', `the drawn tile, its controls and the ghost are on the first screen: ${where}`);
  }
  if (turn === 0) {
    // Cancel goes back to choosing; then the same again.
    await press(phone, page.locator('#decisions button.cancel'));
    t.equal(await ghostOf(page), undefined, 'cancel takes the ghost away');
    await press(phone, first);
    await page.screenshot({ path: `${ARTIFACTS}web-${phone ? 'phone' : 'desktop'}-preview.png` });
  }
  t.same(sent, [], 'no request before the confirm');
  const version = Number(await page.locator('body').getAttribute('data-version'));
  const ghost = (await ghostOf(page))!;
  await press(phone, page.locator('#decisions button.confirm'));
  await atVersion(page, version + 1);
  t.ok(sent.includes('POST /games/' + /id=([^&]+)/.exec(page.url())![1] + '/moves'), 'the confirm sent the move');
  const placed = await page.evaluate(() => document.querySelector('#board rect.last')?.getAttribute('data-x'));
  t.equal(placed, String(ghost.x), 'the tile lies where its ghost was');
}

/**
 * A figure decision: the choices read distinct; each target shows the shape of every figure that
 * may go there (a knight, a mayor and a wagon in one city are three shapes, not one circle), and
 * so does each choice's button; the first figure is taken.
 */
async function placeFigure(t: Test, page: Page, moves: Move[], phone: boolean, shot: boolean): Promise<void> {
  const labels = (await page.locator('#decisions button.move').allTextContents()).map((l) => l.replace(' (hint)', ''));
  t.equal(new Set(labels).size, labels.length, `the choices have distinct names: ${labels.join(' | ')}`);
  t.notOk(
    labels.some((l) => /\b(base|traders-builders|abbey-mayor)\/|feature \d/.test(l)),
    'in words, not ids',
  );
  const expected = new Map<string, Set<string>>();
  for (const m of moves) {
    const figure = m.type === 'placeFigure' ? String(m.figure) : m.type === 'moveWagon' ? 'wagon' : 'barn';
    if (m.type !== 'placeFigure' && m.type !== 'moveWagon' && m.type !== 'placeBarn') continue;
    const key = `${m.x},${m.y},${String(m.corner ?? m.feature)}`;
    expected.set(key, (expected.get(key) ?? new Set()).add(figure));
  }
  const shown = await page.locator('#board rect.target').evaluateAll((rs) =>
    rs.map((r) => ({
      key: `${r.getAttribute('data-x')},${r.getAttribute('data-y')},${r.getAttribute('data-corner') ?? r.getAttribute('data-feature')}`,
      figures: r.getAttribute('data-figures'),
      shapes: [...document.querySelectorAll(`#board .target-fig[data-target="${r.getAttribute('data-target')}"]`)].map(
        (g) => g.getAttribute('data-kind'),
      ),
    })),
  );
  t.same(
    Object.fromEntries(shown.map((s) => [s.key, s.shapes.join(' ')])),
    Object.fromEntries([...expected].map(([key, figures]) => [key, [...figures].join(' ')])),
    "each target shows the shape of every figure the moves put there, in the moves' order",
  );
  t.ok(
    shown.every((s) => s.figures === s.shapes.join(' ')),
    'and names them',
  );
  const icons = await page
    .locator('#decisions button.move:not(.move-pass)')
    .evaluateAll((bs) => bs.map((b) => b.querySelector('.choice-icon')?.getAttribute('data-kind') ?? 'none'));
  t.ok(
    icons.every((k) => k !== 'none'),
    `each figure choice shows its figure: ${icons.join(' ')}`,
  );
  if (shot)
    await page.screenshot({ path: `${ARTIFACTS}web-${phone ? 'phone' : 'desktop'}-figure.png`, fullPage: phone });
  // On the phone a place with several figures is one button (as its target is): it lists them.
  const place = page.locator('#decisions button.place').first();
  if ((await place.count()) > 0) await press(phone, place);
  const choice = page.locator('#decisions button.move:not(.move-pass)').first();
  await press(phone, (await choice.count()) > 0 ? choice : page.locator('#decisions button.move').first());
}

/** Each seat's points by category and during/final, summed from the events as the test reads them. */
function expectedBreakdown(
  events: {
    events: { type: string; reason?: string; final?: boolean; points?: { seat: number; points: number }[] }[];
  }[],
  seats: number,
) {
  const rows = Array.from({ length: seats }, () => ({
    roads: 0,
    cities: 0,
    monasteries: 0,
    fields: 0,
    goods: 0,
    during: 0,
    final: 0,
  }));
  for (const entry of events) {
    for (const e of entry.events) {
      if (e.type !== 'featureScored' && e.type !== 'goodsScored') continue;
      const category = e.type === 'goodsScored' ? 'goods' : CATEGORY[e.reason!];
      const final = e.type === 'goodsScored' || e.final === true;
      for (const p of e.points!) {
        const row = rows[p.seat] as Record<string, number>;
        row[category] += p.points;
        row[final ? 'final' : 'during'] += p.points;
      }
    }
  }
  return rows;
}

/** The board's tiles, figures and last frame, from the page's picture or from an SVG text. */
const boardFacts = (page: Page, svg?: string) =>
  page.evaluate((svg) => {
    const root =
      svg === undefined
        ? document.querySelector('#board svg')!
        : new DOMParser().parseFromString(svg, 'image/svg+xml').documentElement;
    const attrs = (sel: string, names: string[]) =>
      [...root.querySelectorAll(sel)].map((e) => names.map((n) => e.getAttribute(n)).join(' ')).sort();
    return {
      tiles: attrs('g.tile', ['data-tile', 'data-x', 'data-y', 'data-rotation']),
      figures: attrs('g.fig', ['data-kind', 'data-seat', 'data-x', 'data-y', 'data-feature', 'data-corner']),
      last: attrs('rect.last', ['data-x', 'data-y']),
    };
  }, svg);

/** The log's lines, once it is read (it is read whole, after the state); on a phone's running game it lies behind "Scores & log". */
async function logLines(page: Page): Promise<string[]> {
  await page.locator('#log li').first().waitFor({ state: 'attached' });
  return page.locator('#log li').allTextContents();
}

function namesInLog(t: Test, lines: string[], who: string): void {
  t.ok(
    lines.some((l) => l.startsWith('Ann placed')),
    `${who}: the log names Ann`,
  );
  t.ok(
    lines.some((l) => l.startsWith('greedy bot placed')),
    `${who}: the log names the bot`,
  );
  t.notOk(
    lines.some((l) => /\bseat \d placed|\b(base|traders-builders|abbey-mayor)\/[A-Z]/.test(l)),
    `${who}: no seat numbers for names, no tile ids`,
  );
}

/**
 * The end panel's analysis: a line per seat in its colour through the start and every decision
 * of `GET /analysis`, a caption naming the players, the turning points each linking to the
 * replay at its move (which the page then shows); all without a CSP complaint.
 */
/**
 * Lets the page's first read of the game's analysis through (that read starts it: 202 with the
 * progress) and holds every later read until `release`, so that the panel stays in progress long
 * enough to be looked at; the analysis itself runs on in the server meanwhile.
 */
async function holdAnalysis(page: Page) {
  let first: { status: number; body: AnalysisRunning } | undefined;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/games/*/analysis', async (route) => {
    if (first) {
      await released;
      return route.continue();
    }
    const response = await route.fetch();
    first = { status: response.status(), body: await response.json() };
    await route.fulfill({ response });
  });
  return { first: () => first, release };
}

async function endAnalysis(
  t: Test,
  page: Page,
  http: Http,
  id: string,
  view: string,
  csp: string[],
  held: Awaited<ReturnType<typeof holdAnalysis>>,
): Promise<number | undefined> {
  // The progress while the bot analyses the game: its first answer, as the page shows it.
  await page.locator('#analysis-progress').waitFor();
  const started = held.first();
  t.equal(started?.status, 202, 'the first read of the analysis starts it');
  const progress = started?.body.progress;
  t.equal(started?.body.status, 'running');
  t.ok(progress, 'with its progress');
  const { done, total } = progress ?? { done: -1, total: -1 };
  t.ok(total > 0, `it counts the positions to analyse: ${total}`);
  t.equal(
    await page.locator('#analysis-status').textContent(),
    `The bot is analysing the game: ${done} of ${total} positions…`,
    'the panel says how far the bot is',
  );
  t.same(
    await page.locator('#analysis-progress').evaluate((bar: HTMLProgressElement) => [bar.value, bar.max]),
    [done, total],
    'and so does its bar',
  );
  await page.locator('#end').screenshot({ path: `${ARTIFACTS}web-analysis-pending-${view}.png` });
  held.release();
  // Shown once the bot's analysis is stored (the stream says so): the event to wait for; the bound
  // only ends a hang.
  await page.locator('#chances svg polyline').first().waitFor({ timeout: 480_000 });
  const analysis = (await http.get(`/games/${id}/analysis`)).body;
  t.equal(analysis.status, 'ready');
  const lines = await page.locator('#chances svg polyline').evaluateAll((ls) =>
    ls.map((l) => ({
      seat: l.getAttribute('data-seat'),
      stroke: l.getAttribute('stroke'),
      points: l.getAttribute('points')!.split(' ').length,
    })),
  );
  t.same(
    lines,
    analysis.start.map((_: number, seat: number) => ({
      seat: String(seat),
      stroke: seatColour(seat),
      points: analysis.decisions.length + 1,
    })),
    "a line per seat in the seat's colour, through the start and every decision",
  );
  const bands = await page.locator('#chances svg polygon.chance-band').evaluateAll((ps) =>
    ps.map((p) => ({
      seat: p.getAttribute('data-seat'),
      fill: p.getAttribute('fill'),
      points: p.getAttribute('points')!.split(' ').length,
    })),
  );
  t.same(
    bands,
    analysis.start.map((_: number, seat: number) => ({
      seat: String(seat),
      fill: seatColour(seat),
      points: 2 * (analysis.decisions.length + 1),
    })),
    "a band of ± 2 standard errors around each seat's line: along it above, and back below",
  );
  t.same(
    await page.locator('#luck-list li').evaluateAll((ls) => ls.map((l) => l.getAttribute('data-seat'))),
    ['0', '1'],
    'the luck of the draw, apart, for each seat',
  );
  t.match(await page.locator('#luck-list li').first().textContent(), /^Ann: [+-]?\d+ points of chance from the draws/);
  t.equal(await page.locator('#chances svg').getAttribute('role'), 'img');
  t.equal(
    await page.locator('#chances svg').getAttribute('aria-labelledby'),
    'chances-caption',
    'the caption is its text alternative',
  );
  t.match(
    await page.locator('#chances-caption').textContent(),
    /Ann \d+ %, greedy bot \d+ %/,
    'naming each player at the end',
  );
  const links = await page
    .locator('#turning-points a.replay-link')
    .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  t.same(
    links,
    analysis.turningPoints.map((p: { version: number }) => `game.html#id=${id}&version=${p.version}`),
    'each turning point links to the replay at its move',
  );
  t.equal(
    await page.locator('#chances .turning-mark').count(),
    analysis.turningPoints.length,
    'and is marked on the plot',
  );
  await page.locator('#end').screenshot({ path: `${ARTIFACTS}web-analysis-${view}.png` });
  const first = analysis.turningPoints[0];
  if (first) {
    await page.locator('#turning-points a.replay-link').first().click();
    await page.waitForFunction((v) => document.body.dataset.replay === String(v), first.version);
    t.pass(`the link shows the replay at move ${first.version}`);
    // The link lay below the chart: the page goes up to the board, not to the edge of the slider.
    t.ok(
      await page.evaluate(() => Math.abs(document.querySelector('.board-area')!.getBoundingClientRect().top) < 2),
      'and brings the board to the top of the window',
    );
    await page.screenshot({ path: `${ARTIFACTS}issue40-8-replay-link-${view}.png` });
  }
  t.same(csp, [], 'no CSP violation');
  return first?.version;
}

async function playGame(t: Test, view: 'desktop' | 'phone'): Promise<void> {
  const phone = view === 'phone';
  const { server, browser } = await shared();
  const http: Http = client(server.url);
  const game = (
    await http.post('/games', {
      players: [{ name: 'Ann' }, { bot: 'greedy' }],
      expansions: ['traders-builders', 'abbey-mayor'],
      tileOrder: TILE_ORDER,
    })
  ).body;
  const page = await (await browser.context(t, phone ? PHONE : {})).newPage();
  const held = await holdAnalysis(page);
  const csp: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) csp.push(m.text());
  });
  await loaded(page, () => page.goto(`${server.url}/play/game.html#id=${game.id}&n=0&seat=${game.seats[0].token}`));
  await atVersion(page, 0);
  t.equal(await page.locator('#board rect.last').count(), 0, 'the start tile carries no "last placed" frame on turn 1');
  t.match(await page.locator('#drawn').textContent(), /Drawn: straight road/, 'the drawn tile in words');
  t.notMatch(await page.locator('#drawn').textContent(), /base\//, 'not its catalog id');
  if (phone) {
    // Two fingers moving apart zoom in (pointer events as a touch screen sends them); "Whole board" goes back.
    const width = () =>
      page.evaluate(() => Number(document.querySelector('#board svg')!.getAttribute('viewBox')!.split(' ')[2]));
    const before = await width();
    await page.evaluate(() => {
      const host = document.querySelector('#board')!;
      const r = host.getBoundingClientRect();
      const [cx, cy] = [r.left + r.width / 2, r.top + r.height / 2];
      const send = (type: string, pointerId: number, dx: number) =>
        host.dispatchEvent(
          new PointerEvent(type, { pointerId, pointerType: 'touch', clientX: cx + dx, clientY: cy, bubbles: true }),
        );
      send('pointerdown', 1, -20);
      send('pointerdown', 2, 20);
      send('pointermove', 2, 60);
      send('pointermove', 1, -60);
      send('pointerup', 1, -60);
      send('pointerup', 2, 60);
    });
    t.ok((await width()) < before, 'a pinch zooms in');
    await press(phone, page.locator('#fit'));
    t.equal(await width(), before, 'Whole board goes back');
  }

  let placements = 0;
  let figures = 0;
  let reloaded = false;
  for (let moves = 0; ; moves++) {
    t.ok(moves < 60, 'the game ends');
    const legal = (await http.get(`/games/${game.id}/legal-moves`)).body;
    if (legal.actor === null) break;
    if (legal.actor === 0) {
      await atVersion(page, legal.version);
      if (legal.moves.some((m: Move) => m.type === 'placeTile'))
        await placeTile(t, page, legal.moves, phone, placements++);
      else if (
        legal.moves.some((m: Move) => m.type === 'placeFigure' || m.type === 'moveWagon' || m.type === 'placeBarn')
      )
        await placeFigure(t, page, legal.moves, phone, figures++ === 0);
      else await press(phone, page.locator('#decisions button').first());
    }
    if (placements === 2 && !reloaded) {
      reloaded = true;
      await loaded(page, () => page.reload());
      await atVersion(page, (await http.get(`/games/${game.id}`)).body.version);
      namesInLog(t, await logLines(page), 'after a reload');
    }
    // Until the move lands (a long-poll: a loaded machine may take its time, never a fixed deadline).
    await http.get(`/games/${game.id}/legal-moves?after=${legal.version}&wait=30`);
  }
  const final = (await http.get(`/games/${game.id}`)).body;
  t.equal(final.status, 'finished');
  t.ok(placements >= 3, `${placements} tiles placed through the preview`);
  await page.waitForFunction(() => document.body.dataset.status === 'finished', undefined, { timeout: 60_000 });

  // The end panel: the winner, and the breakdown the scoring events add up to.
  await page.locator('#end').waitFor();
  const best = Math.max(...final.scores);
  const winners = final.players.filter((p: { score: number }) => p.score === best).map((p: { name: string }) => p.name);
  const said = (await page.locator('#winner').textContent()) ?? '';
  t.ok(winners.every((w: string) => said.includes(w)) && /win/.test(said), `the panel names the winner: ${said}`);
  t.equal(await page.locator('#winner bdi').count(), winners.length, 'names in <bdi>');
  t.equal(
    await page.locator('#breakdown thead bdi').count(),
    final.players.length,
    'a column per player, named in <bdi>',
  );
  const expected = expectedBreakdown((await http.get(`/games/${game.id}/events`)).body.events, final.players.length);
  for (const [seat, row] of expected.entries()) {
    const shown = await page
      .locator(`#breakdown td[data-seat="${seat}"][data-category]`)
      .evaluateAll((tds) =>
        Object.fromEntries(tds.map((td) => [td.getAttribute('data-category'), Number(td.textContent)])),
      );
    t.same(shown, { ...row, total: final.scores[seat] }, `seat ${seat}: the breakdown equals the scoring events`);
    t.equal(row.during + row.final, final.scores[seat], `seat ${seat}: during + final is the score`);
  }
  await page.screenshot({ path: `${ARTIFACTS}web-${view}-end.png`, fullPage: true });
  const turning = await endAnalysis(t, page, http, game.id, view, csp, held);

  // The replay: each version's board is the server's board.svg?version=N, the move marked.
  await page.locator('#replay').waitFor();
  await page.locator('#replay-first').click();
  await page.waitForFunction(() => document.body.dataset.replay === '0');
  for (let v = 0; v <= final.version; v++) {
    if (v > 0) {
      if (v % 2 === 0) await page.locator('#replay-forward').click();
      else {
        await page.locator('#replay-slider').focus();
        await page.keyboard.press('ArrowRight');
      }
      await page.waitForFunction((v) => document.body.dataset.replay === String(v), v);
    }
    const svg = await (await fetch(`${server.url}/games/${game.id}/board.svg?version=${v}`)).text();
    const facts = await boardFacts(page, svg);
    const shown = await boardFacts(page);
    t.same(shown, facts, `the board at version ${v} is board.svg?version=${v}`);
    const entry = v > 0 ? (await http.get(`/games/${game.id}/events?after=${v - 1}`)).body.events[0].events : [];
    const tile = entry.find((e: { type: string }) => e.type === 'tilePlaced' || e.type === 'abbeyPlaced');
    if (tile) t.same(shown.last, [`${tile.x} ${tile.y}`], `the move's tile is marked at ${v}`);
    // The figures the move placed or moved (a wagon); one on a feature the same move closed went back at once: only those still standing are marked.
    type Entry = {
      type: string;
      seat: number;
      figure?: { kind: string; owner: number; x: number; y: number };
      to?: { x: number; y: number };
    };
    const put = entry.flatMap((e: Entry) =>
      e.type === 'figurePlaced'
        ? [`${e.figure!.kind} ${e.figure!.owner} ${e.figure!.x} ${e.figure!.y} `]
        : e.type === 'wagonMoved'
          ? [`wagon ${e.seat} ${e.to!.x} ${e.to!.y} `]
          : [],
    );
    const standing = put.filter((p: string) => facts.figures.some((f) => f.startsWith(p)));
    t.equal(
      await page.locator('#board g.fig.moved').count(),
      standing.length,
      `the move's standing figures are marked at ${v}`,
      { entry, facts },
    );
    if (v === 3) await page.screenshot({ path: `${ARTIFACTS}web-${view}-replay.png`, fullPage: phone });
  }
  t.match(await page.locator('#board-text').textContent(), /at \(0, 0\)/, 'the board keeps its text description');

  // A spectator's page names the players too, and offers the replay.
  const watcher = await (await browser.context(t, phone ? PHONE : {})).newPage();
  await watcher.goto(`${server.url}/play/game.html#id=${game.id}`);
  await atVersion(watcher, final.version);
  namesInLog(t, await logLines(watcher), 'a spectator');
  t.ok(await watcher.locator('#replay').isVisible(), 'the spectator has the scrubber');
  if (turning !== undefined) {
    // A turning point's link opened by itself: a spectator's page at that move of the replay.
    // Followed within the open page, the link changes only the fragment: it applies at once.
    await watcher.goto(`${server.url}/play/game.html#id=${game.id}&version=${turning}`);
    await watcher.waitForFunction((v) => document.body.dataset.replay === String(v), turning);
    t.pass(`a replay link opens the replay at move ${turning}, without a reload`);
    t.ok(
      await watcher.evaluate(() => {
        const r = document.querySelector('#board')!.getBoundingClientRect();
        return r.top >= -1 && r.top < window.innerHeight;
      }),
      'and the page is scrolled to the board',
    );
  }

  // A rematch: a new game with the same seats.
  await page.locator('#rematch').click();
  const link = await page.locator('#rematch-links a.seat-link').getAttribute('href');
  const id = /id=([^&]+)/.exec(link!)![1];
  const rematch = (await http.get(`/games/${id}`)).body;
  t.not(id, game.id);
  t.same(
    rematch.seats.map((s: { kind: string; name: string }) => [s.kind, s.name]),
    final.seats.map((s: { kind: string; name: string }) => [s.kind, s.name]),
    'the rematch has the same seats',
  );
  t.same(rematch.expansions, final.expansions, 'and the same expansions');
}

t.test('a game through the preview and confirm, on a desktop', { skip, timeout: 720_000 }, (t) =>
  playGame(t, 'desktop'),
);
t.test('a game through the preview and confirm, on a phone by touch', { skip, timeout: 720_000 }, (t) =>
  playGame(t, 'phone'),
);

t.test('the lobby and the admin page, on a desktop and on a phone', { skip, timeout: 120_000 }, async (t) => {
  const { server, browser } = await shared();
  const http = client(server.url);
  const game = (await http.post('/games', { players: [{ name: 'Ann' }, { open: true }], visibility: 'public' })).body;
  for (const [view, options] of [
    ['desktop', {}],
    ['phone', PHONE],
  ] as const) {
    const page = await (await browser.context(t, options)).newPage();
    await page.goto(`${server.url}/play/`);
    await page.locator(`li.open-game[data-id="${game.id}"]`).waitFor({ timeout: 60_000 });
    t.ok(
      view === 'phone'
        ? await fitsWidth(page)
        : await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1),
      `${view}: the lobby fits the width`,
    );
    t.match(await page.locator('link[rel=icon]').getAttribute('href'), /^data:image\/svg\+xml,/, 'a favicon');
    await page.screenshot({ path: `${ARTIFACTS}web-lobby-${view}.png`, fullPage: true });
    await page.goto(`${server.url}/play/admin.html#id=${game.id}&admin=${game.adminToken}`);
    await page.locator('#seats li').first().waitFor();
    await page.screenshot({ path: `${ARTIFACTS}web-admin-${view}.png`, fullPage: true });
  }
});
