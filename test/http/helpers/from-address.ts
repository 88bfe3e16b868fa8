/**
 * Requests from a chosen loopback address (127.0.0.2, 127.0.0.3...), each on a socket of its
 * own: a test (or the abuse soak) can be several clients, an attacker and its victims.
 */
import { request } from 'node:http';

export interface AddressAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The parsed JSON body, if it was JSON. */
  body: any;
  /** Milliseconds from sending to the whole answer. */
  ms: number;
}

export function fromAddress(base: string, localAddress: string) {
  const send = (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<AddressAnswer> =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = request(
        `${base}${path}`,
        {
          method,
          localAddress,
          agent: false,
          headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...headers },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (text += c));
          res.on('end', () => {
            let parsed: unknown;
            try {
              parsed = JSON.parse(text);
            } catch {
              parsed = undefined;
            }
            resolve({ status: res.statusCode!, headers: res.headers, body: parsed, ms: performance.now() - started });
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  return {
    get: (path: string, headers?: Record<string, string>) => send('GET', path, undefined, headers),
    post: (path: string, body: unknown, headers?: Record<string, string>) => send('POST', path, body, headers),
  };
}
