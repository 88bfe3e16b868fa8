/**
 * `GET /games/{id}/stream`: Server-Sent Events. A new reader gets one `state` message; then
 * every accepted move is one `move` message whose `id` is the version it reached, so a
 * reconnecting EventSource (`Last-Event-ID`) or `?after=N` resumes without a gap: the missed
 * moves are read from the log. The loop only waits on the service's notifier (briefly: moves
 * of writers that cannot wake it are found by the next read) and reads the moves after the
 * last version it sent, so it works with whatever wakes the notifier.
 */
import type { ServerResponse } from 'node:http';
import type { GameService, PlayedMove } from '../../service/game-service.js';
import { HttpProblem } from '../problem.js';
import { GameIdParams, problems } from '../schemas/common.js';
import { StreamHeaders, StreamQuery, StreamResponse } from '../schemas/stream.js';
import type { App, RouteOptions } from '../types.js';

export interface StreamOptions {
  /** A comment is written after this much silence, below every idle timeout on the way. */
  keepAliveMs: number;
  /** The longest wait on the notifier before the log is read again. */
  pollMs?: number;
}

export const DEFAULT_STREAM_KEEPALIVE_MS = 15_000;

/** How long an EventSource waits before reconnecting after the stream drops (its `retry:` field). */
export const STREAM_RETRY_MS = 3000;

/** A version from `Last-Event-ID` (wins: it is what the client last received) or `?after`. */
function resumeFrom(lastEventId: string | undefined, after: number | undefined): number | undefined {
  if (lastEventId === undefined || lastEventId === '') return after;
  if (!/^\d{1,9}$/.test(lastEventId)) throw new HttpProblem('BAD_REQUEST', 'Last-Event-ID must be a version (a whole number)');
  return Number(lastEventId);
}

function moveMessage(m: PlayedMove): string {
  const data =
    `{"version":${m.seq},"seat":${m.seat},"move":${JSON.stringify(m.move)},"at":${JSON.stringify(m.at)},` +
    `"events":${m.events},"actor":${m.actor},"phase":"${m.phase}"}`;
  return `id: ${m.seq}\nevent: move\ndata: ${data}\n\n`;
}

export function streamRoutes(app: App, { service, keepAliveMs, pollMs = 1000 }: RouteOptions & StreamOptions): void {
  const open = new Set<AbortController>();
  // Streams never go idle by themselves: end them so that closing the server is not held up.
  app.addHook('preClose', async () => {
    for (const stream of open) stream.abort();
  });

  app.get(
    '/games/:id/stream',
    {
      schema: {
        tags: ['games'],
        summary: 'Server-Sent Events: the state, then every move with its events and the next actor',
        description:
          'On connect one `state` event `{ version, actor, phase, state, created }` (`created`: the events of the game\'s creation, ' +
          'as `GET /games/{id}/events` gives them when read without `after`); then one `move` event per accepted move, ' +
          'with `id` = the version it reached and data `{ version, seat, move, at, events, actor, phase }`. ' +
          'A reconnect with `Last-Event-ID` (or `?after=N`) first gets the moves it missed, and no `state` event. ' +
          `The stream opens with \`retry: ${STREAM_RETRY_MS}\` (milliseconds an EventSource waits before reconnecting). ` +
          `Comment lines keep an idle stream open (every ${DEFAULT_STREAM_KEEPALIVE_MS / 1000} s); the stream ends after the move that ends the game.`,
        params: GameIdParams,
        querystring: StreamQuery,
        headers: StreamHeaders,
        response: { 200: StreamResponse, ...problems(400, 404) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const resume = resumeFrom(request.headers['last-event-id'], request.query.after);
      // Read before answering, so an unknown game is still a 404 problem.
      const now = await service.current(id);
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      const stream = new AbortController();
      open.add(stream);
      raw.once('close', () => stream.abort());
      try {
        await run(service, id, raw, stream.signal, { keepAliveMs, pollMs }, resume, now);
      } finally {
        open.delete(stream);
        raw.end();
      }
    },
  );
}

async function run(
  service: GameService,
  id: string,
  raw: ServerResponse,
  signal: AbortSignal,
  { keepAliveMs, pollMs }: Required<StreamOptions>,
  resume: number | undefined,
  now: Awaited<ReturnType<GameService['current']>>,
): Promise<void> {
  let lastWrite = Date.now();
  const write = (text: string): void => {
    raw.write(text);
    lastWrite = Date.now();
  };
  let last = resume ?? now.version;
  write(`retry: ${STREAM_RETRY_MS}\n\n`);
  if (resume === undefined) {
    // Like the events read without `after`: a reader with no resume point also gets the creation's events.
    const created = JSON.stringify(await service.creationEvents(id));
    write(`event: state\ndata: {"version":${now.version},"actor":${now.actor},"phase":"${now.phase}","state":${now.stateJson},"created":${created}}\n\n`);
    if (now.finished) return;
  }
  while (!signal.aborted) {
    // Listen before reading: a move committed during the read still wakes the next wait.
    const turn = new AbortController();
    const woken = service.notifier.wait(id, Math.min(pollMs, keepAliveMs), AbortSignal.any([signal, turn.signal]));
    const moves = await service.movesSince(id, last);
    for (const move of moves) {
      write(moveMessage(move));
      last = move.seq;
      // Nothing follows the end of a game, nor its abort.
      if (move.phase === 'finished' || move.move.type === 'gameAborted') {
        turn.abort();
        return;
      }
    }
    if (moves.length > 0) turn.abort();
    else if (resume !== undefined && last >= now.version && now.finished) {
      // Resumed at or past the end of a finished game: nothing more will come.
      turn.abort();
      return;
    }
    await woken;
    if (Date.now() - lastWrite >= keepAliveMs) write(': keep-alive\n\n');
  }
}
