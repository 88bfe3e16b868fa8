/**
 * `GET /games/{id}/stream`: Server-Sent Events. A new reader gets one `state` message; then
 * every accepted move is one `move` message whose `id` is the version it reached, so a
 * reconnecting EventSource (`Last-Event-ID`) or `?after=N` resumes without a gap: the missed
 * moves are served from the snapshot and the log in pages, and the live ones by the game's one
 * feed shared by all its streams (`stream-feed.ts`). What a stream may cost is bounded: the
 * streams and long-polls an address holds (`held-requests.ts`), the streams it may open per
 * second, and a stream's lifetime, after which its reader resumes. A stream that joins a finished
 * game ends with its `analysis` event, once the analysis is stored (`stream-analysis.ts`).
 */
import type { ServerResponse } from 'node:http';
import type { Analyses } from '../../service/analysis/analyses.js';
import { HttpProblem } from '../problem.js';
import type { RateLimiter } from '../rate-limit.js';
import { GameIdParams, problems } from '../schemas/common.js';
import { StreamHeaders, StreamQuery } from '../schemas/stream.js';
import { awaitAnalysis } from '../stream-analysis.js';
import { StreamFeeds, type StreamFeedOptions, type StreamSink } from '../stream-feed.js';
import { objectWriter } from '../../service/json-pieces.js';
import type { App, RouteOptions } from '../types.js';
import { openEventStream } from '../event-stream.js';

export interface StreamOptions extends Pick<StreamFeedOptions, 'keepAliveMs' | 'maxLifetimeMs'> {
  /** The longest wait on the notifier before the log is read again. */
  pollMs?: number;
  /** Stream opens per address (`STREAM_OPENS_PER_SECOND`, `STREAM_OPENS_BURST`). */
  opens: RateLimiter;
  /** Post-game analyses: a finished game's stream waits for its own (`stream-analysis.ts`). */
  analyses: Analyses;
}

export const DEFAULT_STREAM_KEEPALIVE_MS = 15_000;
/**
 * A reader that leaves this much unread in its socket's buffer (beyond what the kernel holds) is
 * too slow: its stream ends (it may resume with `Last-Event-ID`). Some hundred moves' messages:
 * a live reader never comes near it, and 6,000 stuck readers hold 1.5 GB at most.
 */
const MAX_BUFFERED_BYTES = 256 * 1024;

/**
 * Where a stream's messages go: through the response, which frames them as chunks. Not straight
 * to the socket as pre-framed chunks: on Node 24 the response's own first bytes (its headers)
 * may still be queued when the first message comes, and a chunk ahead of them breaks the
 * stream, as CI's Node 24 run of stream.test showed.
 */
function streamSink(raw: ServerResponse): StreamSink {
  return {
    write: (chunk) => {
      if (raw.writableEnded) return false;
      raw.write(chunk);
      return !raw.destroyed && raw.writableLength <= MAX_BUFFERED_BYTES;
    },
    end: () => raw.end(),
  };
}

/** How long an EventSource waits before reconnecting after the stream drops (its `retry:` field). */
export const STREAM_RETRY_MS = 3000;

/** A version from `Last-Event-ID` (wins: it is what the client last received) or `?after`. */
function resumeFrom(lastEventId: string | undefined, after: number | undefined): number | undefined {
  if (lastEventId === undefined || lastEventId === '') return after;
  if (!/^\d{1,9}$/.test(lastEventId))
    throw new HttpProblem('BAD_REQUEST', 'Last-Event-ID must be a version (a whole number)');
  return Number(lastEventId);
}

export function streamRoutes(
  app: App,
  { service, schemas, held, opens, analyses, pollMs = 1000, keepAliveMs, maxLifetimeMs }: RouteOptions & StreamOptions,
): void {
  const { StreamResponse, StreamStateMessage } = schemas;
  const stateMessage = objectWriter(StreamStateMessage, { given: ['state', 'created'] });
  const feeds = new StreamFeeds(service, { pollMs, keepAliveMs, maxLifetimeMs });
  const closing = new AbortController();
  // Streams never go idle by themselves: end them so that closing the server is not held up.
  app.addHook('preClose', (done) => {
    closing.abort();
    feeds.close();
    done();
  });

  app.get(
    '/games/:id/stream',
    {
      schema: {
        tags: ['games'],
        summary: 'Server-Sent Events: the state, then every move with its events and the next actor',
        description:
          "On connect one `state` event `{ version, actor, phase, state, created }` (`created`: the events of the game's creation, " +
          'as `GET /games/{id}/events` gives them when read without `after`); then one `move` event per accepted move, ' +
          'with `id` = the version it reached and data `{ version, seat, move, at, events, actor, phase }`. ' +
          'A reconnect with `Last-Event-ID` (or `?after=N`) first gets the moves it missed, and no `state` event. ' +
          `The stream opens with \`retry: ${STREAM_RETRY_MS}\` (milliseconds an EventSource waits before reconnecting). ` +
          `Comment lines keep an idle stream open (every ${DEFAULT_STREAM_KEEPALIVE_MS / 1000} s); the stream ends after the move that ends the game, ` +
          'and after its lifetime (`STREAM_MAX_SECONDS`): resume with `Last-Event-ID`. A stream that joins a finished game (fresh, or resuming at its end) ' +
          'ends with one `analysis` event `{ gameId, version, url }` (no `id`) once the post-game analysis is stored: at once when it is, after waiting ' +
          'while it is being computed (`GET /games/{id}/analysis` starts it); when none is, the stream ends at once. An address holding too many streams and long-polls, ' +
          'or opening streams too fast, is answered 429; a server holding its most, 503 (both with `Retry-After`).',
        params: GameIdParams,
        querystring: StreamQuery,
        headers: StreamHeaders,
        response: { 200: StreamResponse, ...problems(400, 404, 429, 503) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const resume = resumeFrom(request.headers['last-event-id'], request.query.after);
      const wait = opens.take(request.ip);
      if (wait > 0)
        throw new HttpProblem('RATE_LIMITED', `this address opens streams too fast: retry after ${wait} s`, {
          retryAfter: wait,
        });
      // Read before answering, so an unknown game is still a 404 problem.
      const now = await service.current(id);
      const created = resume === undefined ? await service.creationEventsJson(id) : undefined;
      const release = held.hold(request);
      const { raw, gone } = openEventStream(reply);
      try {
        // Sends the headers too: the sink's chunks go to the socket after them.
        raw.write(`retry: ${STREAM_RETRY_MS}\n\n`);
        if (resume === undefined) {
          // Like the events read without `after`: a reader with no resume point also gets the creation's events.
          const { version, actor, phase } = now;
          raw.write(
            `event: state\ndata: ${stateMessage({ version, actor, phase }, { state: now.stateJson, created })}\n\n`,
          );
        }
        if (now.finished && (resume ?? now.version) >= now.version) {
          // At or past the end of a finished game no move will come: only its analysis.
          return await awaitAnalysis(analyses, id, now.version, raw, AbortSignal.any([gone, closing.signal]), {
            keepAliveMs,
            maxLifetimeMs,
          });
        }
        if (raw.socket) await feeds.follow(id, resume ?? now.version, streamSink(raw), gone);
      } catch (error) {
        request.log.warn({ err: error, gameId: id }, 'event stream failed');
      } finally {
        release();
        raw.end();
      }
    },
  );
}
