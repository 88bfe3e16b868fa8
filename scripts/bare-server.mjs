/**
 * The yardstick of the move route's overhead (issue 27, docs/performance.md): a bare Fastify
 * JSON POST route that parses the body and answers 201 with a small JSON object, listening on
 * BARE_PORT. bench:http sends it the very bodies and headers of the planned moves and compares
 * the server CPU each costs. It runs inside the server's own process, preloaded with
 * `node --import <this file> dist/server.js` (the "same process": the server's heap, its
 * garbage collector, its JIT), and, as a second reference, as a process of its own
 * (`node bare-server.mjs`).
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isMainThread } from 'node:worker_threads';

// A preload also runs in the server's worker threads (the WAL checkpointer): the route lives in the main one.
if (isMainThread) {
  // The Fastify of the checkout the process runs from (its working directory), i.e. inside the
  // server the very module instance the server imports, even when it is another checkout's build.
  const require = createRequire(join(process.cwd(), 'package.json'));
  const { default: Fastify } = await import(pathToFileURL(require.resolve('fastify')).href);
  const preloaded = process.argv[1] !== fileURLToPath(import.meta.url);
  // Preloaded, it counts the server's SQLite transactions for bench:http's commits per move:
  // better-sqlite3's `transaction()` is wrapped before the store makes its transactions.
  let transactions = 0;
  if (preloaded) {
    const { prototype } = require('better-sqlite3');
    const transaction = prototype.transaction;
    prototype.transaction = function (fn) {
      return transaction.call(this, function (...args) {
        transactions++;
        return fn.apply(this, args);
      });
    };
  }
  const app = Fastify({ logger: false, bodyLimit: 64 * 1024 });
  app.get('/health', async () => ({ status: 'ok' }));
  app.get('/transactions', async () => ({ transactions }));
  app.post('/games/:id/moves', async (request, reply) => {
    reply.code(201);
    return { version: request.body.expectedVersion + 1, move: request.body.move };
  });
  await app.listen({ port: Number(process.env.BARE_PORT), host: '127.0.0.1' });
  // Preloaded into the server, its listener must not keep the process up once the server has stopped.
  if (preloaded) app.server.unref();
}
