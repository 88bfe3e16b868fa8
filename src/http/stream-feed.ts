/**
 * One reader per game for all its event streams in this process. A stream used to read the
 * log itself whenever a move woke it: 6,000 streams on one game were 6,000 queries and 6,000
 * messages built per move. Now each followed game has one feed: woken by the move notifier (or
 * every `pollMs`, for writers that cannot wake it), it reads the new entries once through the
 * service's normal read path (`movesSince`), builds each message once, and writes it to every
 * stream. Invariants:
 * - a stream gets every entry after its resume point once, in order: it first catches up by
 *   itself, from the feed's recent messages or from the log in pages of `pageSize`, and only
 *   then joins the feed (in one synchronous step, so no entry falls between);
 * - the feed ends with its last stream: nothing of a game nobody follows is kept (its recent
 *   messages go with it), so memory returns to its level when the streams close;
 * - each stream ends after the entry that ends its game, at its deadline (`maxLifetimeMs`; the
 *   client resumes with `Last-Event-ID`), or when its sink says the reader is too slow (it too
 *   may resume); one sweep for all feeds writes the keep-alive comments and ends expired
 *   streams, so a stream costs no timer of its own.
 * What a move costs its thousands of streams is kept to the write itself: its message is encoded
 * once (one Buffer every sink writes as it is), the writes go out in slices of
 * `sliceSize` streams with the event loop free between slices (so `/health` and the moves
 * themselves are answered while 6,000 writes go out), and nothing is allocated per stream.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { GameService, PlayedMove } from '../service/game-service.js';
import { objectWriter } from '../service/json-pieces.js';
import { routeSchemas } from './schemas/index.js';

export interface StreamFeedOptions {
  /** A comment is written to a stream after this much silence. */
  keepAliveMs: number;
  /** The longest wait on the notifier before the log is read again. */
  pollMs: number;
  /** A stream ends after this long (the client resumes). */
  maxLifetimeMs: number;
  /** Entries read or written at once: a resume far behind is served in pages of this many. */
  pageSize?: number;
  /** Messages each feed keeps for streams that join a little behind. */
  recent?: number;
  /** Streams written to between two turns of the event loop. */
  sliceSize?: number;
}

/** The sink of one stream: where its messages go. */
export interface StreamSink {
  /** Writes a message's bytes; false when the reader is too slow and the stream must end. */
  write(bytes: Buffer): boolean;
  /** Ends the stream (its reader may resume). */
  end(): void;
}

interface Message {
  seq: number;
  bytes: Buffer;
  /** Nothing follows this entry: the game ended or was aborted. */
  final: boolean;
}

interface Follower {
  sink: StreamSink;
  feed?: Feed;
  left: boolean;
  last: number;
  lastWrite: number;
  deadline: number;
  done: () => void;
}

interface Feed {
  id: string;
  /** The version up to which the feed has read. */
  version: number;
  recent: Message[];
  followers: Set<Follower>;
  /** Ends the feed's wait at once (its last stream left). */
  wake?: () => void;
}

export class StreamFeeds {
  private readonly feeds = new Map<string, Feed>();
  private readonly pageSize: number;
  private readonly recentSize: number;
  private readonly sliceSize: number;
  private readonly keepAlive: Buffer;
  /** A `move` message's data, written from the route's schema (the events as the log keeps them). */
  private readonly moveMessage;
  /** The one timer of all streams (while any game is followed): keep-alives and deadlines. */
  private sweeper?: NodeJS.Timeout;
  private sweeping = false;
  private closed = false;

  constructor(
    private readonly service: GameService,
    private readonly options: StreamFeedOptions,
  ) {
    this.pageSize = options.pageSize ?? 100;
    this.recentSize = options.recent ?? 256;
    this.sliceSize = options.sliceSize ?? 16;
    this.keepAlive = Buffer.from(': keep-alive\n\n');
    this.moveMessage = objectWriter(routeSchemas(service.registry).StreamMoveMessage, { given: ['events'] });
  }

  /** Games followed now, and streams following them (for tests and observation). */
  get size(): { games: number; streams: number } {
    let streams = 0;
    for (const feed of this.feeds.values()) streams += feed.followers.size;
    return { games: this.feeds.size, streams };
  }

  /**
   * Writes every entry of game `id` after version `after` to `sink`, live, until the game ends,
   * the stream's lifetime is over, or `signal` aborts. Resolves when the stream is done.
   */
  async follow(id: string, after: number, sink: StreamSink, signal: AbortSignal): Promise<void> {
    const started = Date.now();
    const follower: Follower = {
      sink,
      left: false,
      last: after,
      lastWrite: started,
      deadline: started + this.options.maxLifetimeMs,
      done: () => {},
    };
    const finished = new Promise<void>((resolve) => (follower.done = resolve));
    const stop = (): void => this.leave(follower);
    signal.addEventListener('abort', stop, { once: true });
    try {
      if (!(await this.catchUp(id, follower, signal))) return;
      await finished;
    } finally {
      signal.removeEventListener('abort', stop);
      this.leave(follower);
    }
  }

  /** Ends every stream and stops every feed (the server is closing). */
  close(): void {
    this.closed = true;
    for (const feed of this.feeds.values()) for (const f of feed.followers) this.leave(f);
    this.stopSweeping();
  }

  private message(m: PlayedMove): Message {
    const { seq, seat, move, at, events, actor, phase } = m;
    const data = this.moveMessage({ version: seq, seat, move, at, actor, phase }, { events });
    return {
      seq,
      bytes: Buffer.from(`id: ${seq}\nevent: move\ndata: ${data}\n\n`),
      final: m.phase === 'finished' || m.move.type === 'gameAborted',
    };
  }

