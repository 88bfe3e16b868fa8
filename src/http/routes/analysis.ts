/** `GET /games/{id}/analysis` (`service/analysis/analyses.ts`): 200 once stored, 202 with progress while computed. */
import type { Analyses } from '../../service/analysis/analyses.js';
import { GameIdParams, problems } from '../schemas/common.js';
import { AnalysisResponse, AnalysisRunningResponse } from '../schemas/analysis.js';
import type { App } from '../types.js';

/** A client asks again after this many seconds while the analysis runs. */
const RETRY_SECONDS = 2;

export function analysisRoutes(app: App, { analyses }: { analyses: Analyses }): void {
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
    },
    async (request, reply) => {
      const view = await analyses.get(request.params.id, request.ip);
      if (view.status === 'ready') return reply.code(200).send({ status: 'ready', ...view.analysis });
      return reply.code(202).header('retry-after', String(RETRY_SECONDS)).send(view);
    },
  );
}
