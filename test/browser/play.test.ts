/**
 * The reference web client in Debian's Chromium against the real server: the lobby creates a
 * fixed-order game with both expansions, two players in two browser contexts play it to the
 * end by clicking, a spectator follows live, a reload resumes, and every page shows the API's
 * final scores. Then a public game from the lobby with an open seat and a bot seat: a second
 * context joins the open seat from the lobby's list and plays the bot to the end; and a seat
 * resigns from its page. Screenshots of the lobby and of the finished boards go to .test-artifacts/.
 */
import t from 'tap';
import type { Page } from 'playwright-core';
import { client } from '../helpers/server-process.js';
import { ARTIFACTS, missingBrowser, perFile } from './helpers/browser.js';

const TILE_ORDER = [
  'base/U',
  'traders-builders/A',
  'base/V',
  'abbey-mayor/B',
  'base/E',
  'base/K',
  'traders-builders/D',
];

async function versionOf(page: Page): Promise<number> {
  return Number(await page.locator('body').getAttribute('data-version'));
}

/** Distinct places where the legal moves put a figure (a feature, or a barn's corner). */
function figurePlaces(moves: { type: string; x?: number; y?: number; feature?: number; corner?: string }[]): number {
  const figure = moves.filter((m) => m.type === 'placeFigure' || m.type === 'moveWagon' || m.type === 'placeBarn');
  return new Set(figure.map((m) => `${m.x},${m.y},${m.corner ?? m.feature}`)).size;
}

/** Figure decisions taken on the board: by mouse, and by keyboard (Tab to a target, Enter). */
const onBoard = { click: 0, keyboard: 0 };

/**
 * Takes the next decision on the actor's page the way a person would: a position or a figure
 * target on the board, then a button.
 */
async function decide(
  page: Page,
  version: number,
  legalMoves: Parameters<typeof figurePlaces>[0],
  shot?: string,
): Promise<string> {
  await page.waitForFunction(
    (v) =>
      document.body.dataset.version === String(v) && document.querySelector('#decisions button, #board rect.legal'),
    version,
  );
  if (version === 0) {
    // The first placement by keyboard alone: a position takes the focus, Enter pins its ghost, Enter again confirms.
    await page.locator('#board rect.legal').first().focus();
    await page.keyboard.press('Enter');
    await page.locator('#decisions button.confirm:focus').waitFor();
    await page.keyboard.press('Enter');
    return 'keyboard';
  }
  const spots = page.locator('#board rect.legal');
  if ((await spots.count()) > 0) {
    if (shot) await page.screenshot({ path: `${ARTIFACTS}${shot}-positions.png` });
    await spots.first().click();
    if (shot) await page.screenshot({ path: `${ARTIFACTS}${shot}-preview.png` });
    const confirm = page.locator('#decisions button.confirm');
    const label = (await confirm.getAttribute('aria-label')) ?? '';
    await confirm.click();
    return label;
  }
  const targets = page.locator('#board rect.target');
  const places = figurePlaces(legalMoves);
  if ((await targets.count()) !== places)
    throw new Error(`version ${version}: ${await targets.count()} targets on the board, ${places} in legal-moves`);
  if (places > 0) {
    if (onBoard.keyboard === 0) {
      await targets.first().focus();
      await page.keyboard.press('Enter');
      onBoard.keyboard++;
    } else {
      await targets.last().click();
      onBoard.click++;
    }
    if (shot) await page.screenshot({ path: `${ARTIFACTS}${shot}-figure-target.png` });
    const figure = page.locator('#decisions button.move').first();
    const label = (await figure.textContent()) ?? '';
    if (!/\b(knight|thief|farmer|monk|mayor|builder|pig|wagon|barn)\b/.test(label))
      throw new Error(`version ${version}: the target offers ${label}`);
    await figure.click();
    return label;
  }
  const choice = page.locator('#decisions button').first();
  const label = (await choice.textContent()) ?? '';
  await choice.click();
  return label;
}

