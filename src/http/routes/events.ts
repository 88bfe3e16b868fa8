import { GameIdParams, problems } from '../schemas/common.js';
import { EventsQuery, EventsResponse } from '../schemas/events.js';
import { sendJson, type App, type RouteOptions } from '../types.js';

export function eventRoutes(app: App, { service }: RouteOptions): void {
  app.get(
    '/games/:id/events',
    {
      schema: {
        tags: ['moves'],
        summary: 'The events of the moves after `after`; long-polls up to `wait` seconds for the next move',
        params: GameIdParams,
        querystring: EventsQuery,
        response: { 200: EventsResponse, ...problems(400, 404, 503) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const after = request.query.after ?? 0;
      const wait = request.query.wait ?? 0;
      if (wait > 0) {
        // Stop waiting when the client goes away, so abandoned polls hold nothing.
        const gone = new AbortController();
        const onClose = (): void => gone.abort();
        reply.raw.once('close', onClose);
        try {
          await service.waitForMove(id, after, wait * 1000, gone.signal);
        } finally {
          reply.raw.off('close', onClose);
        }
      }
      // Pre-serialised: the log keeps each move's events as JSON.
      sendJson(reply, 200, await service.eventsJson(id, after));
      return reply;
    },
  );
}
