/**
 * An account's events (`docs/accounts.md`), three ways: `GET /accounts/me/stream` (Server-Sent
 * Events, resumable with `Last-Event-ID`), `GET /accounts/me/events` (a long-poll), and (with a
 * webhook) deliveries. A fresh reader (no resume point) first gets one `yourTurn` per game where
 * the account must act now, without an id; then every event stored after that moment, each with
 * its id. A resumed reader gets exactly the events after its id. `yourTurn` is about a version:
 * a reader that finds the game moved on (409 on its move) reads the game again.
 */
import type { FastifyRequest } from 'fastify';
import type { GameService } from '../../service/game-service.js';
import type { Account, AccountEventRow, AccountGamesCursor } from '../../storage/accounts.js';
import type { AccountGame } from '../../service/accounts/accounts.js';
import { HttpProblem } from '../problem.js';
import type { RateLimiter } from '../rate-limit.js';
import { problems } from '../schemas/common.js';
import { AccountEventsQuery, AccountStreamHeaders, AccountStreamQuery } from '../schemas/accounts.js';
import { STREAM_RETRY_MS } from './stream.js';
import type { App, RouteOptions } from '../types.js';
import { openEventStream } from '../event-stream.js';

interface WireEvent {
  id?: string;
  type: AccountEventRow['type'];
  at: string;
  [member: string]: unknown;
}

export interface AccountStreamOptions {
  keepAliveMs: number;
  maxLifetimeMs: number;
  opens: RateLimiter;
}

/** The event as the wire shows it; a `yourTurn` with its legal moves when asked and still current. */
async function wire(service: GameService, row: AccountEventRow, moves: boolean): Promise<WireEvent> {
  const event: WireEvent = { id: row.cursor, type: row.type, at: row.createdAt, ...row.data };
  if (moves && row.type === 'yourTurn') await addMoves(service, event);
  return event;
}

async function addMoves(service: GameService, event: WireEvent): Promise<void> {
  const legal = await service.legalMoves(event.gameId as string);
  if (legal.version === event.version && legal.actor === event.seat) event.moves = legal.moves;
}

/** The account's games read a page at a time for the present's turns. */
const TURNS_PAGE = 100;

/** The account's active games, every page of them. */
async function activeGames(service: GameService, account: Account): Promise<AccountGame[]> {
  const games: AccountGame[] = [];
  for (let after: AccountGamesCursor | null = null; ;) {
    const page = await service.accounts.games(account, ['active'], TURNS_PAGE, after);
    games.push(...page.games);
    if (page.next === null) return games;
    after = page.next;
  }
}

/** One `yourTurn` per game where the account must act now (no id: it describes the present). */
async function currentTurns(service: GameService, account: Account, moves: boolean): Promise<WireEvent[]> {
  const games = await activeGames(service, account);
  const at = new Date().toISOString();
  const turns: WireEvent[] = [];
  for (const game of games) {
    if (!game.yourTurn) continue;
    const legal = await service.legalMoves(game.id);
    if (legal.actor !== game.seat) continue;
    turns.push({
      type: 'yourTurn',
      at,
      gameId: game.id,
      seat: game.seat,
      version: legal.version,
      phase: legal.phase,
      ...(moves ? { moves: legal.moves } : {}),
    });
  }
  return turns;
}