async function shownScores(page: Page): Promise<number[]> {
  await page.waitForFunction(() => document.body.dataset.status === 'finished', undefined, { timeout: 60_000 });
  return (await page.locator('#players tbody td.score').allTextContents()).map(Number);
}

const skip = missingBrowser();
const shared = perFile(t);

t.test('two players play a fixed-order game to the end in the browser', { skip, timeout: 240_000 }, async (t) => {
  const { server, browser } = await shared();
  const http = client(server.url);

  const lobby = await (await browser.context(t)).newPage();
  await lobby.goto(`${server.url}/play/`);
  await lobby.locator('summary').click();
  await lobby.locator('#tile-order').fill(TILE_ORDER.join(', '));
  await lobby.screenshot({ path: `${ARTIFACTS}lobby.png`, fullPage: true });
  await lobby.locator('#create').click();
  await lobby.locator('#created').waitFor();
  t.ok(
    await lobby.evaluate(() => document.activeElement?.classList.contains('seat-link') === true),
    "after creating, the focus is on the first seat's link",
  );
  t.ok(
    await lobby.evaluate(() => {
      const r = document.querySelector('#links')!.getBoundingClientRect();
      return r.top >= 0 && r.bottom <= window.innerHeight;
    }),
    'and the links are in view',
  );
  const seatLinks = await lobby
    .locator('a.seat-link')
    .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
  const watchLink = await lobby.locator('a.spectator-link').getAttribute('href');
  t.equal(seatLinks.length, 2, 'one link per seat');
  for (const link of seatLinks) t.notOk(new URL(link).search, 'no query string: the token is only in the fragment');
  const id = /id=([^&]+)/.exec(seatLinks[0])![1];

  const players: Page[] = [];
  for (const link of seatLinks) {
    const page = await (await browser.context(t)).newPage();
    await page.goto(link);
    players.push(page);
  }
  const spectator = await (await browser.context(t)).newPage();
  await spectator.goto(new URL(watchLink!, `${server.url}/play/`).href);
  await spectator.waitForFunction(() => document.body.dataset.version === '0');
  t.equal(await spectator.locator('#decisions button').count(), 0, 'a spectator has no decisions');

  let moves = 0;
  let reloaded = false;
  for (;;) {
    const legal = (await http.get(`/games/${id}/legal-moves`)).body;
    if (legal.actor === null) break;
    if (moves === 4 && !reloaded) {
      reloaded = true;
      await players[legal.actor].reload();
    }
    await decide(
      players[legal.actor],
      legal.version,
      legal.moves,
      moves === 2 || moves === 3 ? `mid-game-${moves}` : undefined,
    );
    moves += 1;
    if (moves === 3) {
      // The spectator's page was never reloaded: the event stream brought it here.
      await spectator.waitForFunction((v) => Number(document.body.dataset.version) > v, legal.version);
      t.pass('the spectator follows live');
    }
    t.ok(moves < 80, 'the game ends');
    // Until the move lands (a long-poll: a loaded machine may take its time, never a fixed deadline).
    await http.get(`/games/${id}/legal-moves?after=${legal.version}&wait=30`);
  }
  const final = (await http.get(`/games/${id}`)).body;
  t.equal(final.status, 'finished');
  t.ok(
    onBoard.keyboard === 1 && onBoard.click > 0,
    `figures placed from the board's targets: ${onBoard.click} by clicking, ${onBoard.keyboard} by keyboard`,
  );
  t.ok(
    final.scores.some((s: number) => s > 0),
    'someone scored',
  );
  for (const [i, page] of [...players, spectator].entries()) {
    t.same(await shownScores(page), final.scores, `page ${i} shows the API's scores`);
  }
  t.equal(await versionOf(spectator), final.version, 'the spectator followed to the last move');
  t.ok((await spectator.locator('#log li.scoring').count()) > 0, 'the log names the scoring in words');
  t.match(await spectator.locator('#board-text').textContent(), /straight road at/, 'the board as text, in words');
  const tokens = seatLinks.map((l) => /seat=([^&]+)/.exec(l)![1]);
  const logged = server.output.join('');
  t.ok(logged.includes(`/games/${id}/moves`), 'the server logged the requests');
  t.notOk(
    tokens.some((token) => logged.includes(token)),
    'no seat token in the server log',
  );
  await players[0].screenshot({ path: `${ARTIFACTS}finished-board.png`, fullPage: true });
  const phone = await (await browser.context(t)).newPage();
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.goto(seatLinks[1]);
  await phone.waitForFunction(() => document.body.dataset.status === 'finished');
  await phone.screenshot({ path: `${ARTIFACTS}finished-phone.png`, fullPage: true });
});

