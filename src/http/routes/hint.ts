import type { Hints } from '../../service/bots/hints.js';
import { limitPerAddress } from '../address-limit.js';
import { HttpProblem } from '../problem.js';
import { limitPerToken, type RateLimiter } from '../rate-limit.js';
import { GameIdParams, problems } from '../schemas/common.js';
import { HintHeaders } from '../schemas/hint.js';
import { requestTokenDigest } from '../token-digest.js';
import type { App, RouteOptions } from '../types.js';

const errors = problems(400, 401, 403, 404, 409, 422, 429, 503);
errors[403] = {
  ...errors[403],
  description:
    "The token is of another game (`NOT_YOUR_GAME`), or the game is rated (`HINT_RATED_GAME`): its moves are its players' own",
};
errors[409] = {
  ...errors[409],
  description: "It is not this seat's turn (`HINT_NOT_YOUR_TURN`; `currentVersion` says which version was looked at)",
};
errors[422] = { ...errors[422], description: 'The game is over (`GAME_FINISHED`)' };
errors[429] = {
  ...errors[429],
  description:
    'A hint for this seat is still being computed (`HINT_IN_PROGRESS`), or too many requests or hints with this token or from this address (`RATE_LIMITED`): wait the `Retry-After` seconds',
};
errors[503] = {
  ...errors[503],
  description:
    'No bot worker can take the search now (`BOTS_UNAVAILABLE`: the hints being searched and waiting, or the queue, are full), the server is shutting down, or the database is busy or unavailable; with `Retry-After`',
};

/** `HINTS_PER_MINUTE` and `HINT_BURST`: each address, and each token, may ask this many hints. */
export const DEFAULT_HINT_BUDGET = { perMinute: 30, burst: 10 } as const;

export interface HintBudgets {
  /** Hints per client address, and per seat token (each its own bucket). */
  perAddress: RateLimiter;
  perToken: RateLimiter;
}

/** Takes one hint from `limiter`'s bucket for `key`, or refuses with a 429 saying whose budget is spent. */
function charge(limiter: RateLimiter, key: string, whose: string): void {
  const retryAfter = limiter.take(key);
  if (retryAfter > 0)
    throw new HttpProblem('RATE_LIMITED', `too many hints for ${whose}: retry after ${retryAfter} s`, { retryAfter });
}

export function hintRoutes(
  app: App,
  {
    schemas,
    hints,
    rateLimiter,
    addressLimiter,
    hintBudgets,
    auth,
  }: Pick<RouteOptions, 'addressLimiter' | 'auth' | 'schemas'> & {
    hints: Hints;
    rateLimiter: RateLimiter;
    hintBudgets: HintBudgets;
  },
): void {
  const { HintResponse } = schemas;
  app.get(
    '/games/:id/hint',
    {
      schema: {
        tags: ['games'],
        summary: 'The move the mcts bot would play for the seat of the bearer token now, and its estimated win rate',
        description:
          "Searched in a worker thread with the server's hint budget (`HINT_MS`), on what the seat can see: the bot never knows the hidden pile order. " +
          'Only the seat that must act gets a hint; one hint at a time per seat. Hints are budgeted per client address and per token ' +
          '(`HINTS_PER_MINUTE`; 429 beyond), and only a few are searched or wait at once on the whole server (`HINTS_AT_ONCE`, `HINT_QUEUE`; ' +
          'beyond, 503 `BOTS_UNAVAILABLE` at once), both with `Retry-After`.',
        security: [{ seatToken: [] }, { accountKey: [] }],
        params: GameIdParams,
        headers: HintHeaders,
        response: { 200: HintResponse, ...errors },
      },
      onRequest: [limitPerToken(rateLimiter), limitPerAddress(addressLimiter, { tokenless: true })],
    },
    async (request) => {
      if (request.headers.authorization === undefined)
        throw new HttpProblem('TOKEN_MISSING', 'send the seat token as Authorization: Bearer <token>');
      const digest = requestTokenDigest(request);
      if (digest === null)
        throw new HttpProblem('TOKEN_MALFORMED', 'the Authorization header is not a well-formed seat token');
      charge(hintBudgets.perToken, digest.toString('latin1'), 'this token');
      charge(hintBudgets.perAddress, request.ip, 'this address');
      return hints.hint(request.params.id, await auth.seat(request), request.ip);
    },
  );
}
