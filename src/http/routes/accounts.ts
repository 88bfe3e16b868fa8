/**
 * The accounts' routes (`service/accounts/accounts.ts`, `docs/accounts.md`): create an account
 * (its key shown once), read it, its keys (add one, revoke one: rotating is both), and its games
 * with those where it must act first. Creating accounts has its own budget per client address.
 */
import { playerName } from '../player-name.js';
import { limitPerAddress } from '../address-limit.js';
import { nextPage } from '../next-page.js';
import type { RateLimiter, RateLimitOptions } from '../rate-limit.js';
import { problems } from '../schemas/common.js';
import {
  AccountCreatedResponse,
  AccountKeyCreatedResponse,
  AccountKeysResponse,
  AccountNameParams,
  AccountView,
  CreateAccountBody,
  KeyParams,
  MyGamesQuery,
  MyGamesResponse,
} from '../schemas/accounts.js';
import type { App, RouteOptions } from '../types.js';
import type { Account, AccountGamesCursor } from '../../storage/accounts.js';
import { cursorParts, cursorText, timeKey } from '../list-cursors.js';

/** Accounts each client address may create: 5 at once, then one a minute. */
export const DEFAULT_ACCOUNT_CREATION: RateLimitOptions = { perSecond: 1 / 60, burst: 5 };

const DEFAULT_MY_GAMES = 50;

/** A page of my games ends at its last game: when the account took that seat, and the game's id. */
const gamesCursorOf = (text: string): AccountGamesCursor => {
  const [listedAt, gameId] = cursorParts(text, "the account's games", timeKey);
  return { listedAt, gameId };
};

const KEYED = { security: [{ accountKey: [] }], tags: ['accounts'] };

export function accountRoutes(app: App, { service, auth, creations }: RouteOptions & { creations: RateLimiter }): void {
  const { accounts, ratings } = service;
  const view = async ({ id, name, kind, createdAt }: Account) => ({
    name,
    kind,
    createdAt,
    rating: await ratings.ratingOf(id),
  });
  app.decorateRequest('account', null);

  app.post(
    '/accounts',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Create an account: answers its key, shown only here',
        description:
          "Names are unique (names differing only in case or width are one name) and follow the players' name rules. " +
          'Accounts are created within a budget per client address (429 with `Retry-After` beyond it).',
        body: CreateAccountBody,
        response: { 201: AccountCreatedResponse, ...problems(400, 409, 413, 415, 429, 503, 507) },
      },
      onRequest: limitPerAddress(creations, { what: 'accounts created' }),
    },
    async (request, reply) => {
      const { id: _id, ...created } = await accounts.create(
        playerName(request.body.name, 'body/name'),
        request.body.kind,
      );
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/accounts/me',
    {
      schema: {
        ...KEYED,
        summary: 'The account of the key',
        response: { 200: AccountView, ...problems(401, 429, 503) },
      },
    },
    async (request) => view(await auth.account(request)),
  );

  app.get(
    '/accounts/:name',
    {
      schema: {
        tags: ['accounts'],
        summary: 'An account by its name',
        params: AccountNameParams,
        response: { 200: AccountView, ...problems(400, 404, 503) },
      },
    },
    async (request) => view(await accounts.byName(request.params.name)),
  );

  app.get(
    '/accounts/me/keys',
    {
      schema: {
        ...KEYED,
        summary: "The account's keys: ids and dates, never the keys",
        response: { 200: AccountKeysResponse, ...problems(401, 429, 503) },
      },
    },
    async (request) => ({ keys: await accounts.listKeys(await auth.account(request)) }),
  );

  app.post(
    '/accounts/me/keys',
    {
      schema: {
        ...KEYED,
        summary: 'Another key for the account, shown only here (to rotate: add one, then revoke the old)',
        response: { 201: AccountKeyCreatedResponse, ...problems(401, 409, 429, 503, 507) },
      },
    },
    async (request, reply) => reply.code(201).send(await accounts.addKey(await auth.account(request))),
  );

  app.delete(
    '/accounts/me/keys/:keyId',
    {
      schema: {
        ...KEYED,
        summary: 'Revoke a key of the account (the one sent too): it is refused from now on, on every node',
        params: KeyParams,
        response: { 204: { description: 'Revoked', type: 'null' }, ...problems(400, 401, 404, 429, 503, 507) },
      },
    },
    async (request, reply) => {
      await accounts.revokeKey(await auth.account(request), request.params.keyId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/accounts/me/games',
    {
      schema: {
        ...KEYED,
        summary: "The account's games, newest first, a page at a time; in a page those where it must act come first",
        description:
          'The `next` link (also in `Link`) holds an opaque cursor: the games listed before the last of this page.',
        querystring: MyGamesQuery,
        response: { 200: MyGamesResponse, ...problems(400, 401, 429, 503) },
      },
    },
    async (request, reply) => {
      const { status } = request.query;
      const limit = request.query.limit ?? DEFAULT_MY_GAMES;
      const account = await auth.account(request);
      const after = request.query.after === undefined ? null : gamesCursorOf(request.query.after);
      const page = await accounts.games(account, status ? [status] : undefined, limit, after);
      if (page.next === null) return { games: page.games };
      const next = nextPage(reply, '/accounts/me/games', {
        limit,
        status,
        after: cursorText(page.next.listedAt, page.next.gameId),
      });
      return { games: page.games, next };
    },
  );
}
