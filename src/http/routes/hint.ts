import type { Hints } from '../../service/hints.js';
import { limitPerAddress } from '../address-limit.js';
import { HttpProblem } from '../problem.js';
import { limitPerToken, type RateLimiter } from '../rate-limit.js';
import { GameIdParams, problems } from '../schemas/common.js';
import { HintHeaders, HintResponse } from '../schemas/hint.js';
import { requestTokenDigest } from '../token-digest.js';
import type { App, RouteOptions } from '../types.js';

const errors = problems(400, 401, 403, 404, 409, 422, 429, 503);
errors[409] = { ...errors[409], description: 'It is not this seat\'s turn (`HINT_NOT_YOUR_TURN`; `currentVersion` says which version was looked at)' };
errors[422] = { ...errors[422], description: 'The game is over (`GAME_FINISHED`)' };
errors[429] = {
  ...errors[429],
  description: 'A hint for this seat is still being computed (`HINT_IN_PROGRESS`), or too many requests with this token (`RATE_LIMITED`): wait the `Retry-After` seconds',
};
errors[503] = {
  ...errors[503],
  description: 'No bot worker can take the search now (`BOTS_UNAVAILABLE`: the queue is full), the server is shutting down, or the database is busy or unavailable; with `Retry-After`',
};

export function hintRoutes(app: App, { hints, rateLimiter, addressLimiter }: Pick<RouteOptions, 'addressLimiter'> & { hints: Hints; rateLimiter: RateLimiter }): void {
  app.get(
    '/games/:id/hint',
    {
      schema: {
        tags: ['games'],
        summary: 'The move the mcts bot would play for the seat of the bearer token now, and its estimated win rate',
        description:
          'Searched in a worker thread with the server\'s hint budget (`HINT_MS`), on what the seat can see: the bot never knows the hidden pile order. ' +
          'Only the seat that must act gets a hint; one hint at a time per seat.',
        security: [{ seatToken: [] }],
        params: GameIdParams,
        headers: HintHeaders,
        response: { 200: HintResponse, ...errors },
      },
      onRequest: [limitPerToken(rateLimiter), limitPerAddress(addressLimiter, { tokenless: true })],
    },
    async (request) => {
      if (request.headers.authorization === undefined) throw new HttpProblem('TOKEN_MISSING', 'send the seat token as Authorization: Bearer <token>');
      const digest = requestTokenDigest(request);
      if (digest === null) throw new HttpProblem('TOKEN_MALFORMED', 'the Authorization header is not a well-formed seat token');
      return hints.hint(request.params.id, digest);
    },
  );
}
