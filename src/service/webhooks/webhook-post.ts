/**
 * One attempt to deliver: a POST that follows no redirect, gives up after short connect and
 * response timeouts, reads at most `MAX_ANSWER_BYTES` of the answer, and connects only to an
 * address the URL policy allows (checked again at every send: DNS can change since the
 * subscription).
 */
import http from 'node:http';
import https from 'node:https';
import { checkAddressLiteral, guardedLookup, parseWebhookUrl, type WebhookUrlPolicy } from './webhook-url.js';

/** The receiver's answer is only logged: a few KB say enough. */
export const MAX_ANSWER_BYTES = 4096;

export interface PostTimeouts {
  connectMs: number;
  /** From the start of the attempt to the end of the answer's headers. */
  responseMs: number;
}

export interface PostOutcome {
  ok: boolean;
  status: number | null;
  error: string | null;
}

export function postDelivery(
  rawUrl: string,
  body: string,
  headers: Record<string, string>,
  policy: WebhookUrlPolicy,
  timeouts: PostTimeouts,
): Promise<PostOutcome> {
  let url: URL;
  try {
    url = parseWebhookUrl(rawUrl, policy);
    checkAddressLiteral(url, policy);
  } catch (error) {
    return Promise.resolve({ ok: false, status: null, error: (error as Error).message });
  }
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const done = (outcome: PostOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(responseTimer);
      request.destroy();
      resolve(outcome);
    };
    const request = transport.request(url, {
      method: 'POST',
      headers: {
        ...headers,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'user-agent': 'carcassonne-api-webhooks',
      },
      lookup: guardedLookup(url, policy) as never,
      agent: false,
    });
    const responseTimer = setTimeout(
      () => done({ ok: false, status: null, error: `no answer within ${timeouts.responseMs} ms` }),
      timeouts.responseMs,
    );
    request.on('socket', (socket) => {
      if (!socket.connecting) return;
      const connectTimer = setTimeout(
        () => done({ ok: false, status: null, error: `no connection within ${timeouts.connectMs} ms` }),
        timeouts.connectMs,
      );
      socket.once('connect', () => clearTimeout(connectTimer));
      socket.once('close', () => clearTimeout(connectTimer));
    });
    request.on('error', (error: NodeJS.ErrnoException) =>
      done({ ok: false, status: null, error: error.message || error.code || 'connection failed' }),
    );
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      let read = 0;
      // Read (a few KB at most) and dropped: the answer's status is what counts.
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read >= MAX_ANSWER_BYTES) finish();
      });
      response.on('end', () => finish());
      response.on('error', () => finish());
      const finish = () =>
        done({
          ok: status >= 200 && status < 300,
          status,
          error:
            status >= 200 && status < 300
              ? null
              : `the receiver answered ${status}${status >= 300 && status < 400 ? ' (redirects are not followed)' : ''}`,
        });
    });
    request.end(body);
  });
}
