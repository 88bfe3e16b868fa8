import t from 'tap';
import { loadConfig } from '../../../src/config.js';
import { parseFrameAncestors, RENDER_STYLE_SOURCE } from '../../../src/http/security-headers.js';
import { TWO_PLAYERS, testApp } from '../helpers/app.js';

function policy(header: unknown): Map<string, string> {
  return new Map(
    String(header)
      .split(';')
      .map(
        (d) =>
          d
            .trim()
            .split(/\s+(.*)/s)
            .slice(0, 2) as [string, string],
      ),
  );
}

t.test('the pages, the pictures and the API carry a strict CSP, no framing, no referrer, nosniff', async (t) => {
  const app = await testApp(t);
  const game = (await app.inject({ method: 'POST', url: '/games', payload: TWO_PLAYERS })).json();
  for (const url of [
    '/play/',
    '/play/game.html',
    '/play/game.js',
    '/play/style.css',
    `/games/${game.id}/board.svg`,
    '/tiles/base/U.svg',
    `/games/${game.id}`,
    '/health',
    '/docs/',
  ]) {
    const res = await app.inject({ url });
    t.equal(res.statusCode, 200, url);
    const csp = policy(res.headers['content-security-policy']);
    t.equal(csp.get('script-src'), "'self'", `${url}: scripts from this origin only, no inline script`);
    t.equal(csp.get('script-src-attr'), "'none'", `${url}: no event handler attributes`);
    const styles = url === '/docs/' ? "'self' 'unsafe-inline'" : `'self' ${RENDER_STYLE_SOURCE}`;
    t.equal(
      csp.get('style-src'),
      styles,
      `${url}: no inline style but the pictures' own sheet (Swagger UI's pages excepted)`,
    );
    t.equal(csp.get('frame-ancestors'), "'none'", url);
    t.equal(csp.get('object-src'), "'none'", url);
    t.equal(csp.get('base-uri'), "'none'", url);
    t.notOk(csp.has('upgrade-insecure-requests'), `${url}: plain HTTP keeps working`);
    t.equal(res.headers['x-frame-options'], 'DENY', url);
    t.equal(res.headers['referrer-policy'], 'no-referrer', url);
    t.equal(res.headers['x-content-type-options'], 'nosniff', url);
    t.notOk(res.headers['strict-transport-security'], `${url}: HSTS is for what terminates TLS`);
  }
});

t.test("the pages load no inline script or style, and the pictures' style is the one the hash allows", async (t) => {
  const app = await testApp(t);
  for (const page of ['/play/', '/play/game.html', '/play/admin.html']) {
    const html = (await app.inject({ url: page })).body;
    t.notMatch(html, /<script(?![^>]*\bsrc=)[^>]*>/i, `${page}: every script is a file`);
    t.notMatch(html, /<style|\sstyle=|\son[a-z]+=/i, `${page}: no inline style or handler`);
  }
  const svg = (await app.inject({ url: '/tiles/base/U.svg' })).body;
  const { createHash } = await import('node:crypto');
  const sheet = /<style>(.*?)<\/style>/s.exec(svg)![1];
  t.equal(`'sha256-${createHash('sha256').update(sheet).digest('base64')}'`, RENDER_STYLE_SOURCE);
});

t.test('FRAME_ANCESTORS names who may frame the pages; X-Frame-Options then steps aside', async (t) => {
  t.same(loadConfig({}).frameAncestors, ["'none'"]);
  t.same(parseFrameAncestors("'self' https://portal.example"), ["'self'", 'https://portal.example']);
  t.throws(() => parseFrameAncestors("'self'; script-src *"), /not a CSP source/);
  t.throws(() => parseFrameAncestors("'none' 'self'"), /'none' stands alone/);
  const app = await testApp(t, { frameAncestors: ["'self'", 'https://portal.example'] });
  const res = await app.inject({ url: '/play/' });
  t.equal(policy(res.headers['content-security-policy']).get('frame-ancestors'), "'self' https://portal.example");
  t.notOk(res.headers['x-frame-options']);
});
