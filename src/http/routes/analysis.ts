/** `GET /games/{id}/analysis` (`service/analysis/analyses.ts`): 200 once stored, 202 with progress while computed. */
import type { FastifyReply } from 'fastify';
import type { Analyses } from '../../service/analysis/analyses.js';
import { limitReads } from '../address-limit.js';
import type { RateLimiter } from '../rate-limit.js';
import { GameIdParams, problems } from '../schemas/common.js';
import { AnalysisRunningResponse } from '../schemas/analysis.js';
import type { App, RouteOptions } from '../types.js';

/** A client asks again after this many seconds while the analysis runs. */
const RETRY_SECONDS = 2;
/** Stored analyses whose answer is kept serialised (least recently asked dropped first). */
const SERIALISED_ANSWERS = 256;

export function analysisRoutes(
  app: App,
  { analyses, schemas, readLimiter }: { analyses: Analyses; readLimiter: RateLimiter } & Pick<RouteOptions, 'schemas'>,
): void {
  const { AnalysisResponse } = schemas;
  // A stored analysis never changes: its answer is read and serialised once, not per request.
  const answers = new Map<string, string>();
  app.get(
    '/games/:id/analysis',
    {
      schema: {
        tags: ['games'],
        summary: "A finished game's analysis: each seat's chance to win after every decision, and the turning points",
        description:
          'Computed once, in the background, at a lower priority than bot turns and hints: the first request starts it, and until ' +
          "it is stored the answer is `202` with its progress and `Retry-After`; the game's stream then ends with an `analysis` event once it is stored. Estimated by the mcts bot from public information only.",
        params: GameIdParams,
        response: {
          200: AnalysisResponse,
          202: { ...AnalysisRunningResponse, description: 'Being computed: ask again after `Retry-After` seconds' },
          ...problems(400, 404, 409, 429, 503),
        },
      },
      onRequest: limitReads(readLimiter),
    },
    async (request, reply) => {
      const id = request.params.id;
      const kept = answers.get(id);
      // The game may have been deleted since (retention): one indexed look says it is still there.
      if (kept !== undefined && (await analyses.stillThere(id))) {
        answers.delete(id);
        answers.set(id, kept);
        return sendSerialised(reply.code(200), kept);
      }
      const view = await analyses.get(id, request.ip);
      if (view.status === 'ready') {
        reply.code(200);
        const answer = reply.serialize({ status: 'ready', ...view.analysis }) as string;
        if (answers.size >= SERIALISED_ANSWERS) answers.delete(answers.keys().next().value!);
        answers.set(id, answer);
        return sendSerialised(reply, answer);
      }
      return reply.code(202).header('retry-after', String(RETRY_SECONDS)).send(view);
    },
  );
}

/** An answer already serialised by the route's own serializer: sent as it is. */
function sendSerialised(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
