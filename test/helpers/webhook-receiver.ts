/**
 * A webhook receiver on loopback for the tests: records every delivery it is sent (with whether
 * its signature verifies) and answers as the test tells it per attempt: a status, or `hang`
 * (no answer until the receiver closes). Closed, hanging connections included, when the test ends.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Test } from 'tap';
import { verifySignature } from '../../src/service/webhooks/webhook-signature.js';

export interface Received {
  id: string;
  type: string;
  version: number;
  gameId: string;
  data: Record<string, any>;
  /** The attempt's number for this delivery id at this receiver, from 1. */
  attempt: number;
  /** Whether the signature verifies with the secret known for its game (asked when read: the secret may be told after the delivery came). */
  readonly verified: boolean;
  /** What the receiver answered. */
  answer: number | 'hang';
  /** The raw body and the Carcassonne-Signature header, as sent (for verifiers under test). */
  body: string;
  signature: string;
}

export type Behaviour = (delivery: { id: string; gameId: string; attempt: number }) => number | 'hang';

export interface Receiver {
  url: string;
  host: string;
  received: Received[];
  /** The secret per game id, as the creation (or subscription) answered it. */
  secrets: Map<string, string>;
  behaviour: Behaviour;
  /** Requests being held without an answer now. */
  hanging(): number;
  /** Resolves once `check` holds of the received deliveries (polled), or rejects after `ms`. */
  until(check: (received: Received[]) => boolean, ms?: number): Promise<void>;
}

/**
 * `port`: the port to listen on (a free one by default). A server whose `WEBHOOK_ALLOW_HOSTS`
 * names `127.0.0.1:<port>` reaches every receiver a file starts on that port, one at a time.
 */
export async function startReceiver(t: Test, behaviour: Behaviour = () => 200, port = 0): Promise<Receiver> {
  const sockets = new Set<Socket>();
  const held = new Set<ServerResponse>();
  const attempts = new Map<string, number>();
  const receiver: Receiver = {
    url: '',
    host: '127.0.0.1',
    received: [],
    secrets: new Map(),
    behaviour,
    hanging: () => held.size,
    until: async (check, ms = 60_000) => {
      const deadline = Date.now() + ms;
      while (!check(receiver.received)) {
        if (Date.now() > deadline)
          throw new Error(
            `receiver: condition not met within ${ms} ms; received ${JSON.stringify(receiver.received.map((r) => [r.type, r.version, r.answer]))}`,
          );
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
  };
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      // A chat format's body is that service's message: its delivery is named by the headers only.
      const payload = { ...JSON.parse(body) };
      payload.id ??= request.headers['carcassonne-delivery'];
      payload.type ??= request.headers['carcassonne-event'];
      const attempt = (attempts.get(payload.id) ?? 0) + 1;
      attempts.set(payload.id, attempt);
      const header = String(request.headers['carcassonne-signature'] ?? '');
      const named = request.headers['carcassonne-delivery'] === payload.id;
      // Checked at once against the clock (a signature is valid for minutes), against the secret when read.
      const timely = Math.abs(Date.now() / 1000 - Number(/t=(\d+)/.exec(header)?.[1])) < 300;
      const answer = receiver.behaviour({ id: payload.id, gameId: payload.gameId, attempt });
      receiver.received.push({
        id: payload.id,
        type: payload.type,
        version: payload.version,
        gameId: payload.gameId,
        data: payload.data,
        attempt,
        get verified() {
          const secret = receiver.secrets.get(payload.gameId);
          return (
            named &&
            timely &&
            secret !== undefined &&
            verifySignature(secret, header, body, Number(/t=(\d+)/.exec(header)?.[1]))
          );
        },
        answer,
        body,
        signature: header,
      });
      if (answer === 'hang') {
        held.add(response);
        response.on('close', () => held.delete(response));
        return;
      }
      response.writeHead(answer, { 'content-type': 'text/plain' }).end('x'.repeat(answer === 200 ? 10 : 100_000));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`;
  t.teardown(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });
  return receiver;
}
