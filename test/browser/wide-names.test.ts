/**
 * Names of forty wide glyphs (the longest a name may be) on a phone (issue 42, finding 7): the
 * game page (a seat's and a spectator's), the lobby's list and the admin page keep the phone's
 * width; the name wraps inside its cell instead of pushing the page sideways. Looked at in the
 * screenshots under .test-artifacts/.
 */
import t from 'tap';
import { client, startServer } from '../helpers/server-process.js';
import { tempDatabase } from '../helpers/temp-database.js';
import { fitsPhone, launch, missingBrowser, PHONE } from './helpers/browser.js';

const skip = missingBrowser();
/**
 * Forty glyphs with no break between them, each as wide as a letter or wider: the widest Latin
 * letter, a mathematical bold W, an Arabic ligature as wide as a word. (CJK and fullwidth forms
 * break between any two characters, so they wrap by themselves.)
 */
const WIDE = ['M'.repeat(40), '\u{1D416}'.repeat(40), '\uFDFD'.repeat(40)];

t.test('names of forty wide glyphs keep every page within a phone', { skip, timeout: 240_000 }, async (t) => {
  const server = await startServer(t, tempDatabase(t));
  const http = client(server.url);
  const created = await http.post('/games', {
    players: [...WIDE.map((name) => ({ name })), { open: true }],
    visibility: 'public',
  });
  t.equal(created.status, 201, 'forty wide glyphs are a valid name');
  const game = created.body as { id: string; adminToken: string; seats: { token: string }[] };
  const browser = await launch(t);
  const page = await (await browser.context(t, PHONE)).newPage();

  const names = () => page.locator('#players tbody tr bdi').allTextContents();
  await page.goto(`${server.url}/play/game.html#id=${game.id}&n=0&seat=${game.seats[0].token}`);
  await page.waitForSelector('#board svg');
  await page.locator('#players tbody tr bdi').first().waitFor();
  t.same((await names()).slice(0, WIDE.length), WIDE, 'the names are shown whole');
  t.ok(await fitsPhone(page, 'wide-names-seat-phone.png'), "a seat's game page fits a phone");

  await page.goto(`${server.url}/play/game.html#id=${game.id}`);
  await page.reload();
  await page.waitForSelector('#board svg');
  await page.locator('#players tbody tr bdi').first().waitFor();
  t.ok(await fitsPhone(page, 'wide-names-spectator-phone.png'), "a spectator's game page fits a phone");

  await page.goto(`${server.url}/play/`);
  await page.locator(`li.open-game[data-id="${game.id}"]`).waitFor();
  t.ok(await fitsPhone(page, 'wide-names-lobby-phone.png'), 'the lobby listing the game fits a phone');

  await page.goto(`${server.url}/play/admin.html#id=${game.id}&admin=${game.adminToken}`);
  await page.locator('#seats li').first().waitFor();
  t.ok(await fitsPhone(page, 'wide-names-admin-phone.png'), 'the admin page fits a phone');
});
