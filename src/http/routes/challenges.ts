/**
 * Challenges (`service/accounts/challenges.ts`, `docs/accounts.md`): make one, read it, accept,
 * decline, cancel; an account's open challenges; a bot account's accept policy.
 */
import { HttpProblem } from '../problem.js';
import { problems } from '../schemas/common.js';
import { ChallengeParams, DeclineBody } from '../schemas/challenges.js';
import type { App, RouteOptions } from '../types.js';

const KEYED = { security: [{ accountKey: [] }], tags: ['accounts'] };
const CHANGE_PROBLEMS = problems(400, 401, 403, 404, 409, 429, 503, 507);

export function challengeRoutes(app: App, { service, schemas, auth }: RouteOptions): void {
  const { challenges } = service;
  const { AcceptPolicySchema, ChallengeResponse, ChallengesResponse, CreateChallengeBody, PolicyResponse } = schemas;

  app.post(
    '/challenges',
    {
      schema: {
        ...KEYED,
        summary: 'Challenge accounts to a game with these options; it starts when every one accepted',
        description:
          "The options are the creation's (`expansions`, `rules`, `clock`, `rated`). A challenged bot with an accept policy answers at once; " +
          'a bot whose table of games is full declines by itself.',
        body: CreateChallengeBody,
        response: { 201: ChallengeResponse, ...problems(400, 401, 404, 409, 413, 415, 422, 429, 503, 507) },
      },
    },
    async (request, reply) => {
      const { accounts, ...options } = request.body;
      const challenger = await auth.account(request);
      return reply.code(201).send(await challenges.create(challenger, accounts, options));
    },
  );

  app.get(
    '/challenges/:id',
    {
      schema: {
        ...KEYED,
        summary: 'A challenge the account is part of',
        params: ChallengeParams,
        response: { 200: ChallengeResponse, ...problems(400, 401, 403, 404, 429, 503) },
      },
    },
    async (request) => challenges.view(await auth.account(request), request.params.id),
  );

  app.post(
    '/challenges/:id/accept',
    {
      schema: {
        ...KEYED,
        summary: 'Accept a challenge; the last acceptance starts the game (`gameId`)',
        params: ChallengeParams,
        response: { 200: ChallengeResponse, ...CHANGE_PROBLEMS },
      },
    },
    async (request) => challenges.accept(await auth.account(request), request.params.id),
  );

  app.post(
    '/challenges/:id/decline',
    {
      schema: {
        ...KEYED,
        summary: 'Decline a challenge: it is over, and the others are told',
        params: ChallengeParams,
        body: DeclineBody,
        response: { 200: ChallengeResponse, ...CHANGE_PROBLEMS },
      },
    },
    async (request) => challenges.decline(await auth.account(request), request.params.id, request.body?.reason),
  );

  app.delete(
    '/challenges/:id',
    {
      schema: {
        ...KEYED,
        summary: 'Cancel your challenge: the challenged are told',
        params: ChallengeParams,
        response: { 200: ChallengeResponse, ...CHANGE_PROBLEMS },
      },
    },
    async (request) => challenges.cancel(await auth.account(request), request.params.id),
  );

  app.get(
    '/accounts/me/challenges',
    {
      schema: {
        ...KEYED,
        summary: "The account's open challenges, made or received, newest first",
        response: { 200: ChallengesResponse, ...problems(401, 429, 503) },
      },
    },
    async (request) => ({ challenges: await challenges.list(await auth.account(request)) }),
  );

  app.get(
    '/accounts/me/policy',
    {
      schema: {
        ...KEYED,
        summary: "The bot account's accept policy (null: it answers challenges itself)",
        response: { 200: PolicyResponse, ...problems(401, 429, 503) },
      },
    },
    async (request) => ({ policy: (await service.accounts.policy(await auth.account(request))) as never }),
  );

  app.put(
    '/accounts/me/policy',
    {
      schema: {
        ...KEYED,
        summary: "Set the bot account's accept policy: challenges it fits are accepted at once, others declined",
        body: AcceptPolicySchema,
        response: { 200: PolicyResponse, ...problems(400, 401, 413, 415, 429, 503, 507) },
      },
    },
    async (request) => {
      const account = await auth.account(request);
      if (account.kind !== 'bot') throw new HttpProblem('BAD_REQUEST', 'only a bot account has an accept policy');
      const { minPlayers, maxPlayers } = request.body;
      if (minPlayers !== undefined && maxPlayers !== undefined && minPlayers > maxPlayers)
        throw new HttpProblem('BAD_REQUEST', 'body/minPlayers must not be above body/maxPlayers');
      await service.accounts.setPolicy(account, request.body);
      return { policy: request.body };
    },
  );
}
