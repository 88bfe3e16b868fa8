/**
 * The next page of a paged list (the move log, the lobby, the leaderboard, an account's games):
 * its URL, answered as `next` and in a `Link: <…>; rel="next"` header (docs/api.md), written
 * one way for every route. Each parameter is encoded as a URI component; an undefined one is
 * left out.
 */
import type { FastifyReply } from 'fastify';

export function nextPage(
  reply: FastifyReply,
  path: string,
  query: Readonly<Record<string, string | number | undefined>>,
): string {
  const params = Object.entries(query)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`);
  const next = `${path}?${params.join('&')}`;
  reply.header('link', `<${next}>; rel="next"`);
  return next;
}
