/**
 * What a connection may cost: how long it may take to send its request, how long it may sit
 * idle, and how many there may be at once. Whatever ends a connection early answers with a
 * problem document first, written straight to the socket (no request object exists yet).
 */
import { STATUS_CODES, type Server, type ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import { STATUS_BY_CODE, PROBLEM_CONTENT_TYPE, type ProblemCode } from './problem.js';
import { MAX_WAIT_SECONDS } from './schemas/events.js';

export interface ConnectionTimeouts {
  /** The request line and headers must arrive within this (slow-headers attacks). */
  headersMs: number;
  /** The whole request, body included, must arrive within this (never-ending bodies). */
  requestMs: number;
  /** A socket with no traffic at all is closed after this; a waiting long-poll is such a socket. */
  idleMs: number;
  /** A kept-alive socket between requests is closed after this. */
  keepAliveMs: number;
}

/**
 * The headers of any request arrive in well under 10 s; 1,100 connections that send nothing
 * are gone after that. Node's `requestTimeout` bounds receiving the request only, not the wait
 * for its answer, so a long-poll is unaffected by it (tested); the idle timeout does cover a
 * silent long-poll, so it stays above the longest wait. A kept-alive socket holds a file
 * descriptor while its client thinks: 10 s, where Fastify's default is 72 s.
 */
export const DEFAULT_TIMEOUTS: ConnectionTimeouts = {
  headersMs: 10_000,
  requestMs: (MAX_WAIT_SECONDS + 5) * 1000,
  idleMs: (MAX_WAIT_SECONDS + 15) * 1000,
  keepAliveMs: 10_000,
};

/** Fastify's server options for these timeouts, and a problem+json answer on broken framing. */
export function serverOptions(timeouts: ConnectionTimeouts) {
  return {
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    requestTimeout: timeouts.requestMs,
    http: {
      headersTimeout: timeouts.headersMs,
      // Node looks for expired requests this often (30 s by default: too coarse for the above).
      connectionsCheckingInterval: Math.min(1000, timeouts.headersMs),
    } satisfies ServerOptions,
    clientErrorHandler,
  };
}

/** A complete HTTP/1.1 answer carrying a problem document, ending the connection. */
function rawProblem(code: ProblemCode, detail: string, retryAfter?: number): string {
  const status = STATUS_BY_CODE[code];
  const title = STATUS_CODES[status] ?? 'Error';
  const body = JSON.stringify({
    type: 'about:blank',
    title,
    status,
    code,
    detail,
    ...(retryAfter ? { retryAfter } : {}),
  });
  return (
    `HTTP/1.1 ${status} ${title}\r\n` +
    `content-type: ${PROBLEM_CONTENT_TYPE}\r\n` +
    `content-length: ${Buffer.byteLength(body)}\r\n` +
    (retryAfter ? `retry-after: ${retryAfter}\r\n` : '') +
    'connection: close\r\n\r\n' +
    body
  );
}

/**
 * Sends `answer` and closes. The socket keeps being read (and what arrives dropped) until the
 * client closes or `graceMs` pass: closing with unread bytes makes the kernel send a reset,
 * which the client may see before the answer.
 */
function answerAndClose(socket: Socket, answer: string, graceMs = 1000): void {
  socket.on('error', () => {}); // a client gone meanwhile is not our error
  socket.end(answer);
  socket.resume();
  socket.setTimeout(graceMs, () => socket.destroy());
  socket.once('end', () => socket.destroy());
}

interface ConnectionError extends Error {
  code?: string;
}

/** Fastify's `clientErrorHandler`: broken framing, oversized headers, timeouts. */
function clientErrorHandler(error: ConnectionError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // A response already under way cannot be replaced by another one.
  const pending = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (!socket.writable || pending?.headersSent) {
    socket.destroy();
    return;
  }
  switch (error.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      answerAndClose(socket, rawProblem('REQUEST_TIMEOUT', 'the request did not arrive in time'));
      return;
    case 'HPE_HEADER_OVERFLOW':
      answerAndClose(socket, rawProblem('HEADERS_TOO_LARGE', 'the request headers are too large'));
      return;
    default:
      answerAndClose(socket, rawProblem('BAD_REQUEST', `malformed HTTP request (${error.code ?? 'parse error'})`));
  }
}

/** The open-file limit of this process (Linux), or undefined where it cannot be read. */
export function openFileLimit(limits: string | undefined): number | undefined {
  const match = limits && /^Max open files\s+(\d+)/m.exec(limits);
  return match ? Number(match[1]) : undefined;
}

/**
 * The connections one client address may hold: twice its streams and long-polls (each also
 * wants short requests beside it), at most half the cap, so that no address, whatever it sends
 * (slow bodies, refused streams, nothing), holds more than its share and the others always
 * find the rest. 0 streams per address (no stream cap): half the cap.
 */
export function connectionsPerAddress(max: number, streamsPerAddress: number): number {
  const half = Math.max(1, Math.ceil(max / 2));
  return streamsPerAddress > 0 ? Math.min(half, 2 * streamsPerAddress) : half;
}

/**
 * At most `max` connections at once, and `perAddress` from one remote address, counted at the
 * socket whatever it then sends. Beyond either a connection is answered at once (`503`, or
 * `429` for its address) and closed, so a client is told to come back instead of the process
 * running out of file descriptors (then the kernel would reset every new connection, `/health`
 * included). This wraps the server's own `connection` listeners: a connection refused never
 * reaches the HTTP parser.
 *
 * Answering costs a descriptor for a moment. A flood arrives faster than those moments pass
 * (1,100 sockets at once used to leave ~100 of them unanswered), so at most `max / 8` are
 * held for the grace that avoids a reset; beyond, the answer is written and the socket closed
 * at once: a client that sent nothing (every idle attacker) still reads its answer cleanly.
 */
export function limitConnections(server: Server, max: number, perAddress = max): { readonly open: number } {
  let open = 0;
  let answering = 0;
  const byAddress = new Map<string, number>();
  const maxAnswering = Math.max(16, Math.ceil(max / 8));
  const listeners = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');
  const tooMany = rawProblem('TOO_MANY_CONNECTIONS', `this server holds ${max} connections at most: retry later`, 1);
  const tooManyHere = rawProblem(
    'RATE_LIMITED',
    `this server holds ${perAddress} connections from one address at most: close one, or retry later`,
    1,
  );
  const refuse = (socket: Socket, answer: string) => {
    if (answering >= maxAnswering) {
      socket.on('error', () => {});
      socket.end(answer);
      socket.destroy();
      return;
    }
    answering++;
    socket.once('close', () => answering--);
    answerAndClose(socket, answer, 200);
  };
  server.on('connection', (socket: Socket) => {
    if (open >= max) return refuse(socket, tooMany);
    const address = socket.remoteAddress ?? '';
    const mine = byAddress.get(address) ?? 0;
    if (mine >= perAddress) return refuse(socket, tooManyHere);
    open++;
    byAddress.set(address, mine + 1);
    socket.once('close', () => {
      open--;
      const left = byAddress.get(address)! - 1;
      if (left === 0) byAddress.delete(address);
      else byAddress.set(address, left);
    });
    for (const listener of listeners) listener.call(server, socket);
  });
  return {
    get open() {
      return open;
    },
  };
}
