/** Reads a Server-Sent Events stream over real HTTP, message by message. */
import { get, type IncomingMessage } from 'node:http';

export interface SseMessage {
  id?: string;
  event?: string;
  data?: any;
  /** Comment lines (keep-alives), without their colon. */
  comment?: string;
}

export interface SseReader {
  response: IncomingMessage;
  /** The reconnection delay the server asked for (`retry:`), once it came. */
  retry?: number;
  /** The next message (comments included when `comments`); rejects after `ms`. */
  next(ms?: number): Promise<SseMessage>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  close(): void;
}

/** `localAddress`: the loopback address to connect from (127.0.0.2...), so a test can be several clients. */
export function openStream(
  url: string,
  headers: Record<string, string> = {},
  comments = false,
  localAddress?: string,
): Promise<SseReader> {
  return new Promise((resolve, reject) => {
    const control: { retry?: number } = {};
    const request = get(
      url,
      { headers: { accept: 'text/event-stream', ...headers }, localAddress, agent: false },
      (response) => {
        response.setEncoding('utf8');
        const queue: SseMessage[] = [];
        let waiting: ((m: SseMessage) => void) | undefined;
        let buffer = '';
        const push = (m: SseMessage): void => {
          if (m.comment !== undefined && !comments) return;
          if (waiting) {
            const w = waiting;
            waiting = undefined;
            w(m);
          } else queue.push(m);
        };
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const message: SseMessage = {};
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) message.comment = line.slice(1).trim();
              else {
                const i = line.indexOf(':');
                const field = line.slice(0, i);
                const value = line.slice(i + 1).trimStart();
                if (field === 'data') message.data = JSON.parse(value);
                else if (field === 'id' || field === 'event') message[field] = value;
                else if (field === 'retry') control.retry = Number(value);
              }
            }
            // A block of only `retry:` dispatches nothing (as in an EventSource).
            if (message.data !== undefined || message.comment !== undefined) push(message);
          }
        });
        const ended = new Promise<void>((done) => response.once('end', done));
        resolve({
          response,
          get retry() {
            return control.retry;
          },
          ended,
          close: () => request.destroy(),
          // The bound only ends a test that would hang: a loaded machine is slow to a message,
          // and no test waits for one not to come.
          next: (ms = 60_000) =>
            queue.length > 0
              ? Promise.resolve(queue.shift()!)
              : new Promise((ok, fail) => {
                  const timer = setTimeout(() => fail(new Error(`no message within ${ms} ms`)), ms);
                  waiting = (m) => {
                    clearTimeout(timer);
                    ok(m);
                  };
                }),
        });
      },
    );
    request.on('error', reject);
  });
}
