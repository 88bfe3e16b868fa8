/**
 * The snapshots of recently used games, kept coherent with the store. Invariants:
 * - Nothing uncommitted is ever read. A write transaction (`write`) changes the snapshots it
 *   touches in place, before its batch is committed; while it runs, a reader of a touched game
 *   waits for it to settle; if it fails (the store rolled the batch back), every game it
 *   touched is dropped, so the next use rebuilds it from the log. This is the only place that
 *   rule lives.
 * - A read is served from a cached snapshot only while the store's change stamp is the one the
 *   snapshot was checked at (no other writer can have committed since); otherwise the log's
 *   version is asked, and the snapshot is caught up with the moves it lacks or rebuilt. On a
 *   store whose stamp may lag another writer's commit (`GameStore.confirmReads`: PostgreSQL, told
 *   by notifications), every read asks the log's version first, so a read that starts after a
 *   commit on any node answers it.
 * - A snapshot is changed only synchronously after its last await, and only if nothing else
 *   changed it meanwhile; a stale rebuild never replaces a newer snapshot, and none is cached
 *   over a game that an open write transaction holds.
 */
import type { GameStore } from '../../storage/game-store.js';
import { LruCache } from './lru-cache.js';
import { ServiceError } from '../service-error.js';
import { DEFAULT_REGISTRY, type Registry } from '../../engine/index.js';
import { advance, catchUp, snapshotFromLog, type LogEntry, type Snapshot } from './snapshot.js';

/** What a write transaction may do: take snapshots and play moves on them in place. */
export interface SnapshotWrite {
  /**
   * The cached snapshot unless the store's stamp says another writer committed to it, trusted
   * without asking the store (the log's key refuses an append from one stale all the same).
   */
  cached(id: string): Snapshot | undefined;
  /**
   * The snapshot at the log's current version (404 when there is no game); a game this
   * transaction already moved is taken as it is (its moves are not in the store yet: the
   * batch's append decides). `atLeast`: a version the log is known to have reached, so a cached
   * snapshot behind it is caught up even when the store's stamp has not changed yet (a store
   * told of other nodes' commits by notifications hears of them a little after they happen).
   */
  current(id: string, atLeast?: number): Promise<Snapshot>;
  /** Records a move played on a snapshot of this transaction: its next, uncommitted version. */
  advance(snapshot: Snapshot, seat: number, events: LogEntry['events'], at: string): void;
  /** The version of the game the store holds: the snapshot's, less the moves this transaction played. */
  committedVersion(snapshot: Snapshot): number;
}

interface OpenWrite {
  touched: Set<string>;
  settled: Promise<void>;
}

export class SnapshotCache {
  private readonly lru: LruCache<string, Snapshot>;
  private writing: OpenWrite | undefined;

  constructor(
    private readonly store: GameStore,
    capacity: number,
    /** The expansions the service offers: a stored game is replayed with them. */
    private readonly registry: Registry = DEFAULT_REGISTRY,
  ) {
    this.lru = new LruCache(capacity);
  }

  /** Games held in memory now (never more than the capacity). */
  get size(): number {
    return this.lru.size;
  }

  /** Caches the snapshot of a game just created (its creation is committed). */
  add(snapshot: Snapshot): void {
    this.lru.set(snapshot.id, snapshot);
  }

  /** The snapshot at the game's current version; synchronous when the cached one is known current. */
  read(id: string): Snapshot | Promise<Snapshot> {
    const writing = this.writing;
    if (writing?.touched.has(id)) return writing.settled.then(() => this.read(id));
    // Read first: a commit by another writer after this read makes the next read ask again.
    const stamp = this.store.changeStamp(id);
    if (this.store.confirmReads) return this.confirmed(id, stamp);
    const cached = this.lru.get(id);
    if (cached && cached.checkedAt === stamp) return cached;
    return this.refresh(id, stamp, cached, false);
  }

  /** `read` on a store that must be asked: one indexed query when the cached snapshot is current. */
  private async confirmed(id: string, stamp: number): Promise<Snapshot> {
    const version = await this.store.version(id);
    const writing = this.writing;
    if (writing?.touched.has(id)) return writing.settled.then(() => this.read(id));
    // Taken after the query: this node's commits that landed meanwhile are in it, and with no
    // open write touching the game it holds nothing uncommitted.
    const cached = this.lru.get(id);
    if (cached && cached.version >= version) return cached;
    return this.refresh(id, stamp, cached, false, version);
  }

