/**
 * The lifecycle's routes (`service/lifecycle/game-lifecycle.ts`): joining an open seat, resigning with a
 * seat token, the admin's acts with the admin token, and the lobby. Each act is an entry of the
 * game's log: its answer names the version it reached.
 */
import etag from '@fastify/etag';
import { playerName } from '../player-name.js';
import { limitPerAddress } from '../address-limit.js';
import { nextPage } from '../next-page.js';
import { cursorParts, cursorText, timeKey } from '../list-cursors.js';
import { bearerDigest } from '../token-digest.js';
import { GameIdParams, NOT_MODIFIED, problems } from '../schemas/common.js';
import {
  ActDoneResponse,
  botSpec,
  HandToBotBody,
  JoinBody,
  JoinedResponse,
  LobbyQuery,
  ReissuedResponse,
  ResignedResponse,
  SeatParams,
} from '../schemas/lifecycle.js';
import type { App, RouteOptions } from '../types.js';
import { HttpProblem } from '../problem.js';
import { seatAccount } from '../../service/accounts/accounts.js';
import type { ListCursor } from '../../storage/game-store.js';

const DEFAULT_LOBBY_PAGE = 20;

/** A lobby page ends at its last game: when it was created, and its id. */
const lobbyCursorOf = (text: string): ListCursor => {
  const [createdAt, id] = cursorParts(text, 'the lobby', timeKey);
  return { createdAt, id };
};

const ACT_PROBLEMS = problems(400, 401, 403, 404, 409, 413, 415, 422, 429, 503, 507);
/** The admin's acts that would change a result: refused in a rated game. */
const RESULT_ACT_PROBLEMS = {
  ...ACT_PROBLEMS,
  403: {
    ...ACT_PROBLEMS[403],
    description:
      'Not the admin token (`ADMIN_TOKEN_INVALID`), or the game is rated (`ADMIN_RATED_GAME`): it is played out by its seats',
  },
};

/**
 * The lobby, in a scope of its own: a page of games has no single version to tag, so its ETag is
 * a hash of the page (@fastify/etag, which also answers 304), kept off the game reads that tag
 * by version without hashing.
 */
async function lobbyRoute(
  scope: App,
  { lifecycle, schemas }: { lifecycle: RouteOptions['service']['lifecycle']; schemas: RouteOptions['schemas'] },
): Promise<void> {
  const { LobbyResponse } = schemas;
  await scope.register(etag);
  scope.get(
    '/games',
    {
      schema: {
        tags: ['lobby'],
        summary: 'Public games, newest first, a page at a time',
        description:
          'Only games created with `visibility: "public"`. The `next` link (also in `Link`) holds an opaque cursor. ' +
          'The `ETag` is a hash of the page: `If-None-Match` with it answers `304` while the page is unchanged.',
        querystring: LobbyQuery,
        response: { 200: LobbyResponse, ...NOT_MODIFIED, ...problems(400, 503) },
      },
    },
    async (request, reply) => {
      const { status, after } = request.query;
      const limit = request.query.limit ?? DEFAULT_LOBBY_PAGE;
      const page = await lifecycle.list(status, limit, after === undefined ? undefined : lobbyCursorOf(after));
      if (page.next === undefined) return { games: page.games };
      const next = cursorText(page.next.createdAt, page.next.id);
      return { games: page.games, next: nextPage(reply, '/games', { status, limit, after: next }) };
    },
  );
}

export function lifecycleRoutes(app: App, { service, schemas, addressLimiter, auth }: RouteOptions): void {
  const { lifecycle } = service;

  void app.register(lobbyRoute, { lifecycle, schemas });

  app.post(
    '/games/:id/seats/:seat/join',
    {
      schema: {
        tags: ['seats'],
        summary: 'Claim an open seat: answers its secret token; the first to ask wins',
        description:
          'A seat that is not open (taken, named, a bot) answers 409 `SEAT_NOT_OPEN`. The game starts when its last open seat is joined. ' +
          "With an account's key in `Authorization` and no `name`, the account takes the seat (its name is the seat's, its key acts for it: no token).",
        security: [{}, { accountKey: [] }],
        params: SeatParams,
        body: JoinBody,
        response: { 201: JoinedResponse, ...ACT_PROBLEMS },
      },
      onRequest: limitPerAddress(addressLimiter),
    },
    async (request, reply) => {
      const { id, seat } = request.params;
      const { name } = request.body;
      const account = await auth.optionalAccount(request);
      if (account) {
        if (name !== undefined)
          throw new HttpProblem(
            'BAD_REQUEST',
            "body/name must be absent when an account joins: the account's name is the seat's",
          );
        await service.accounts.checkRoom(account);
        return reply.code(201).send(await lifecycle.join(id, seat, { account: seatAccount(account) }));
      }
      if (name === undefined)
        throw new HttpProblem('BAD_REQUEST', "body must have a name (or send an account's key to join as the account)");
      return reply.code(201).send(await lifecycle.join(id, seat, playerName(name, 'body/name')));
    },
  );

  app.post(
    '/games/:id/seats/:seat/resign',
    {
      schema: {
        tags: ['seats'],
        summary: 'Resign the seat of the bearer token: its score stays, its autopilot (greedy) plays its later turns',
        security: [{ seatToken: [] }, { accountKey: [] }],
        params: SeatParams,
        response: { 200: ResignedResponse, ...ACT_PROBLEMS },
      },
      onRequest: limitPerAddress(addressLimiter),
    },
    async (request) => {
      const { id, seat } = request.params;
      return lifecycle.resign(id, await auth.seat(request), seat);
    },
  );

  app.post(
    '/games/:id/abort',
    {
      schema: {
        tags: ['admin'],
        summary: 'Abort the game (admin token): no move is accepted after',
        description: 'Not in a rated game (`docs/accounts.md`).',
        security: [{ adminToken: [] }],
        params: GameIdParams,
        response: { 200: ActDoneResponse, ...RESULT_ACT_PROBLEMS },
      },
      onRequest: limitPerAddress(addressLimiter),
    },
    async (request) => ({ version: await lifecycle.abort(request.params.id, bearerDigest(request, 'admin token')) }),
  );

  app.post(
    '/games/:id/seats/:seat/token',
    {
      schema: {
        tags: ['admin'],
        summary: "Issue a new token for a player's seat (admin token); the old one is refused at once",
        security: [{ adminToken: [] }],
        params: SeatParams,
        response: { 201: ReissuedResponse, ...ACT_PROBLEMS },
      },
      onRequest: limitPerAddress(addressLimiter),
    },
    async (request, reply) => {
      const { id, seat } = request.params;
      return reply.code(201).send(await lifecycle.reissue(id, bearerDigest(request, 'admin token'), seat));
    },
  );

  app.post(
    '/games/:id/seats/:seat/bot',
    {
      schema: {
        tags: ['admin'],
        summary: "Hand a seat to a bot (admin token): its later turns are the bot's",
        description: 'Not in a rated game (`docs/accounts.md`).',
        security: [{ adminToken: [] }],
        params: SeatParams,
        body: HandToBotBody,
        response: { 200: ActDoneResponse, ...RESULT_ACT_PROBLEMS },
      },
      onRequest: limitPerAddress(addressLimiter),
    },
    async (request) => {
      const { id, seat } = request.params;
      const { bot, level } = request.body;
      const spec = botSpec(bot, level, 'body');
      return { version: await lifecycle.handToBot(id, bearerDigest(request, 'admin token'), seat, spec) };
    },
  );
}
