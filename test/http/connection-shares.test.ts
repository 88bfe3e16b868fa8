/**
 * No address holds more than its share of connections, whatever it sends, and a request refused
 * for load ends its connection (issue 42, finding 1). Over real HTTP, the attacker on 127.0.0.2,
 * the victim on 127.0.0.3 (Linux routes all of 127.0.0.0/8 to loopback).
 */
import { connect, type AddressInfo, type Socket } from 'node:net';
import t, { type Test } from 'tap';
import type { AppOptions } from '../../src/app.js';
import { connectionsPerAddress } from '../../src/http/connections.js';
import { createGame, testApp, type App } from './helpers/app.js';
import { fromAddress } from './helpers/from-address.js';
import { openStream } from './helpers/sse.js';
import { parseAnswer } from './helpers/raw-http.js';

async function listening(t: Test, options: Partial<AppOptions>): Promise<{ app: App; base: string; port: number }> {
  const app = await testApp(t, options);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { app, base: `http://127.0.0.1:${port}`, port };
}

/** Resolves once the server has accepted `n` connections (refused ones included). */
function accepted(app: App, n: number): Promise<void> {
  let seen = 0;
  return new Promise((resolve) => {
    const count = () => {
      if (++seen < n) return;
      app.server.off('connection', count);
      resolve();
    };
    app.server.on('connection', count);
  });
}

/** A socket from `localAddress` with what it has received, and a promise of its close. */
function rawSocket(t: Test, port: number, localAddress: string) {
  const socket: Socket = connect({ port, host: '127.0.0.1', localAddress });
  t.teardown(() => socket.destroy());
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  socket.on('error', () => {});
  const closed = new Promise<string>((resolve) => socket.once('close', () => resolve(text)));
  return { socket, closed, text: () => text };
}

t.test('the share per address: twice its streams, at most half the cap', async (t) => {
  t.equal(connectionsPerAddress(400, 32), 64);
  t.equal(connectionsPerAddress(16, 32), 8);
  t.equal(connectionsPerAddress(20, 0), 10, 'no stream cap: half');
  t.equal(connectionsPerAddress(1, 32), 1);
});

t.test('slow bodies and streams from one address do not take the connections /health from another needs', async (t) => {
  const max = 16;
  const { port, base, app } = await listening(t, { maxConnections: max });
  const share = connectionsPerAddress(max, 32);
  const game = await createGame(app);
  const all = accepted(app, max);
  // What the attacker sends does not matter: a move's headers (its own seat's token) or a
  // creation's, each announcing 60,000 bytes and sending one, so the body never ends; or a
  // stream, which the server holds open.
  const requests = [
    `POST /games/${game.id}/moves HTTP/1.1\r\nhost: x\r\nauthorization: Bearer ${game.seats[0].token}\r\ncontent-type: application/json\r\ncontent-length: 60000\r\n\r\n{`,
    'POST /games HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 60000\r\n\r\n{',
    `GET /games/${game.id}/stream HTTP/1.1\r\nhost: x\r\n\r\n`,
  ];
  const attackers = Array.from({ length: max }, (_, i) => {
    const raw = rawSocket(t, port, '127.0.0.2');
    raw.socket.once('connect', () => raw.socket.write(requests[i % requests.length]));
    return raw;
  });
  await all;
  const health = await fromAddress(base, '127.0.0.3').get('/health');
  t.equal(health.status, 200, "/health from another address is served: the attacker's share is full, not the server");

  // Those beyond the share were told and closed; the others are still held.
  const answers = await Promise.all(attackers.slice(share).map((a) => a.closed));
  for (const text of answers) t.match(parseAnswer(text), { status: 429, body: { code: 'RATE_LIMITED' } });
  t.equal(answers.length, max - share);
  const refused = await fromAddress(base, '127.0.0.2').get('/health');
  t.equal(refused.status, 429, 'a further connection from the attacker is refused');
});

t.test("a refused stream's connection is closed, not kept alive", async (t) => {
  const { port, base, app } = await listening(t, { streams: { perAddress: 1 } });
  const game = await createGame(app);
  const held = await openStream(`${base}/games/${game.id}/stream`, {}, false, '127.0.0.2');
  t.teardown(() => held.close());
  t.equal(held.response.statusCode, 200);

  const raw = rawSocket(t, port, '127.0.0.2');
  raw.socket.once('connect', () =>
    raw.socket.write(`GET /games/${game.id}/stream HTTP/1.1\r\nhost: x\r\nconnection: keep-alive\r\n\r\n`),
  );
  // Read the answer (its body is complete when its length is), then see the server close.
  await new Promise<void>((resolve) => {
    const done = () => {
      const { headers, body } = parseAnswer(raw.text());
      if (body !== undefined && headers['content-length']) {
        raw.socket.off('data', done);
        resolve();
      }
    };
    raw.socket.on('data', done);
  });
  const answer = parseAnswer(raw.text());
  t.match(answer, { status: 429, body: { code: 'RATE_LIMITED' } });
  t.equal(answer.headers.connection, 'close', 'the answer says the connection ends');
  if (answer.headers.connection !== 'close') return;
  await raw.closed;
  t.pass('and the server closed it');
});
