/**
 * Issue 40 item 5 in Chromium: the log a page told live, move by move from the event stream,
 * is the log it shows after a reload, line by line, over a whole game (three seats played by a fixed sequence) with Traders & Builders,
 * Abbey & Mayor and Inns & Cathedrals; every line keeps its grammar. The builder's extra part and
 * the abbey's choice are named in the status line (real positions of the engine's tests, played
 * by HTTP). Screenshots: .test-artifacts/issue40-5-*.png, on a 1366×768 laptop and a phone.
 */
import t from 'tap';
import type { Page } from 'playwright-core';
import type { Move } from '../../src/engine/index.js';
import { client } from '../helpers/server-process.js';
import { draw, figure, meeple, pass, tile } from '../helpers/scenario.js';
import { missingBrowser, perFile } from './helpers/browser.js';
import { DEVICES, shot } from './helpers/page-facts.js';

const WAIT = { timeout: 60_000 };
const skip = missingBrowser();
const shared = perFile(t);

type Legal = { version: number; actor: number | null; phase: string; moves: Move[] };
type Game = { id: string; seats: { token?: string }[] };
type Http = ReturnType<typeof client>;

// A whole game's pile from the four sets: goods cities (early, beside city caps that close them), an abbey's land, inns, a cathedral.
const PILE = [
  ...'DEFGHIJKL'.split('').flatMap((l, i) => [`traders-builders/${l}`, `base/${'EJKL'[i % 4]}`]),
  ...'ABCDFGHIJKLMNOPQRSTUVWX'.split('').map((l) => `base/${l}`),
  ...'BCD'.split('').map((l) => `abbey-mayor/${l}`),
  ...'ABCKLMO'.split('').map((l) => `inns-cathedrals/${l}`),
];

/** The page's log, each line with the version it tells. */
const logOf = (page: Page) =>
  page
    .locator('#log li')
    .evaluateAll((lis) => lis.map((li) => `${li.getAttribute('data-version')}: ${li.textContent}`));

/** Loads the page (`load`: a navigation or a reload) and waits until it follows the game's stream. */
async function following(page: Page, load: () => Promise<unknown>): Promise<void> {
  const stream = page.waitForRequest((r) => new URL(r.url()).pathname.endsWith('/stream'));
  await load();
  await stream;
}

const seatMove = (http: Http, game: Game, seat: number, legal: Legal, move: Move) =>
  http.post(
    `/games/${game.id}/moves`,
    { expectedVersion: legal.version, move },
    { authorization: `Bearer ${game.seats[seat].token}` },
  );

/** Plays `moves` in turn for the seats whose turn it is (two players by HTTP). */
async function playMoves(http: Http, game: Game, moves: Move[]): Promise<Legal> {
  for (const move of moves) {
    const legal = (await http.get(`/games/${game.id}/legal-moves`)).body as Legal;
    const sent = await seatMove(http, game, legal.actor!, legal, move);
    if (sent.status !== 200 && sent.status !== 201)
      throw new Error(`${JSON.stringify(move)}: ${JSON.stringify(sent.body)}`);
  }
  return (await http.get(`/games/${game.id}/legal-moves`)).body as Legal;
}

t.test(
  'the live log and the reloaded log say the same, line by line, over a whole game with three expansions',
  { skip, timeout: 600_000 },
  async (t) => {
    const { server, browser } = await shared();
    const http = client(server.url);
    const game = (
      await http.post('/games', {
        players: [{ name: 'Ann' }, { name: 'Bea' }, { name: 'Cid' }],
        expansions: ['traders-builders', 'abbey-mayor', 'inns-cathedrals'],
        tileOrder: PILE,
      })
    ).body as Game;
    t.ok(game.id, `the game is made: ${JSON.stringify(game).slice(0, 200)}`);
    // A spectator's page, open before the first move: every line it shows comes by the stream.
    const page = await (await browser.context(t, DEVICES[0][1])).newPage();
    await following(page, () => page.goto(`${server.url}/play/game.html#id=${game.id}`));
    // Every seat plays a move picked by a fixed sequence among the legal ones, so with the fixed
    // pile the game is the same at every run: figures of every kind, a wagon moved and one
    // returned, abbeys, undos (bots seeded by the game's random id made a wagon's move a chance).
    let pick = 1;
    for (let moves = 0; ; moves++) {
      t.ok(moves < 400, 'the game ends');
      const legal = (await http.get(`/games/${game.id}/legal-moves`)).body as Legal;
      if (legal.actor === null) break;
      pick = (pick * 31 + 17) % 1009;
      await seatMove(http, game, legal.actor, legal, legal.moves[pick % legal.moves.length]);
    }
    const final = (await http.get(`/games/${game.id}`)).body as { version: number };
    await page.waitForFunction((v) => document.body.dataset.version === String(v), final.version, WAIT);
    const live = await logOf(page);
    await following(page, () => page.reload());
    await page.waitForFunction((v) => document.body.dataset.version === String(v), final.version, WAIT);
    await page.locator('#log li').first().waitFor();
    const reloaded = await logOf(page);
    t.ok(live.length > 100, `${live.length} lines told live`);
    t.same(live, reloaded, 'the reloaded log says the same, line by line');
    const types = new Set(
      (
        (await http.get(`/games/${game.id}/events`)).body as { events: { events: { type: string }[] }[] }
      ).events.flatMap((b) => b.events.map((e) => e.type)),
    );
    t.comment(`event types of the game: ${[...types].sort().join(' ')}`);
    for (const type of ['figurePlaced', 'featureScored', 'wagonMoved', 'wagonReturned', 'goodsAwarded', 'gameEnded'])
      t.ok(types.has(type), `the game has a ${type}`);
    const bad = reloaded.filter((l) =>
      /\b(a [aeiou]|an [^aeiou\s]|a (two|three|four)\b)|\s{2}|undefined|\bfeature\b|\b[a-z-]+\/[A-Z]\b|\bseat \d\b/.test(
        l,
      ),
    );
    t.same(bad, [], 'every line keeps its grammar and names no id');
    t.ok(
      reloaded.some((l) => /: Final scoring, the /.test(l)) && reloaded.some((l) => / was completed: /.test(l)),
      'scorings say what scored, during the game and at its end',
    );
    await page.locator('#log').scrollIntoViewIfNeeded();
    await shot(page, '5-log', 'desktop');
  },
);

