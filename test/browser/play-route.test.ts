/** GET /play: the built web client's flat files, nothing else (runs without a browser). */
import t from 'tap';
import { testApp } from '../http/helpers/app.js';

t.test('/play serves the lobby, the game and admin pages and their scripts with their types', async (t) => {
  const app = await testApp(t);
  const redirect = await app.inject({ method: 'GET', url: '/play' });
  t.equal(redirect.statusCode, 302);
  t.equal(redirect.headers.location, '/play/');
  for (const [url, type, text] of [
    ['/play/', 'text/html', 'id="create-form"'],
    ['/play/game.html', 'text/html', 'id="board"'],
    ['/play/game.js', 'text/javascript', 'EventSource'],
    ['/play/admin.html', 'text/html', 'id="abort"'],
    ['/play/admin.js', 'text/javascript', '/abort'],
    ['/play/leaderboard.html', 'text/html', 'id="board-table"'],
    ['/play/leaderboard.js', 'text/javascript', '/leaderboard'],
    ['/play/ladder.html', 'text/html', 'id="sprt-form"'],
    ['/play/ladder.js', 'text/javascript', '/ladder/sprt'],
    ['/play/style.css', 'text/css', '#board'],
  ] as const) {
    const res = await app.inject({ method: 'GET', url });
    t.equal(res.statusCode, 200, url);
    t.match(res.headers['content-type'], type, `${url} type`);
    t.equal(res.headers['cache-control'], 'no-cache');
    t.equal(res.headers['referrer-policy'], 'no-referrer');
    t.match(res.body, text, `${url} content`);
  }
});

t.test('/play answers 404 problems for anything but its own files', async (t) => {
  const app = await testApp(t);
  for (const url of [
    '/play/missing.html',
    '/play/..%2Fserver.js',
    '/play/%2e%2e',
    '/play/game.ts',
    '/play/a/b.js',
    '/play/GAME.HTML',
  ]) {
    const res = await app.inject({ method: 'GET', url });
    t.equal(res.statusCode, 404, url);
    t.match(res.headers['content-type'], 'application/problem+json', url);
  }
});