const sse = (event: WireEvent): string =>
  `${event.id === undefined ? '' : `id: ${event.id}\n`}event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;

const resumeFrom = (request: FastifyRequest<{ Headers: { 'last-event-id'?: string } }>, after?: string) => {
  const last = request.headers['last-event-id'];
  return last === undefined || last === '' ? after : last;
};

export function accountStreamRoutes(
  app: App,
  { service, schemas, auth, held, keepAliveMs, maxLifetimeMs, opens }: RouteOptions & AccountStreamOptions,
): void {
  const feed = service.accountFeed;
  const { AccountEventsResponse, AccountStreamResponse } = schemas;
  const closing = new AbortController();
  app.addHook('preClose', (done) => {
    closing.abort();
    done();
  });

  app.get(
    '/accounts/me/stream',
    {
      schema: {
        tags: ['accounts'],
        security: [{ accountKey: [] }],
        summary: "Server-Sent Events: every event of the account's games and challenges",
        description:
          'Fresh, it first sends one `yourTurn` (no `id`) per game where the account must act now; then each event as it happens, ' +
          '`id:` its place in the stream. Resume with `Last-Event-ID` (or `?after=`) to get exactly the events after it. ' +
          '`moves=true` adds the legal moves to `yourTurn` events. Comment lines keep it open; it ends after its lifetime (resume then).',
        querystring: AccountStreamQuery,
        headers: AccountStreamHeaders,
        response: { 200: AccountStreamResponse, ...problems(400, 401, 429, 503) },
      },
    },
    async (request, reply) => {
      const account = await auth.account(request);
      const moves = request.query.moves === true;
      const resume = resumeFrom(request, request.query.after);
      // Read before answering, so a bad cursor is still a 400 problem.
      if (resume !== undefined) await feed.read(account.id, resume);
      let cursor = resume ?? (await feed.latest(account.id));
      const wait = opens.take(request.ip);
      if (wait > 0)
        throw new HttpProblem('RATE_LIMITED', `this address opens streams too fast: retry after ${wait} s`, {
          retryAfter: wait,
        });
      const release = held.hold(request);
      const { raw, gone } = openEventStream(reply);
      const signal = AbortSignal.any([gone, closing.signal]);
      const deadline = Date.now() + maxLifetimeMs;
      try {
        raw.write(`retry: ${STREAM_RETRY_MS}\n\n`);
        if (resume === undefined)
          for (const event of await currentTurns(service, account, moves)) raw.write(sse(event));
        let quietSince = Date.now();
        // Ends when the service closes too: its feed then answers at once, and must not be asked again.
        while (!signal.aborted && !feed.closed && Date.now() < deadline) {
          const ms = Math.min(deadline, quietSince + keepAliveMs) - Date.now();
          const events = await feed.next(account.id, cursor, Math.max(0, ms), signal);
          for (const row of events) raw.write(sse(await wire(service, row, moves)));
          if (events.length > 0) {
            cursor = events.at(-1)!.cursor;
            quietSince = Date.now();
          } else if (Date.now() - quietSince >= keepAliveMs) {
            raw.write(': keep-alive\n\n');
            quietSince = Date.now();
          }
        }
      } catch (error) {
        request.log.warn({ err: error }, 'account stream failed');
      } finally {
        release();
        raw.end();
      }
    },
  );

  app.get(
    '/accounts/me/events',
    {
      schema: {
        tags: ['accounts'],
        security: [{ accountKey: [] }],
        summary: "The account's events after `after`; long-polls up to `wait` seconds for the next",
        description:
          'Without `after`: one `yourTurn` per game where the account must act now, and the `cursor` to ask after. ' +
          "With `after` (the last answer's `cursor`): the events after it, as the stream gives them.",
        querystring: AccountEventsQuery,
        response: { 200: AccountEventsResponse, ...problems(400, 401, 429, 503) },
      },
    },
    async (request, reply) => {
      const account = await auth.account(request);
      const { after, wait, moves } = request.query;
      if (after === undefined) {
        const cursor = await feed.latest(account.id);
        return { events: await currentTurns(service, account, moves === true), cursor };
      }
      let rows = await feed.read(account.id, after);
      if (rows.length === 0 && (wait ?? 0) > 0) {
        const release = held.hold(request);
        const gone = new AbortController();
        const onClose = (): void => gone.abort();
        reply.raw.once('close', onClose);
        try {
          rows = await feed.next(account.id, after, wait! * 1000, AbortSignal.any([gone.signal, closing.signal]));
        } finally {
          release();
          reply.raw.off('close', onClose);
        }
      }
      const events = await Promise.all(rows.map((row) => wire(service, row, moves === true)));
      return { events, cursor: rows.at(-1)?.cursor ?? after };
    },
  );
}
