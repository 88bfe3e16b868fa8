/** Raw sockets for what an HTTP client library will not send: broken framing, trickled bytes. */
import { connect, type Socket } from 'node:net';

export interface RawAnswer {
  /** Everything the server sent before closing. */
  text: string;
  /** The status of the answer's status line, if any. */
  status: number | undefined;
  headers: Record<string, string>;
  /** The parsed body, if it was JSON. */
  body: any;
  /** The socket error seen, if any (a reset is `ECONNRESET`). */
  error: string | undefined;
  /** Milliseconds from connecting to the close. */
  closedAfterMs: number;
}

export function parseAnswer(text: string): Pick<RawAnswer, 'status' | 'headers' | 'body'> {
  const [head = '', body = ''] = text.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    parsed = undefined;
  }
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1]) || undefined, headers, body: parsed };
}

/**
 * Connects, calls `send` with the socket once connected, and resolves with what the server
 * answered when the connection closes (or `giveUpMs` passes: then the socket is destroyed).
 */
export function rawExchange(url: string, send: (socket: Socket) => void, giveUpMs = 30_000): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    let error: string | undefined;
    const timer = setTimeout(() => socket.destroy(), giveUpMs);
    socket.on('connect', () => send(socket));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (e: NodeJS.ErrnoException) => (error = e.code ?? e.message));
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('utf8');
      resolve({ text, ...parseAnswer(text), error, closedAfterMs: Date.now() - started });
    });
  });
}

/** Writes `piece` every `everyMs` until the socket closes. */
export function trickle(socket: Socket, piece: string, everyMs: number): void {
  const timer = setInterval(() => {
    if (socket.writable) socket.write(piece);
  }, everyMs);
  socket.once('close', () => clearInterval(timer));
}
