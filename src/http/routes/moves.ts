import type { FastifyRequest } from 'fastify';
import { limitPerAddress, limitReads } from '../address-limit.js';
import { nextPage } from '../next-page.js';
import { HttpProblem } from '../problem.js';
import { limitPerToken, type RateLimiter } from '../rate-limit.js';
import { requestTokenDigest } from '../token-digest.js';
import { notModified, versionTag } from '../etag.js';
import { GameIdParams, NOT_MODIFIED, problems } from '../schemas/common.js';
import { DEFAULT_LOG_PAGE, IdempotencyHeaders, MoveLogQuery } from '../schemas/moves.js';
import { objectWriter } from '../../service/json-pieces.js';
import { sendJson, type App, type RouteOptions } from '../types.js';

/** The seat token's digest: 401 without a well-formed one. */
function tokenDigestOf(request: FastifyRequest): Buffer {
  if (request.headers.authorization === undefined)
    throw new HttpProblem('TOKEN_MISSING', 'send the seat token as Authorization: Bearer <token>');
  const digest = requestTokenDigest(request);
  if (digest === null)
    throw new HttpProblem('TOKEN_MALFORMED', 'the Authorization header is not a well-formed seat token');
  return digest;
}

/** Whether a `Prefer` header (RFC 7240) asks for `return=minimal`; other preferences are ignored. */
export function prefersMinimal(header: string | undefined): boolean {
  if (header === undefined) return false;
  return header.split(',').some((preference) => /^\s*return\s*=\s*"?minimal"?\s*(;|$)/i.test(preference));
}

export function moveRoutes(
  app: App,
  {
    service,
    schemas,
    rateLimiter,
    readLimiter,
    addressLimiter,
    auth,
  }: RouteOptions & { rateLimiter: RateLimiter; readLimiter: RateLimiter },
): void {
  const { MoveAcceptedMinimalResponse, MoveAcceptedResponse, MoveAnswerResponse, MoveLog, MoveSubmissionBody } =
    schemas;
  // The answer's pieces (the events and the state) were written by the service; the rest here.
  const accepted = objectWriter(MoveAcceptedResponse, { given: ['events', 'state'] });
  const acceptedMinimal = objectWriter(MoveAcceptedMinimalResponse, { given: ['events'] });
  app.decorateRequest('seatTokenDigest', null);
  app.post(
    '/games/:id/moves',
    {
      schema: {
        tags: ['moves'],
        summary: 'Submit one move for the seat of the bearer token',
        description:
          'Only the seat that must act (the `actor` of legal-moves) may move. `expectedVersion` must be the current version ' +
          '(else 409 with `currentVersion`). With an `Idempotency-Key`, a retried submission answers the original response. ' +
          'Requests are limited per token, and those without a well-formed token per client address (429 with `Retry-After` beyond the limit). `Prefer: return=minimal` leaves ' +
          '`state` out of the answer (and the answer says `Preference-Applied: return=minimal`).',
        security: [{ seatToken: [] }, { accountKey: [] }],
        params: GameIdParams,
        headers: IdempotencyHeaders,
        body: MoveSubmissionBody,
        response: { 201: MoveAnswerResponse, ...problems(400, 401, 403, 404, 409, 413, 415, 422, 429, 503, 507) },
      },
      onRequest: [limitPerToken(rateLimiter), limitPerAddress(addressLimiter, { tokenless: true })],
    },
    async (request, reply) => {
      // A seat token's digest (no query), or the account of an account key (one lookup).
      const digest = auth.hasKey(request) ? await auth.seat(request) : tokenDigestOf(request);
      const key = request.headers['idempotency-key'];
      const minimal = prefersMinimal(request.headers.prefer);
      const { replayed, version, events, state } = await service.submit(
        request.params.id,
        digest,
        request.body,
        key,
        minimal,
      );
      if (replayed) reply.header('idempotent-replayed', 'true');
      if (minimal) reply.header('preference-applied', 'return=minimal');
      sendJson(
        reply,
        201,
        state === undefined ? acceptedMinimal({ version }, { events }) : accepted({ version }, { events, state }),
      );
      return reply;
    },
  );

  app.get(
    '/games/:id/moves',
    {
      schema: {
        tags: ['moves'],
        summary: 'The move log, in order, a page at a time',
        params: GameIdParams,
        querystring: MoveLogQuery,
        response: { 200: MoveLog, ...NOT_MODIFIED, ...problems(400, 404, 429, 503) },
      },
      onRequest: limitReads(readLimiter),
    },
    async (request, reply) => {
      const { id } = request.params;
      const after = request.query.after ?? 0;
      const limit = request.query.limit ?? DEFAULT_LOG_PAGE;
      if (notModified(request, reply, versionTag(id, await service.version(id)))) return reply.code(304).send(null);
      const moves = await service.movesPage(id, after, limit);
      if (moves.length < limit) return { moves };
      const path = `/games/${encodeURIComponent(id)}/moves`;
      return { moves, next: nextPage(reply, path, { after: moves.at(-1)!.seq, limit }) };
    },
  );
}
