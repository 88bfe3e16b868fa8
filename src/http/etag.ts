/**
 * ETags of the game reads: a game's answers change only when its version does, so the tag is
 * the game id and version, with no hashing of bodies. It is read before the body is built, so a
 * tag may name an older version than its body (a move landed in between), never a newer one:
 * a later `If-None-Match` with it then answers 200 again, never a wrong 304.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

export function versionTag(id: string, version: number, variant = ''): string {
  return `W/"${encodeURIComponent(id)}.${version}${variant}"`;
}

/** Sets the ETag; true when the request's `If-None-Match` names it (answer 304, no body). */
export function notModified(request: FastifyRequest, reply: FastifyReply, tag: string): boolean {
  reply.header('etag', tag);
  const header = request.headers['if-none-match'];
  if (header === undefined) return false;
  // Weak comparison (RFC 9110): W/ prefixes do not matter.
  const bare = tag.replace(/^W\//, '');
  return header.trim() === '*' || header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === bare);
}
