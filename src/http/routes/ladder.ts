/**
 * The bot ladder's routes (`service/ladder/ladder.ts`, `docs/ladder.md`): a bot account joins and
 * leaves it; anyone reads its page and the sequential test between two of its bots.
 */
import { problems } from '../schemas/common.js';
import { JoinLadderBody, LadderEntryResponse, LadderResponse, SprtQuery, SprtResponse } from '../schemas/ladder.js';
import { HttpProblem } from '../problem.js';
import { pairResult } from '../../service/ladder/pair-result.js';
import { DEFAULT_SPRT } from '../../service/ladder/sprt.js';
import type { LadderEntry } from '../../storage/ladder.js';
import type { App, RouteOptions } from '../types.js';

const KEYED = { security: [{ accountKey: [] }], tags: ['ladder'] };

const entryView = ({ name, maxGames, joinedAt }: LadderEntry) => ({ name, maxGames, joinedAt });

export function ladderRoutes(app: App, { service, auth }: RouteOptions): void {
  const { ladder, accounts } = service;

  app.put(
    '/accounts/me/ladder',
    {
      schema: {
        ...KEYED,
        summary: 'Put the bot account on the ladder (or change its games at once): it is matched from now on',
        description: 'A player account is refused (`403 LADDER_BOTS_ONLY`).',
        body: JoinLadderBody,
        response: { 200: LadderEntryResponse, ...problems(400, 401, 403, 413, 415, 429, 503, 507) },
      },
    },
    async (request) => entryView(await ladder.join(await auth.account(request), request.body.maxGames)),
  );

  app.get(
    '/accounts/me/ladder',
    {
      schema: {
        ...KEYED,
        summary: "The account's place on the ladder",
        response: { 200: LadderEntryResponse, ...problems(401, 404, 429, 503) },
      },
    },
    async (request) => entryView(await ladder.entry(await auth.account(request))),
  );

  app.delete(
    '/accounts/me/ladder',
    {
      schema: {
        ...KEYED,
        summary: 'Take the account off the ladder: no new match; those being played go on and count',
        response: { 204: { description: 'Off the ladder', type: 'null' }, ...problems(401, 404, 429, 503, 507) },
      },
    },
    async (request, reply) => {
      await ladder.leave(await auth.account(request));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/ladder',
    {
      schema: {
        tags: ['ladder'],
        summary: 'The ladder: its bots with their ratings and records, and the latest duplicate pairs',
        response: { 200: LadderResponse, ...problems(429, 503) },
      },
    },
    async () => {
      const { bots, results } = await ladder.view();
      return {
        bots,
        results: results.map(({ outcome, ...r }) => ({
          ...r,
          points: outcome.points,
          halves: outcome.halves,
          result: pairResult(outcome.halves),
        })),
      };
    },
  );

  app.get(
    '/ladder/sprt',
    {
      schema: {
        tags: ['ladder'],
        summary: 'Is bot a stronger than bot b? The sequential probability ratio test on their duplicate pairs',
        querystring: SprtQuery,
        response: { 200: SprtResponse, ...problems(400, 404, 429, 503) },
      },
    },
    async (request) => {
      const { a, b, ...asked } = request.query;
      const parameters = { ...DEFAULT_SPRT, ...asked };
      if (parameters.elo1 <= parameters.elo0)
        throw new HttpProblem('BAD_REQUEST', 'query/elo1 must be above query/elo0');
      const [first, second] = await Promise.all([accounts.byName(a), accounts.byName(b)]);
      const { verdict, llr, lower, upper, pairs, counts } = await ladder.sprt(first, second, parameters);
      return { a: first.name, b: second.name, parameters, counts: [...counts], pairs, llr, lower, upper, verdict };
    },
  );
}