/**
 * Takes the joined player's next decision by clicking: a highlighted position and its first
 * rotation, else the first button offered (a figure or pass).
 */
async function clickThrough(page: Page, version: number): Promise<void> {
  await page.waitForFunction(
    (v) =>
      document.body.dataset.version === String(v) && document.querySelector('#decisions button, #board rect.legal'),
    version,
  );
  const spots = page.locator('#board rect.legal');
  if ((await spots.count()) > 0) {
    await spots.first().click();
    await page.locator('#decisions button.confirm').click();
  } else {
    await page.locator('#decisions button').first().click();
  }
}

t.test(
  'a public game from the lobby: a player joins its open seat from the list and plays a bot to the end',
  { skip, timeout: 240_000 },
  async (t) => {
    const { server, browser } = await shared();
    const http = client(server.url);

    const creator = await (await browser.context(t)).newPage();
    await creator.goto(`${server.url}/play/`);
    await creator.locator('select[aria-label="Seat 1 kind"]').selectOption('open');
    await creator.locator('select[aria-label="Seat 2 kind"]').selectOption('mcts');
    t.ok(await creator.locator('select[aria-label="Seat 2 bot level"]').isVisible(), 'an mcts seat asks for its level');
    t.notOk(await creator.locator('input[aria-label="Player 2 name"]').isVisible(), 'a bot seat asks no name');
    await creator.locator('select[aria-label="Seat 2 bot level"]').selectOption('1');
    for (const box of await creator.locator('input[name=expansion]').all()) await box.uncheck();
    await creator.locator('#visibility').selectOption('public');
    await creator.locator('#turn-seconds').fill('300');
    await creator.locator('summary').click();
    await creator.locator('#tile-order').fill('base/U, base/V, base/E, base/K');
    await creator.locator('#create').click();
    await creator.locator('#created').waitFor();
    t.equal(await creator.locator('a.seat-link').count(), 0, 'no named seat, no seat link');
    t.match(await creator.locator('#admin-token').textContent(), /^[\w-]{20,}$/, 'the admin token is shown');
    const watchLink = await creator.locator('a.spectator-link').getAttribute('href');
    const id = /id=([^&]+)/.exec(watchLink!)![1];
    const created = (await http.get(`/games/${id}`)).body;
    t.same(
      created.seats.map((s: { kind: string }) => s.kind),
      ['open', 'bot'],
      'one open seat, one bot seat',
    );
    t.same(
      [created.seats[1].bot, created.seats[1].level, created.clock.turnSeconds],
      ['mcts', 1, 300],
      'the bot, its level and the clock as asked',
    );
    await creator.screenshot({ path: `${ARTIFACTS}lobby-created-public.png`, fullPage: true });

    const spectator = await (await browser.context(t)).newPage();
    await spectator.goto(new URL(watchLink!, `${server.url}/play/`).href);
    await spectator.waitForFunction(() => document.body.dataset.status === 'waiting');

    // The second player, in a browser context of their own, finds the game in the lobby's list.
    const player = await (await browser.context(t)).newPage();
    await player.goto(`${server.url}/play/`);
    const join = player.locator(`li.open-game[data-id="${id}"] button.join`);
    // The list is fetched after the page loads: wait for it before counting.
    await join.first().waitFor({ timeout: 60_000 });
    t.equal(await join.count(), 1, 'the lobby lists the game with one Join button');
    await join.click();
    t.match(await player.locator('#join-error').textContent(), /name/, 'joining asks for a name first');
    await player.locator('#join-name').fill('Cleo');
    await join.click();
    await player.waitForURL(/game\.html#/);
    t.notOk(new URL(player.url()).search, 'no query string: the token is only in the fragment');
    t.match(new URL(player.url()).hash, /seat=[\w-]+/, 'the seat token in the fragment');
    t.notOk(
      (await http.get('/games?status=waiting')).body.games.some((g: { id: string }) => g.id === id),
      'a joined game is no longer waiting',
    );
    await player.waitForFunction(
      () => document.body.dataset.status === 'active' || document.body.dataset.status === 'finished',
    );
    t.match(
      await player.locator('#players tbody tr[data-seat="1"] td.seat-kind').textContent(),
      /mcts bot, level 1/,
      'the page names the bot seat',
    );
    t.ok(await player.locator('#resign').isVisible(), 'the seat may resign');

    let moves = 0;
    for (;;) {
      const legal = (await http.get(`/games/${id}/legal-moves`)).body;
      if (legal.actor === null) break;
      if (legal.actor === 0) {
        await clickThrough(player, legal.version);
        moves += 1;
      }
      t.ok(moves < 40, 'the game ends');
      // The bot plays on the server; the page only follows the stream.
      // Until the move lands (a long-poll: a loaded machine may take its time, never a fixed deadline).
      await http.get(`/games/${id}/legal-moves?after=${legal.version}&wait=30`);
    }
    const final = (await http.get(`/games/${id}`)).body;
    t.equal(final.status, 'finished');
    t.ok(moves >= 2, `the player took ${moves} decisions by clicking`);
    t.ok(final.version > moves + 1, 'the bot moved too (the join is an entry of the log as well)');
    for (const [i, page] of [player, spectator].entries())
      t.same(await shownScores(page), final.scores, `page ${i} shows the API's scores`);
    t.ok(await player.locator('#resign-box').isHidden(), 'no resigning a finished game');
    t.ok(await player.locator('#notify-box').isHidden(), 'no turn notifications offered for a finished game');
    t.ok(
      (await spectator.locator('#log li', { hasText: 'Cleo joined seat 1' }).count()) === 1,
      'the log tells the join',
    );
    await player.screenshot({ path: `${ARTIFACTS}finished-against-bot.png`, fullPage: true });
  },
);

t.test('a seat resigns from its page and its autopilot finishes the game', { skip, timeout: 120_000 }, async (t) => {
  const { server, browser } = await shared();
  const http = client(server.url);
  const game = (
    await http.post('/games', {
      players: [{ name: 'Ann' }, { bot: 'greedy' }],
      tileOrder: ['base/U', 'base/V', 'base/E'],
    })
  ).body;
  const page = await (await browser.context(t)).newPage();
  await page.goto(`${server.url}/play/game.html#id=${game.id}&n=0&seat=${game.seats[0].token}`);
  await page.waitForFunction(() => document.body.dataset.version === '0');
  await page.locator('#resign').focus();
  await page.keyboard.press('Enter');
  await page.locator('#resign-yes').click();
  await page.waitForFunction(() => document.body.dataset.status === 'finished', undefined, { timeout: 60_000 });
  const final = (await http.get(`/games/${game.id}`)).body;
  t.ok(final.seats[0].resigned, 'the API has the seat resigned');
  t.match(
    await page.locator('#players tbody tr[data-seat="0"] td.seat-kind').textContent(),
    /resigned/,
    'the page says so',
  );
  t.same(await shownScores(page), final.scores, "the page shows the API's scores");
});
