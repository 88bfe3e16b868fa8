/**
 * The reference web client under `/play`: the static files `npm run build` writes to
 * dist/play (web/build.mjs). A handful of flat files, so a name check and a read serve them;
 * no directory listing, no path with a slash. Seat tokens travel in the page's fragment,
 * which browsers never send, so no request here carries one.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { FastifyReply } from 'fastify';
import { fileURLToPath } from 'node:url';
import { sendProblem } from '../problem.js';
import type { App } from '../types.js';

const TYPES: Readonly<Record<string, string>> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  map: 'application/json; charset=utf-8',
};

const FILE = /^[a-z0-9-]+\.(html|js|css|map)$/;

/** dist/play beside the compiled routes; from the sources (tests through tsx) the built copy. */
function playDir(): string {
  const besideDist = fileURLToPath(new URL('../../play/', import.meta.url));
  return existsSync(besideDist) ? besideDist : fileURLToPath(new URL('../../../dist/play/', import.meta.url));
}

export function playRoutes(app: App): void {
  const dir = playDir();
  const serve = async (name: string, reply: FastifyReply) => {
    const match = FILE.exec(name);
    if (!match) return sendProblem(reply, 'ROUTE_NOT_FOUND', 'No such file of the web client');
    let body: Buffer;
    try {
      body = await readFile(dir + name);
    } catch {
      return sendProblem(reply, 'ROUTE_NOT_FOUND', 'No such file of the web client (is it built? `npm run build`)');
    }
    return reply.type(TYPES[match[1]]).header('cache-control', 'no-cache').send(body);
  };
  app.get('/play', { schema: { hide: true } }, (_request, reply) => reply.redirect('/play/'));
  app.get('/play/', { schema: { hide: true } }, (_request, reply) => serve('index.html', reply));
  app.get<{ Params: { file: string } }>('/play/:file', { schema: { hide: true } }, (request, reply) =>
    serve(request.params.file, reply),
  );
}
