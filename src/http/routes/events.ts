import type { FastifyReply } from 'fastify';
import { notModified, versionTag } from '../etag.js';
import { GameIdParams, NOT_MODIFIED, problems } from '../schemas/common.js';
import { EventsQuery } from '../schemas/events.js';
import { arrayJson, objectWriter } from '../../service/json-pieces.js';
import { sendJson, type App, type RouteOptions } from '../types.js';

/**
 * A long-poll: waits up to `wait` seconds for a move after `after`, no longer than the client
 * stays; refused at once (429, 503) when its address, or the server, holds too many.
 */
export async function waitForMove(
  { service, held }: RouteOptions,
  reply: FastifyReply,
  id: string,
  after: number,
  wait: number,
): Promise<void> {
  if (wait <= 0) return;
  const release = held.hold(reply.request);
  // Stop waiting when the client goes away, so abandoned polls hold nothing.
  const gone = new AbortController();
  const onClose = (): void => gone.abort();
  reply.raw.once('close', onClose);
  try {
    await service.waitForMove(id, after, wait * 1000, gone.signal);
  } finally {
    release();
    reply.raw.off('close', onClose);
  }
}

export function eventRoutes(app: App, routes: RouteOptions): void {
  const { service } = routes;
  const { EventBatch, EventsResponse } = routes.schemas;
  // Each entry's events were written when it was played (`cache/snapshot.ts`); the rest here.
  const batch = objectWriter(EventBatch, { given: ['events'] });
  const answer = objectWriter(EventsResponse, { given: ['created', 'events'] });
  app.get(
    '/games/:id/events',
    {
      schema: {
        tags: ['moves'],
        summary: 'The events of the moves after `after`; long-polls up to `wait` seconds for the next move',
        params: GameIdParams,
        querystring: EventsQuery,
        response: { 200: EventsResponse, ...NOT_MODIFIED, ...problems(400, 404, 429, 503) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const after = request.query.after ?? 0;
      await waitForMove(routes, reply, id, after, request.query.wait ?? 0);
      if (notModified(request, reply, versionTag(id, await service.version(id)))) return reply.code(304).send(null);
      const { version, batches } = await service.eventBatches(id, after);
      const created = request.query.after === undefined ? await service.creationEventsJson(id) : undefined;
      const events = arrayJson(batches.map(({ seq, seat, events }) => batch({ seq, seat }, { events })));
      sendJson(reply, 200, answer({ version }, { created, events }));
      return reply;
    },
  );
}