for (const [device, options] of DEVICES)
  t.test(
    `${device}: the builder's extra part and the abbey's choice are named`,
    { skip, timeout: 180_000 },
    async (t) => {
      const { server, browser } = await shared();
      const http = client(server.url);
      const open = async (game: Game, version: number) => {
        const page = await (await browser.context(t, options)).newPage();
        await page.goto(`${server.url}/play/game.html#id=${game.id}&n=0&seat=${game.seats[0].token}`);
        await page.waitForFunction((v) => document.body.dataset.version === String(v), version, WAIT);
        return page;
      };

      // test/engine/traders-builders/builder.test.ts: Ann's builder on the road; extending it earns a second part.
      const builder = (
        await http.post('/games', {
          players: [{ name: 'Ann' }, { name: 'Bob' }],
          expansions: ['traders-builders'],
          tileOrder: ['base/U', 'traders-builders/T', 'base/U', 'base/B', 'base/U', 'base/B', 'base/B'],
        })
      ).body as Game;
      const second = await playMoves(http, builder, [
        tile(1, 0, 90),
        meeple(1, 0, 0),
        tile(0, -1, 180),
        pass,
        tile(2, 0, 90),
        figure('builder', 2, 0, 0),
        tile(0, 1),
        pass,
        tile(3, 0, 90),
        pass,
      ]);
      t.same([second.actor, second.phase], [0, 'placeTile'], 'Ann places a second tile');
      const ann = await open(builder, second.version);
      t.equal(
        await ann.locator('#status').textContent(),
        "Your turn, the builder's extra part: place the tile",
        "the status names the builder's extra part",
      );
      // The log is read after the state: its line, once there (behind "Scores & log" on a phone).
      await ann.locator('#log li', { hasText: /^Ann began the builder's extra part$/ }).waitFor({ state: 'attached' });
      t.pass("and so does the log: Ann began the builder's extra part");
      await shot(ann, '5-builder-part', device);

      // test/engine/abbey-mayor/abbey.test.ts: a hole at (0, -1); Ann holds her abbey.
      const ring = (
        await http.post('/games', {
          players: [{ name: 'Ann' }, { name: 'Bob' }],
          expansions: ['abbey-mayor'],
          tileOrder: ['base/V', 'base/W', 'base/V', 'base/N', 'base/M', 'base/N', 'base/U'],
        })
      ).body as Game;
      const choice = await playMoves(http, ring, [
        tile(-1, 0, 180),
        meeple(-1, 0, 0),
        tile(1, 0, 0),
        pass,
        tile(-1, -1, 270),
        pass,
        tile(1, -1, 270),
        meeple(1, -1, 0),
        tile(1, -2, 180),
        pass,
        tile(0, -2, 90),
        pass,
      ]);
      t.same([choice.actor, choice.phase], [0, 'drawOrAbbey'], 'Ann may draw or place her abbey');
      t.same(choice.moves, [draw, { type: 'placeAbbey', x: 0, y: -1 }]);
      const page = await open(ring, choice.version);
      t.equal(
        await page.locator('#status').textContent(),
        'Your turn: draw a tile or place the abbey',
        "the status names the abbey's choice",
      );
      t.same(await page.locator('#decisions button').allTextContents(), ['Draw a tile'], 'drawing is a button');
      await page.locator('#board rect.legal[data-x="0"][data-y="-1"]').click();
      t.equal(
        await page.locator('#decisions button.confirm').getAttribute('aria-label'),
        'Confirm: Place the abbey at (0, -1)',
        'the abbey goes into the hole through its preview',
      );
      t.match(await page.locator('#decisions').textContent(), /At \(0, -1\)/);
      await shot(page, '5-abbey-choice', device);
    },
  );
