/**
 * Attacks on the connection rather than the request: idle sockets by the thousand, headers
 * sent a line at a time, bodies that never end, broken HTTP framing. Each connection is closed
 * in bounded time, with a problem document rather than a reset, and the server keeps serving.
 */
import type { AddressInfo } from 'node:net';
import t, { type Test } from 'tap';
import { DEFAULT_TIMEOUTS, openFileLimit } from '../../../src/http/connections.js';
import { STATUS_BY_CODE } from '../../../src/http/problem.js';
import { MAX_WAIT_SECONDS } from '../../../src/http/schemas/events.js';
import { createGame, tempDatabase, testApp, type App } from '../helpers/app.js';
import { rawExchange, trickle, type RawAnswer } from '../helpers/raw-http.js';

async function listening(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** An answer is a problem document whose code maps to its status in the one table. */
function isProblem(t: Test, answer: RawAnswer, status: number, code: string): void {
  t.equal(answer.status, status, `status ${status} (${answer.text.slice(0, 80)})`);
  t.match(answer.headers['content-type'], /^application\/problem\+json/);
  t.match(answer.body, { status, code });
  t.equal(STATUS_BY_CODE[answer.body?.code as keyof typeof STATUS_BY_CODE], status, 'the code maps to the status');
  t.not(answer.error, 'ECONNRESET', 'answered, not reset');
}

t.test('the default timeouts outlast the longest long-poll wait', async (t) => {
  t.ok(DEFAULT_TIMEOUTS.idleMs > MAX_WAIT_SECONDS * 1000, 'a silent long-poll is not cut');
  t.ok(DEFAULT_TIMEOUTS.requestMs > MAX_WAIT_SECONDS * 1000);
  t.ok(DEFAULT_TIMEOUTS.headersMs <= 10_000, 'idle sockets go within 10 s');
  t.equal(
    openFileLimit(
      'Limit   Soft Limit  Hard Limit  Units\nMax open files            1024                 524288               files\n',
    ),
    1024,
  );
  t.equal(openFileLimit(undefined), undefined);
});

t.test('slow headers, a never-ending body: closed with 408 problem+json; a long-poll is not', async (t) => {
  const app = await testApp(t, { timeouts: { headersMs: 500, requestMs: 1000 } });
  const url = await listening(app);
  const game = await createGame(app);

  const [slowHeaders, endlessBody, poll] = await Promise.all([
    rawExchange(url, (s) => {
      s.write('GET /health HTTP/1.1\r\nHost: x\r\n');
      trickle(s, 'X-Slow: 1\r\n', 100);
    }),
    rawExchange(url, (s) => {
      s.write('POST /games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 60000\r\n\r\n{');
      trickle(s, ' ', 100);
    }),
    // Longer than the request timeout: that bounds receiving the request, not the wait.
    fetch(`${url}/games/${game.id}/events?after=0&wait=2`).then(async (r) => ({
      status: r.status,
      body: await r.json(),
    })),
  ]);
  isProblem(t, slowHeaders, 408, 'REQUEST_TIMEOUT');
  // The client trickles for ever: any close is the server's timeout; the bound keeps the test from hanging.
  t.ok(slowHeaders.closedAfterMs < 30_000, `slow headers closed after ${slowHeaders.closedAfterMs} ms`);
  isProblem(t, endlessBody, 408, 'REQUEST_TIMEOUT');
  t.ok(endlessBody.closedAfterMs < 30_000, `endless body closed after ${endlessBody.closedAfterMs} ms`);
  t.same(poll, { status: 200, body: { version: 0, events: [] } }, 'the long-poll waited its 2 s and answered');
});

t.test('broken HTTP framing is answered with problem+json', async (t) => {
  const app = await testApp(t, { databasePath: tempDatabase(t) });
  const url = await listening(app);
  const post = 'POST /games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n';
  const cases: [string, string, number, string][] = [
    ['a bad chunk size', `${post}Transfer-Encoding: chunked\r\n\r\nZZ\r\n{}\r\n0\r\n\r\n`, 400, 'BAD_REQUEST'],
    [
      'both Content-Length and chunked',
      `${post}Content-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n`,
      400,
      'BAD_REQUEST',
    ],
    [
      'a 20 KB header',
      `GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20 * 1024)}\r\n\r\n`,
      431,
      'HEADERS_TOO_LARGE',
    ],
    ['a request line that is not HTTP', 'HELLO THERE\r\n\r\n', 400, 'BAD_REQUEST'],
    ['a bad header line', 'GET /health HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n', 400, 'BAD_REQUEST'],
  ];
  for (const [what, request, status, code] of cases) {
    const answer = await rawExchange(url, (s) => s.write(request), 5000);
    t.test(what, async (t) => isProblem(t, answer, status, code));
  }
  const health = await fetch(`${url}/health`);
  t.equal(health.status, 200, 'the server keeps serving');
});
