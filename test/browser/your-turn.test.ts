/**
 * The game page tells its player it is their turn (web/your-turn.ts): the tab's title and
 * favicon, and, after the player opted in and the browser consented, a notification when the
 * turn comes while the tab is hidden. Screenshot in .test-artifacts/.
 */
import t from 'tap';
import { client } from '../helpers/server-process.js';
import { ARTIFACTS, missingBrowser, perFile } from './helpers/browser.js';

const WAIT = { timeout: 60_000 };
const skip = missingBrowser();
const shared = perFile(t);

t.test(
  'title and favicon say "your turn"; a notification only with consent, when hidden',
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
    const context = await browser.context(t);
    await context.grantPermissions(['notifications'], { origin: server.url });
    // Records notifications, and lets the test say whether the tab is hidden.
    await context.addInitScript(() => {
      const w = window as unknown as { __notes: string[]; __hidden: boolean };
      w.__notes = [];
      w.__hidden = false;
      Object.defineProperty(document, 'hidden', { get: () => w.__hidden });
      const Native = window.Notification;
      window.Notification = class extends Native {
        constructor(title: string, options?: NotificationOptions) {
          super(title, options);
          w.__notes.push(title);
        }
      };
    });
    const open = async (seat: number) => {
      const page = await context.newPage();
      await page.goto(`${server.url}/play/game.html#id=${game.id}&n=${seat}&seat=${game.seats[seat].token}`);
      await page.waitForFunction(() => document.body.dataset.version === '0', undefined, WAIT);
      return page;
    };
    const [ann, bob] = [await open(0), await open(1)];
    t.match(await ann.title(), /^● Your turn — /, "the player to act sees it in the tab's title");
    t.match(await ann.locator('link[rel="icon"]').getAttribute('href'), /d03a1e/, 'and in its favicon');
    t.notMatch(await bob.title(), /Your turn/, 'the other player does not');

    const notify = bob.locator('#notify');
    t.equal(await notify.textContent(), 'Notify me on my turn', 'notifications are offered, not asked for');
    await notify.click();
    await bob.waitForFunction(
      () => document.querySelector('#notify')?.getAttribute('aria-pressed') === 'true',
      undefined,
      WAIT,
    );
    t.equal(await notify.textContent(), 'Turn notifications on');
    await bob.screenshot({ path: `${ARTIFACTS}your-turn-consent.png`, clip: { x: 0, y: 0, width: 1200, height: 120 } });

    await bob.evaluate(() => ((window as unknown as { __hidden: boolean }).__hidden = true));
    for (;;) {
      const lm = (await http.get(`/games/${game.id}/legal-moves`)).body;
      if (lm.actor !== 0) break;
      await http.post(
        `/games/${game.id}/moves`,
        { expectedVersion: lm.version, move: lm.moves[0] },
        { authorization: `Bearer ${game.seats[0].token}` },
      );
    }
    await bob.waitForFunction(() => document.title.startsWith('● Your turn'), undefined, WAIT);
    await bob.waitForFunction(() => (window as unknown as { __notes: string[] }).__notes.length > 0, undefined, WAIT);
    t.same(
      await bob.evaluate(() => (window as unknown as { __notes: string[] }).__notes),
      ['Your turn'],
      'one notification as the turn came, the tab hidden',
    );
    await ann.waitForFunction(() => !document.title.includes('Your turn'), undefined, WAIT);
    t.equal(
      await ann.evaluate(() => (window as unknown as { __notes: string[] }).__notes.length),
      0,
      'none for a player who did not opt in',
    );
    await bob.screenshot({ path: `${ARTIFACTS}your-turn.png`, clip: { x: 0, y: 0, width: 1200, height: 120 } });
  },
);
