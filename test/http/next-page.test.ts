/**
 * The next page's URL and Link header, as every paged route writes them (src/http/next-page.ts):
 * parameters in the given order, each a URI component, an undefined one left out.
 */
import type { FastifyReply } from 'fastify';
import t from 'tap';
import { nextPage } from '../../src/http/next-page.js';

function recordingReply(): { reply: FastifyReply; headers: Record<string, string> } {
  const headers: Record<string, string> = {};
  const reply = {
    header(name: string, value: string) {
      headers[name] = value;
      return reply;
    },
  } as unknown as FastifyReply;
  return { reply, headers };
}

t.test('the next page: its URL answered and in a Link header', async (t) => {
  const { reply, headers } = recordingReply();
  const next = nextPage(reply, '/accounts/me/games', { limit: 2, status: undefined, after: '2026-12-07 10:00~a/b c' });
  t.equal(next, '/accounts/me/games?limit=2&after=2026-12-07%2010%3A00~a%2Fb%20c');
  t.same(headers, { link: `<${next}>; rel="next"` });
});

t.test('the next page keeps every defined parameter, in order', async (t) => {
  const { reply } = recordingReply();
  t.equal(
    nextPage(reply, '/games', { status: 'waiting', limit: 50, after: 'WyIx' }),
    '/games?status=waiting&limit=50&after=WyIx',
  );
});
