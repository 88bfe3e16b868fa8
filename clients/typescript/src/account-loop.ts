/**
 * Following an account (docs/accounts.md, "One stream per account"): one call reads the
 * account's events for as long as the caller wants and hands each to the caller's handler for
 * its type. It starts with the long-poll's first answer (the turns waiting now, and the place
 * in the account's sequence), so the stream opened next always resumes from a known place:
 * after a drop (a network error, the server ending the stream after its lifetime, a restart)
 * it reconnects with `Last-Event-ID` (polling: the cursor) and misses nothing, hears nothing
 * twice. Events are handed over one at a time, in order: a handler that has a long job (a game
 * to play) starts it and returns.
 */
import type { components } from './api.js';
import { ApiProblem } from './answers.js';
import type { CarcassonneClient } from './index.js';

export type AccountEvent = components['schemas']['AccountEvent'];
export type AccountEventType = AccountEvent['type'];

/** One handler per event type, each optional; a type without one is skipped. */
export type AccountHandlers = {
  [K in AccountEventType]?: (event: AccountEvent & { type: K }) => unknown;
};

export interface FollowOptions {
  /** `stream` (Server-Sent Events, the default) or `poll` (long-polls). */
  transport?: 'stream' | 'poll';
  /** The legal moves in each `yourTurn` (while the game is still at its version). */
  moves?: boolean;
  /** Ends the loop (its promise then resolves). */
  signal?: AbortSignal;
  /** Seconds each long-poll waits for an event (`poll`; at most 30). */
  wait?: number;
  /** Told once the loop follows: after its first read (the turns waiting then handed over), before any later event. */
  onFollowing?: () => void;
  /** Told of each drop before reconnecting: the error, or `undefined` when the server ended the stream. */
  onDrop?: (error: unknown) => void;
  /** The first wait after a failed connection, in ms (doubled each time, at most 30 s). */
  retryMs?: number;
}

const MAX_RETRY_MS = 30_000;

/** Waits `ms`, or less when `signal` aborts. */
function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((done) => {
    if (signal?.aborted) return done();
    const timer = setTimeout(finish, ms);
    signal?.addEventListener('abort', finish, { once: true });
    function finish() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', finish);
      done();
    }
  });
}

/** A refusal that asking again cannot change (a revoked key, a bad cursor): the loop ends with it. */
const final = (error: unknown) =>
  error instanceof ApiProblem &&
  error.status >= 400 &&
  error.status < 500 &&
  error.status !== 408 &&
  error.status !== 429;

/** A handler's error is the caller's, never a drop to retry: it is marked as it passes. */
const handlerErrors = new WeakSet<object>();
const isHandlerError = (error: unknown) => typeof error === 'object' && error !== null && handlerErrors.has(error);

/**
 * Follows the account of `key` until `options.signal` aborts, handing each event to its handler.
 * Rejects with a handler's error, or with a refusal that retrying cannot change (`401` for a
 * revoked key); network errors, `429` and `503` are waited out and the loop reconnects.
 */
export async function followAccount(
  client: CarcassonneClient,
  key: string,
  handlers: AccountHandlers,
  options: FollowOptions = {},
): Promise<void> {
  const { signal, moves, transport = 'stream', wait = 30 } = options;
  const firstRetry = options.retryMs ?? 500;
  let retry = firstRetry;
  let cursor: string | undefined;
  const dispatch = async (event: AccountEvent) => {
    const handler = handlers[event.type] as ((event: AccountEvent) => unknown) | undefined;
    try {
      await handler?.(event);
    } catch (error) {
      if (typeof error === 'object' && error !== null) handlerErrors.add(error);
      throw error;
    }
    if (event.id !== undefined) cursor = event.id;
  };
  while (!signal?.aborted) {
    try {
      if (cursor === undefined) {
        // The turns waiting now, and the place to follow from.
        const start = await client.getMyEvents(key, { moves });
        for (const event of start.events) await dispatch(event);
        cursor = start.cursor;
        options.onFollowing?.();
      } else if (transport === 'poll') {
        const page = await client.getMyEvents(key, { after: cursor, wait, moves }, signal);
        for (const event of page.events) await dispatch(event);
        cursor = page.cursor;
      } else {
        for await (const event of client.streamMyEvents(key, { lastEventId: cursor, moves, signal }))
          await dispatch(event);
        // The server ended the stream (its lifetime): resume at once.
        if (!signal?.aborted) options.onDrop?.(undefined);
      }
      retry = firstRetry;
    } catch (error) {
      if (signal?.aborted) return;
      if (final(error) || !(error instanceof Error) || isHandlerError(error)) throw error;
      options.onDrop?.(error);
      const told = error instanceof ApiProblem ? error.retryAfter * 1000 : 0;
      await pause(told > 0 ? told : retry, signal);
      retry = Math.min(MAX_RETRY_MS, retry * 2);
    }
  }
}
