/**
 * The yardstick of the move route's overhead (issue 27, docs/performance.md): a bare Fastify
 * JSON POST route on the same Fastify, in a process of its own like the server's, that parses
 * the body and answers 201 with a small JSON object. bench:http sends it the very bodies and
 * headers of the planned moves and compares the server CPU each costs.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false, bodyLimit: 64 * 1024 });
app.get('/health', async () => ({ status: 'ok' }));
app.post('/games/:id/moves', async (request, reply) => {
  reply.code(201);
  return { version: request.body.expectedVersion + 1, move: request.body.move };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