  /**
   * The cached snapshot if it is known to be the log's current version, else undefined: never a
   * query, a rebuild or a use (the least-recently-used order stays). A game an open write
   * transaction holds is not known current (it may carry uncommitted moves).
   */
  peekCurrent(id: string): Snapshot | undefined {
    if (this.writing?.touched.has(id)) return undefined;
    const cached = this.lru.peek(id);
    return cached && cached.checkedAt === this.store.changeStamp(id) ? cached : undefined;
  }

  /**
   * Runs one write transaction: `fn` changes snapshots in place and commits them to the store.
   * One at a time (the group commit never opens a second before the first settled).
   */
  async write<T>(fn: (tx: SnapshotWrite) => Promise<T>): Promise<T> {
    let settle!: () => void;
    const open: OpenWrite = { touched: new Set(), settled: new Promise((resolve) => (settle = resolve)) };
    this.writing = open;
    // The snapshots this transaction took (also when the cache is too small to keep them), and
    // how many moves it played on each.
    const held = new Map<string, Snapshot>();
    const moved = new Map<string, number>();
    const hold = (snapshot: Snapshot): Snapshot => {
      open.touched.add(snapshot.id);
      held.set(snapshot.id, snapshot);
      return snapshot;
    };
    const tx: SnapshotWrite = {
      cached: (id) => {
        const own = held.get(id);
        if (own) return hold(own);
        // One known to be stale (the store announced another writer's commit to it) is not
        // offered: its append would be refused and fail the whole batch.
        const snapshot = this.lru.get(id);
        return snapshot && snapshot.checkedAt === this.store.changeStamp(id) ? hold(snapshot) : undefined;
      },
      current: async (id, atLeast = 0) => {
        open.touched.add(id);
        const own = moved.has(id) ? held.get(id) : undefined;
        if (own) return own;
        const stamp = this.store.changeStamp(id);
        const cached = this.lru.get(id);
        const trusted = cached && cached.checkedAt === stamp && cached.version >= atLeast;
        return hold(trusted ? cached : await this.refresh(id, stamp, cached, true));
      },
      advance: (snapshot, seat, events, at) => {
        advance(snapshot, seat, events, at);
        moved.set(snapshot.id, (moved.get(snapshot.id) ?? 0) + 1);
      },
      committedVersion: (snapshot) => snapshot.version - (moved.get(snapshot.id) ?? 0),
    };
    try {
      return await fn(tx);
    } catch (error) {
      for (const id of open.touched) this.lru.delete(id);
      throw error;
    } finally {
      this.writing = undefined;
      settle();
    }
  }

  clear(): void {
    this.lru.clear();
  }

  /** Drops a game the store deleted (its next read asks the store, and finds none). */
  forget(id: string): void {
    this.lru.delete(id);
  }

  /**
   * Brings `cached` (or a rebuild) to the log's version; `writer` is the open write transaction
   * itself; `known`: the log's version, just asked.
   */
  private async refresh(
    id: string,
    stamp: number,
    cached: Snapshot | undefined,
    writer: boolean,
    known?: number,
  ): Promise<Snapshot> {
    if (cached) {
      const from = cached.version;
      const version = known ?? (await this.store.version(id));
      if (version === from && cached.version === from) {
        cached.checkedAt = stamp;
        return cached;
      }
      if (version > from) {
        const records = await this.store.movesAfter(id, from);
        if (cached.version === from && this.lru.peek(id) === cached && this.mayCache(id, writer)) {
          // Out of the cache until it is whole again: a refused or failing move leaves it half-played.
          this.lru.delete(id);
          if (catchUp(cached, records)) {
            cached.checkedAt = stamp;
            this.lru.set(id, cached);
            return cached;
          }
        }
      }
    }
    const record = await this.store.findGame(id);
    if (!record) throw new ServiceError('GAME_NOT_FOUND', `no game ${id}`);
    const snapshot = snapshotFromLog(record, await this.store.movesAfter(id, 0), stamp, this.registry);
    if (!this.mayCache(id, writer)) return snapshot;
    const now = this.lru.peek(id);
    if (now && now !== cached && now.version >= snapshot.version) return now;
    this.lru.set(id, snapshot);
    return snapshot;
  }

  /** A reader caches nothing over a game an open write transaction holds. */
  private mayCache(id: string, writer: boolean): boolean {
    return writer || !this.writing?.touched.has(id);
  }
}
