/**
 * 1,100 idle sockets against a real server process limited to 1,024 open files (the attack
 * that used to exhaust its descriptors, so that every new client got a reset). With the cap on
 * connections and the headers timeout, the connections beyond the cap and `/health` itself are
 * answered 503 problem+json, and once the idle ones are closed `/health` is 200 again.
 */
import { connect, type Socket } from 'node:net';
import t from 'tap';
import { STATUS_BY_CODE } from '../../src/http/problem.js';
import { tempDatabase } from '../helpers/temp-database.js';
import { startServer } from '../helpers/server-process.js';

const SOCKETS = 1100;
const BATCH = 100;
/** Idle sockets per source address: below an address's share of connections, so the cap on all is what they reach. */
const PER_ADDRESS = 50;

/**
 * How long the idle sockets may send nothing: long enough that all 1,100 are open, and `/health`
 * asked, while the first still hold their slots, on a machine too busy to open them quickly
 * (with the default 10 s, the first ones were closed before `/health` was asked).
 */
const HEADERS_TIMEOUT_MS = 30_000;
/** Only ends a test that would hang: the slots come free after the headers timeout, far below it. */
const BOUND_MS = 180_000;

t.test('1,100 idle sockets under ulimit -n 1024: /health answers 503 until they are closed, then 200', async (t) => {
  const server = await startServer(
    t,
    tempDatabase(t),
    { HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS) },
    { openFiles: 1024 },
  );
  const { hostname, port } = new URL(server.url);

  const answers: string[] = [];
  const errors: string[] = [];
  const sockets: Socket[] = [];
  t.teardown(() => sockets.forEach((s) => s.destroy()));
  // In batches of 100, a short pause after each: all 1,100 at once overflow the kernel's listen
  // backlog (511) when a loaded machine keeps the server from accepting, and a handshake the
  // kernel dropped leaves a socket the server never saw, so never answers (26 of 1,100 once).
  for (let opened = 0; opened < SOCKETS; opened += BATCH) {
    await openIdle(Math.min(BATCH, SOCKETS - opened));
    await new Promise((r) => setTimeout(r, 20));
  }
  async function openIdle(count: number): Promise<void> {
    await Promise.all(
      Array.from(
        { length: count },
        () =>
          new Promise<void>((resolve) => {
            const socket = connect({
              port: Number(port),
              host: hostname,
              localAddress: `127.0.1.${1 + Math.floor(sockets.length / PER_ADDRESS)}`,
            });
            sockets.push(socket);
            let text = '';
            socket.on('data', (chunk) => (text += chunk.toString()));
            socket.on('error', (e: NodeJS.ErrnoException) => errors.push(e.code ?? e.message));
            socket.on('close', () => answers.push(text));
            socket.once('connect', () => resolve());
            socket.once('error', () => resolve());
          }),
      ),
    );
  }

  // The connections beyond the cap are answered and closed at once: the first look waits for
  // that (their answers), not for a time; the idle ones are still open (their timeout is far off).
  const beyondCap = SOCKETS - Math.floor((1024 * 3) / 4); // the cap: three quarters of the file limit
  for (const until = Date.now() + BOUND_MS; answers.length < beyondCap && Date.now() < until;)
    await new Promise((r) => setTimeout(r, 50));
  const started = Date.now();
  // Status 0: no answer (a reset, or nothing before the bound).
  const health = () =>
    fetch(`${server.url}/health`, { signal: AbortSignal.timeout(Math.max(1, BOUND_MS - (Date.now() - started))) }).then(
      async (r) => ({
        status: r.status,
        type: r.headers.get('content-type'),
        retryAfter: r.headers.get('retry-after'),
        body: await r.json(),
      }),
      () => ({ status: 0, type: null, retryAfter: null, body: undefined }),
    );
  const first = await health();
  t.equal(first.status, 503, 'while the idle sockets hold every slot: 503, not a reset');
  t.match(first.type, /^application\/problem\+json/);
  t.match(first.body, { code: 'TOO_MANY_CONNECTIONS', retryAfter: 1 });
  t.equal(first.retryAfter, '1');
  t.equal(STATUS_BY_CODE.TOO_MANY_CONNECTIONS, 503);

  // Once the headers timeout has closed the idle sockets, the slots are free again.
  let status = first.status;
  while (status !== 200 && Date.now() - started < BOUND_MS) {
    await new Promise((r) => setTimeout(r, 250));
    status = (await health()).status;
  }
  t.equal(status, 200, `/health answered 200 again, after ${Date.now() - started} ms`);

  // Every idle socket was told why it was closed: 503 beyond the cap, 408 for sending nothing.
  // Their closes come with /health's recovery; wait for all of them.
  for (const until = Date.now() + BOUND_MS; answers.length < SOCKETS && Date.now() < until;)
    await new Promise((r) => setTimeout(r, 50));
  const statuses = new Map<string, number>();
  for (const text of answers) {
    const key = /^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 'nothing';
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
  }
  t.comment(`answers: ${JSON.stringify(Object.fromEntries(statuses))}, socket errors: ${errors.length}`);
  t.equal(answers.length, SOCKETS, 'every idle socket was closed by the server');
  t.ok((statuses.get('503') ?? 0) > 0, 'those beyond the cap were answered 503');
  t.ok((statuses.get('408') ?? 0) > 0, 'those that sent nothing were answered 408');
  t.equal(
    (statuses.get('503') ?? 0) + (statuses.get('408') ?? 0),
    SOCKETS,
    'each was answered: none closed unanswered',
  );
  t.same(errors, [], 'none was reset: the cap keeps the process clear of its file limit');
});
