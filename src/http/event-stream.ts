/**
 * An SSE answer taken over from Fastify (the game's stream and the account's): the reply is
 * hijacked, its headers written with the ones hooks set (CORS, security), and the returned
 * signal aborts when the client goes.
 */
import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';

export function openEventStream(reply: FastifyReply): { raw: ServerResponse; gone: AbortSignal } {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
  });
  const stream = new AbortController();
  raw.once('close', () => stream.abort());
  return { raw, gone: stream.signal };
}
