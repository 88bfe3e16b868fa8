import { limitPerAddress } from '../address-limit.js';
import { notModified, versionTag } from '../etag.js';
import { HttpProblem } from '../problem.js';
import { Type } from 'typebox';
import { GameIdParams, IMMUTABLE, NOT_MODIFIED, problems, VersionQuery } from '../schemas/common.js';
import { clockOf, seatRequestOf } from '../schemas/lifecycle.js';
import { LegalMovesQuery } from '../schemas/events.js';
import { waitForMove } from './events.js';
import { sendJson, type App, type RouteOptions } from '../types.js';

export function gameRoutes(app: App, routes: RouteOptions): void {
  const { service, addressLimiter, auth } = routes;
  const { CreateGameBody, CreatedGameResponse, GameStateSchema, LegalMovesResponse } = routes.schemas;
  app.post(
    '/games',
    {
      schema: {
        tags: ['games'],
        summary: 'Create a game; answers one secret token per seat',
        description:
          'Games are created within a budget per client address (429 with `Retry-After` beyond it). ' +
          'A seat with an `account` member (a name) is your own account, with its key in `Authorization` (others are challenged); ' +
          '`rated: true` needs every seat to be an account, and takes no `seed` nor `tileOrder`: the server shuffles a rated game (`docs/accounts.md`).',
        security: [{}, { accountKey: [] }],
        body: CreateGameBody,
        response: { 201: CreatedGameResponse, ...problems(400, 401, 403, 404, 409, 413, 415, 422, 429, 503, 507) },
      },
      onRequest: limitPerAddress(addressLimiter),
    },
    async (request, reply) => {
      const { rated, ...body } = request.body;
      // A creator who chose the seed or the order would know every draw of a game that counts.
      if (rated && (body.seed !== undefined || body.tileOrder !== undefined))
        throw new HttpProblem(
          'BAD_REQUEST',
          `a rated game is shuffled by the server: it takes no ${body.seed !== undefined ? 'seed' : 'tileOrder'}`,
        );
      const asked = body.players.map(seatRequestOf);
      const caller = asked.some((s) => 'accountName' in s) ? await auth.account(request) : undefined;
      const players = await service.accounts.seatRequests(asked, caller, rated === true);
      // The creating address pays for the game's bots (`bot-driver.ts`), as it pays for the creation.
      const created = await service.create(
        { ...body, players, ...(body.clock ? { clock: clockOf(body.clock) } : {}), ...(rated ? { rated } : {}) },
        request.ip,
      );
      // `state` is the service's own state document (GET /games/{id}'s), checked against its schema by the tests.
      return reply.code(201).header('location', `/games/${created.id}`).send(created);
    },
  );

  app.get(
    '/games/:id',
    {
      schema: {
        tags: ['games'],
        summary: 'The public state of a game, now or (`?version=N`) after move N',
        params: GameIdParams,
        // Not strict: other query members are ignored, as they were before `version`.
        querystring: Type.Object({ version: Type.Optional(VersionQuery) }),
        response: { 200: GameStateSchema, ...NOT_MODIFIED, ...problems(400, 404, 503) },
      },
    },
    // Pre-serialised JSON (cached per version) skips the response serialiser; the schema
    // documents the shape and the tests check every answer against it.
    async (request, reply) => {
      const { id } = request.params;
      const { version } = request.query;
      if (version !== undefined) {
        const json = await service.stateJsonAt(id, version);
        reply.header('cache-control', IMMUTABLE);
        // Strong: the bytes of a version are the same on every node and every day.
        if (notModified(request, reply, versionTag(id, version).slice(2))) return reply.code(304).send(null);
        sendJson(reply, 200, json);
        return reply;
      }
      if (notModified(request, reply, versionTag(id, await service.version(id)))) return reply.code(304).send(null);
      sendJson(reply, 200, await service.stateJson(id));
      return reply;
    },
  );

  app.get(
    '/games/:id/legal-moves',
    {
      schema: {
        tags: ['games'],
        summary:
          'Who must act now and every legal move for them; long-polls up to `wait` seconds for a version past `after`',
        description:
          "A bot's loop is one request per turn: `?after=<the version it last saw>&wait=30` answers as soon as the game moves on.",
        params: GameIdParams,
        querystring: LegalMovesQuery,
        response: { 200: LegalMovesResponse, ...NOT_MODIFIED, ...problems(400, 404, 429, 503) },
      },
    },
    async (request, reply) => {
      const { after, wait } = request.query;
      const { id } = request.params;
      if (after !== undefined) await waitForMove(routes, reply, id, after, wait ?? 0);
      if (notModified(request, reply, versionTag(id, await service.version(id)))) return reply.code(304).send(null);
      sendJson(reply, 200, await service.legalMovesJson(id));
      return reply;
    },
  );
}
