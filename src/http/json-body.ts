import { isUtf8 } from 'node:buffer';
import type { FastifyInstance } from 'fastify';
import { HttpProblem } from './problem.js';

/**
 * Bodies are JSON in UTF-8 and nothing else. Invalid UTF-8 is refused (400) instead of being
 * decoded with replacement characters — a name would silently change — and text/plain is not
 * accepted as a body (415), so every body a route sees went through the JSON parser.
 */
export function registerJsonBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body: Buffer, done) => {
    if (!isUtf8(body)) {
      done(new HttpProblem('BAD_REQUEST', 'the body is not valid UTF-8'), undefined);
      return;
    }
    // The default parser answers through `done`, synchronously; it returns no promise to wait for.
    void parseJson(request, body.toString('utf8'), done);
  });
}
