/**
 * Games over the move log. The log in the store is the truth; the service answers from cached
 * snapshots the snapshot cache keeps coherent with it (`snapshot-cache.ts`), commits moves in
 * groups (`group-commit.ts`) and wakes long-polls when a game moves on (`move-notifier.ts`).
 * Every method may wait for the store: nothing here knows which store it is.
 */
import { createGame, isFinished, publicView, type GameEvent, type GameSetup, type PublicState } from '../engine/index.js';
import type { GameStore, MoveRecord, StoredSetup } from '../storage/repository.js';
import { currentStateJson, eventsJson, legalMovesJson } from './answers-json.js';
import { GroupCommit } from './group-commit.js';
import type { MoveSubmission, SubmitResult } from './idempotency.js';
import { MoveNotifier } from './move-notifier.js';
import { hashToken, newGameId, newSeatToken, newSeed } from './seat-tokens.js';
import { ServiceError } from './service-error.js';
import { newSnapshot } from './snapshot.js';
import { SnapshotCache } from './snapshot-cache.js';

export type { MoveSubmission, SubmitResult } from './idempotency.js';

export type GameState = { id: string; version: number } & PublicState;

export interface CreatedGame {
  id: string;
  seats: { seat: number; name: string; token: string }[];
  state: GameState;
  events: GameEvent[];
}

export interface GameServiceOptions {
  cacheSize: number;
  now?: () => Date;
}

/** How often a long-poll looks at the store for moves it cannot be told about (another process's). */
const CROSS_PROCESS_POLL_MS = 1000;

export class GameService {
  private readonly snapshots: SnapshotCache;
  private readonly commits: GroupCommit;
  readonly notifier = new MoveNotifier();
  private readonly now: () => Date;
  private closed = false;

  constructor(
    private readonly store: GameStore,
    options: GameServiceOptions,
  ) {
    this.now = options.now ?? (() => new Date());
    this.snapshots = new SnapshotCache(store, options.cacheSize);
    this.commits = new GroupCommit(store, this.snapshots, this.now, (id) => this.notifier.notify(id));
    store.watch((id) => this.notifier.notify(id));
  }

  async create(input: GameSetup): Promise<CreatedGame> {
    // The caller's setup is stored as given: defaults stay the engine's business.
    const setup: StoredSetup = { ...input, seed: input.seed ?? newSeed() };
    const created = createGame(setup);
    if (!created.ok) throw new ServiceError(created.error.code, created.error.reason);
    const id = newGameId();
    const tokens = setup.players.map(() => newSeatToken());
    const tokenHashes = tokens.map(hashToken);
    const status = isFinished(created.value.game) ? 'finished' : 'active';
    const checkedAt = this.store.changeStamp(id);
    await this.store.insertGame({ id, setup, tokenHashes, status, at: this.now().toISOString() });
    const snapshot = newSnapshot({ id, setup, tokenHashes }, created.value.game, checkedAt);
    this.snapshots.add(snapshot);
    return {
      id,
      seats: setup.players.map((p, seat) => ({ seat, name: p.name, token: tokens[seat]! })),
      state: { id, version: 0, ...publicView(snapshot.game) },
      events: created.value.events,
    };
  }

  /** The state as JSON: reads are served from one string per version. */
  async stateJson(id: string): Promise<string> {
    return currentStateJson(await this.snapshots.read(id));
  }

  /** `{ version, actor, phase, moves }` as JSON, built once per version. */
  async legalMovesJson(id: string): Promise<string> {
    return legalMovesJson(await this.snapshots.read(id));
  }

  async moves(id: string): Promise<MoveRecord[]> {
    await this.snapshots.read(id);
    return this.store.movesAfter(id, 0);
  }

  /** `{ version, events: [{ seq, seat, events }] }` for the moves after `after`, as JSON. */
  async eventsJson(id: string, after: number): Promise<string> {
    return eventsJson(await this.snapshots.read(id), after);
  }

  /**
   * Submits one move for the seat whose token has the sha256 `digest` (`tokenDigest`); it is
   * committed with the others that arrive together (`group-commit.ts`), and answered after.
   */
  submit(id: string, digest: Buffer, submission: MoveSubmission, idempotencyKey?: string, minimal = false): Promise<SubmitResult> {
    return this.commits.submit(id, digest, submission, idempotencyKey, minimal);
  }

  /** Waits until the game has a move after `after`, `ms` pass, or `signal` aborts. */
  async waitForMove(id: string, after: number, ms: number, signal?: AbortSignal): Promise<void> {
    const deadline = Date.now() + ms;
    for (;;) {
      const { version, game } = await this.snapshots.read(id);
      const left = deadline - Date.now();
      if (version > after || isFinished(game) || left <= 0 || signal?.aborted || this.closed) return;
      // Moves committed here (or announced by the store) wake the wait at once; a look at the
      // store every so often also catches moves of writers the store cannot announce.
      await this.notifier.wait(id, Math.min(left, CROSS_PROCESS_POLL_MS), signal);
    }
  }

  /** Games whose state is held in memory now (never more than the cache size). */
  get cachedGames(): number {
    return this.snapshots.size;
  }

  /**
   * Commits what is queued, then releases every long-poll. The store stays open (its owner
   * closes it), and so does the cache: a released long-poll still answers from it, without a
   * query to a store on its way to closing.
   */
  async close(): Promise<void> {
    await this.commits.drain();
    this.closed = true;
    this.notifier.wakeAll();
  }
}