  /** Brings the follower up to the feed from the recent messages or the log; then joins it. False when the stream is done already. */
  private async catchUp(id: string, follower: Follower, signal: AbortSignal): Promise<boolean> {
    for (;;) {
      if (signal.aborted || this.closed) return false;
      const feed = this.feeds.get(id);
      const oldest = feed ? (feed.recent[0]?.seq ?? feed.version + 1) - 1 : undefined;
      if (feed === undefined || follower.last >= oldest!) {
        // Synchronous from here on: no entry can be read by the feed in between.
        const joined = feed ?? this.start(id, follower.last);
        joined.followers.add(follower);
        follower.feed = joined;
        if (feed === undefined) void this.run(joined);
        return this.deliver(follower, joined.recent);
      }
      const turn = this.service.notifier.waiter(id, this.options.pollMs, signal);
      try {
        const page = (await this.service.movesSince(id, follower.last, this.pageSize)).map((m) => this.message(m));
        // Nothing yet where the feed has read further (a read of another node's commit not
        // visible here yet): wait for the next move, listened for since before the read.
        if (page.length === 0) await turn.woken;
        if (!this.deliver(follower, page)) return false;
      } finally {
        turn.stop();
      }
    }
  }

  /** Writes the messages after the follower's version; false when the stream ended. */
  private deliver(follower: Follower, messages: readonly Message[]): boolean {
    for (const m of messages) {
      if (m.seq <= follower.last) continue;
      follower.last = m.seq;
      follower.lastWrite = Date.now();
      if (!follower.sink.write(m.bytes) || m.final) {
        this.leave(follower);
        return false;
      }
    }
    return true;
  }

  private leave(follower: Follower): void {
    if (follower.left) return;
    follower.left = true;
    const feed = follower.feed;
    if (feed?.followers.delete(follower) && feed.followers.size === 0) {
      // Nobody follows the game any more: forget it now, and stop its loop's wait.
      if (this.feeds.get(feed.id) === feed) this.feeds.delete(feed.id);
      feed.wake?.();
      if (this.feeds.size === 0) this.stopSweeping();
    }
    follower.sink.end();
    follower.done();
  }

  private start(id: string, version: number): Feed {
    const feed: Feed = { id, version, recent: [], followers: new Set() };
    this.feeds.set(id, feed);
    if (this.sweeper === undefined) {
      // Often enough that a silent stream hears a comment within 1.5 keep-alive periods.
      this.sweeper = setInterval(() => void this.sweep(), Math.min(1000, this.options.keepAliveMs / 2));
      this.sweeper.unref();
    }
    return feed;
  }

  private stopSweeping(): void {
    clearInterval(this.sweeper);
    this.sweeper = undefined;
  }

  /**
   * Calls `each` for every follower of `feed`, `sliceSize` of them per turn of the event loop.
   * The set's own iterator: a follower leaving meanwhile is skipped, one joining is visited
   * (and skips what it has).
   */
  private async forEachSliced(feed: Feed, each: (follower: Follower) => void): Promise<void> {
    let n = 0;
    for (const f of feed.followers) {
      each(f);
      if (++n % this.sliceSize === 0) await nextTurn();
    }
  }

  /** The feed's loop: one read per wake-up for all its streams, while any follows. */
  private async run(feed: Feed): Promise<void> {
    const { pollMs } = this.options;
    let page: Message[] = [];
    const deliverPage = (f: Follower): void => void this.deliver(f, page);
    try {
      while (feed.followers.size > 0 && !this.closed) {
        // Listen before reading: a move committed during the read still wakes the next wait.
        const turn = this.service.notifier.waiter(feed.id, pollMs);
        feed.wake = turn.stop;
        try {
          page = (await this.service.movesSince(feed.id, feed.version, this.pageSize)).map((m) => this.message(m));
        } catch {
          // The game is gone (deleted) or the store failed: its streams end, their readers may resume.
          turn.stop();
          break;
        }
        if (page.length > 0) {
          // A full page may have more behind it: read on at once. Otherwise the wait ends with
          // the next commit (or one made during the read or the writes).
          if (page.length === this.pageSize) turn.stop();
          feed.version = page[page.length - 1].seq;
          feed.recent.push(...page);
          if (feed.recent.length > this.recentSize) feed.recent.splice(0, feed.recent.length - this.recentSize);
          await this.forEachSliced(feed, deliverPage);
        }
        await turn.woken;
      }
    } finally {
      for (const f of [...feed.followers]) this.leave(f);
      if (this.feeds.get(feed.id) === feed) this.feeds.delete(feed.id);
      if (this.feeds.size === 0) this.stopSweeping();
    }
  }

  /** Keep-alive comments for the silent streams; the end of the expired ones. */
  private async sweep(): Promise<void> {
    if (this.sweeping) return; // the last sweep is still writing its slices
    this.sweeping = true;
    const now = Date.now();
    const visit = (f: Follower): void => {
      if (now >= f.deadline) this.leave(f);
      else if (now - f.lastWrite >= this.options.keepAliveMs) {
        f.lastWrite = now;
        if (!f.sink.write(this.keepAlive)) this.leave(f);
      }
    };
    try {
      for (const feed of [...this.feeds.values()]) await this.forEachSliced(feed, visit);
    } finally {
      this.sweeping = false;
    }
  }
}
