import { createHash } from 'node:crypto';
import {
  actorOf,
  createGame,
  isFinished,
  legalMoves,
  playInPlace,
  publicView,
  publicViewJson,
  replay,
  type Game,
  type GameEvent,
  type GameSetup,
  type Move,
  type PublicState,
} from '../engine/index.js';
import { SequenceTakenError, type GameRepository, type MoveRecord, type StoredSetup } from '../storage/game-repository.js';
import { LruCache } from './lru-cache.js';
import { MoveNotifier } from './move-notifier.js';
import { hashToken, newGameId, newSeatToken, newSeed, seatOfDigest } from './seat-tokens.js';
import { ServiceError } from './service-error.js';

export type GameState = { id: string; version: number } & PublicState;

export interface CreatedGame {
  id: string;
  seats: { seat: number; name: string; token: string }[];
  state: GameState;
  events: GameEvent[];
}

export interface MoveSubmission {
  expectedVersion: number;
  move: Move;
}

/** An accepted move (or the replayed answer of an earlier one): `json` is the 201 body. */
export interface SubmitResult {
  version: number;
  json: string;
  replayed: boolean;
}

interface PendingSubmission {
  id: string;
  /** The sha256 of the seat token (`tokenDigest`). */
  digest: Buffer;
  submission: MoveSubmission;
  idempotencyKey: string | undefined;
  /** Leave `state` out of the answer. */
  minimal: boolean;
  resolve: (result: SubmitResult) => void;
  reject: (error: unknown) => void;
}

/**
 * The current state of one game as rebuilt from its log, as the cache holds it. Accepted moves
 * play on its game in place and move its version (and forget its memos) along; a rolled-back
 * batch drops it from the cache, so nothing uncommitted is ever read.
 */
interface Snapshot {
  id: string;
  setup: StoredSetup;
  tokenHashes: Buffer[];
  game: Game;
  version: number;
  /**
   * Each move's seat and events, the events kept as their JSON: one string per move instead of
   * a tree of objects per event, which every old-generation collection would walk again.
   */
  log: { seat: number; events: string }[];
  /**
   * The database's data version when this snapshot was last known to be the log's current
   * version. It changes only when another connection commits, so while it holds, the snapshot
   * is current without asking (this service's own commits move the snapshot along themselves).
   */
  checkedAt: number;
  /** The JSON of the state and of the legal-moves answer, built once per version. */
  stateJson?: string;
  legalJson?: string;
}

export interface GameServiceOptions {
  cacheSize: number;
  now?: () => Date;
}

const CROSS_PROCESS_POLL_MS = 1000;

/** The 201 body: `stateJson` undefined leaves `state` out (the client preferred `return=minimal`). */
function moveAcceptedJson(version: number, eventsJson: string, stateJson: string | undefined): string {
  const head = `{"version":${version},"events":${eventsJson}`;
  return stateJson === undefined ? `${head}}` : `${head},"state":${stateJson}}`;
}

/** SQLite gave up waiting for the write lock (`SQLITE_BUSY` and its extended codes). */
function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

function requestHash(seat: number, submission: MoveSubmission): string {
  return createHash('sha256').update(canonicalJson({ seat, ...submission })).digest('hex');
}

/**
 * Games over the move log. The log in the database is the truth: every read first asks the
 * database for the game's version, and a cached snapshot is used only when it is that version.
 * A write needs no such question: the log's primary key refuses a move built on a stale one.
 */
export class GameService {
  private readonly cache: LruCache<string, Snapshot>;
  readonly notifier = new MoveNotifier();
  private readonly now: () => Date;
  private closed = false;
  private pending: PendingSubmission[] = [];

  constructor(
    private readonly repo: GameRepository,
    options: GameServiceOptions,
  ) {
    this.cache = new LruCache(options.cacheSize);
    this.now = options.now ?? (() => new Date());
  }

  create(input: GameSetup): CreatedGame {
    // The caller's setup is stored as given: defaults stay the engine's business.
    const setup: StoredSetup = { ...input, seed: input.seed ?? newSeed() };
    const created = createGame(setup);
    if (!created.ok) throw new ServiceError(created.error.code, created.error.reason);
    const id = newGameId();
    const tokens = setup.players.map(() => newSeatToken());
    const tokenHashes = tokens.map(hashToken);
    const status = isFinished(created.value.game) ? 'finished' : 'active';
    const checkedAt = this.repo.dataVersion();
    this.repo.insertGame({ id, setup, tokenHashes, status, at: this.now().toISOString() });
    const snapshot: Snapshot = {
      id,
      setup,
      tokenHashes: tokenHashes.map((h) => Buffer.from(h, 'hex')),
      game: created.value.game,
      version: 0,
      log: [],
      checkedAt,
    };
    this.cache.set(id, snapshot);
    return {
      id,
      seats: setup.players.map((p, seat) => ({ seat, name: p.name, token: tokens[seat]! })),
      state: { id, version: 0, ...publicView(snapshot.game) },
      events: created.value.events,
    };
  }

  /** The state as JSON: reads are served from one string per version. */
  stateJson(id: string): string {
    return this.stateJsonOf(this.load(id));
  }

  /** `{ version, actor, phase, moves }` as JSON, built once per version. */
  legalMovesJson(id: string): string {
    const snapshot = this.load(id);
    if (snapshot.legalJson === undefined) {
      const { actor, phase, moves } = legalMoves(snapshot.game);
      snapshot.legalJson = JSON.stringify({ version: snapshot.version, actor, phase, moves });
    }
    return snapshot.legalJson;
  }

  moves(id: string): MoveRecord[] {
    this.load(id);
    return this.repo.movesAfter(id, 0);
  }

  /** `{ version, events: [{ seq, seat, events }] }` for the moves after `after`, as JSON. */
  eventsJson(id: string, after: number): string {
    const snapshot = this.load(id);
    const first = Math.max(after, 0) + 1;
    let json = `{"version":${snapshot.version},"events":[`;
    for (let seq = first; seq <= snapshot.version; seq++) {
      const { seat, events } = snapshot.log[seq - 1]!;
      json += `${seq > first ? ',' : ''}{"seq":${seq},"seat":${seat},"events":${events}}`;
    }
    return `${json}]}`;
  }

  /**
   * Submits one move for the seat whose token has the sha256 `digest` (`tokenDigest`).
   * Submissions that arrive together are committed together (group commit): they queue until
   * the event loop has read every request at hand, then one write transaction checks and
   * appends them in arrival order. Reading the version and appending the move still happen
   * under one write lock, so of concurrent submissions for the same version exactly one is
   * appended, in this process or across processes. Each answer is sent only after its
   * transaction committed.
   */
  submit(id: string, digest: Buffer, submission: MoveSubmission, idempotencyKey?: string, minimal = false): Promise<SubmitResult> {
    return new Promise((resolve, reject) => {
      this.pending.push({ id, digest, submission, idempotencyKey, minimal, resolve, reject });
      if (this.pending.length === 1) setImmediate(this.flush);
    });
  }

  /** Commits every queued submission. */
  private readonly flush = (): void => {
    const batch = this.pending;
    if (batch.length === 0) return;
    this.pending = [];
    this.commit(batch);
  };

  private commit(batch: PendingSubmission[]): void {
    const outcomes: (SubmitResult | ServiceError)[] = [];
    // Games whose cached snapshot this transaction may have changed: a rollback drops them.
    const touched = new Set<string>();
    // One time for the batch: its moves are committed at one instant.
    const at = this.now().toISOString();
    try {
      this.repo.transaction(() => {
        for (const s of batch) {
          touched.add(s.id);
          try {
            outcomes.push(this.apply(s, at));
          } catch (error) {
            if (!(error instanceof ServiceError)) throw error;
            outcomes.push(error);
          }
        }
      });
    } catch (error) {
      for (const id of touched) this.cache.delete(id);
      if (isBusy(error)) {
        // Another process held the write lock for the whole busy timeout. Trying each
        // submission alone would wait that long again for each, with the event loop blocked:
        // the batch is refused at once, and the client retries.
        const busy = new ServiceError('DATABASE_BUSY', 'the database is locked by another writer: retry shortly', { retryAfter: 1 });
        for (const s of batch) s.reject(busy);
        return;
      }
      // A fault that is not a refusal rolled the whole batch back: each submission is tried
      // again on its own, so one cannot fail the others.
      if (batch.length === 1) batch[0]!.reject(error);
      else for (const s of batch) this.commit([s]);
      return;
    }
    // Committed: only now do answers go out and long-polls wake.
    for (let i = 0; i < batch.length; i++) {
      const outcome = outcomes[i]!;
      if (outcome instanceof ServiceError) {
        batch[i]!.reject(outcome);
        continue;
      }
      batch[i]!.resolve(outcome);
      if (!outcome.replayed) this.notifier.notify(batch[i]!.id);
    }
  }

  /**
   * Checks and appends one submission inside the batch's transaction. A cached snapshot is
   * trusted without asking the log for its version: were it stale (another process appended
   * moves), this move's sequence number would be taken and the insert refused, so a stale
   * snapshot can never append. A refusal is judged again on the log's version, so that a
   * stale snapshot answers a conflict rather than a rule's code.
   */
  private apply(submission: PendingSubmission, at: string): SubmitResult {
    const cached = this.cache.get(submission.id);
    if (cached) {
      try {
        return this.applyTo(cached, submission, at);
      } catch (error) {
        if (!(error instanceof ServiceError) || this.repo.version(submission.id) === cached.version) throw error;
      }
    }
    return this.applyTo(this.load(submission.id), submission, at);
  }

  /**
   * The cache learns of the move at once, so a later submission of the same batch for the same
   * game sees it; a rollback drops the game from the cache again.
   */
  private applyTo(snapshot: Snapshot, { id, digest, submission, idempotencyKey, minimal }: PendingSubmission, at: string): SubmitResult {
    const seat = seatOfDigest(digest, snapshot.tokenHashes);
    if (seat === null) throw new ServiceError('NOT_YOUR_GAME', 'this token belongs to no seat of this game');
    const hash = idempotencyKey === undefined ? null : requestHash(seat, submission);
    if (idempotencyKey !== undefined) {
      const prior = this.repo.findIdempotentMove(id, idempotencyKey);
      if (prior) {
        if (prior.requestHash !== hash) {
          throw new ServiceError('IDEMPOTENCY_KEY_REUSED', 'this Idempotency-Key was used for a different request');
        }
        const current = this.load(id);
        const stateJson = minimal ? undefined : this.stateJsonAt(current, prior.seq);
        return { version: prior.seq, json: moveAcceptedJson(prior.seq, current.log[prior.seq - 1]!.events, stateJson), replayed: true };
      }
    }
    if (submission.expectedVersion !== snapshot.version) {
      throw new ServiceError(
        'VERSION_CONFLICT',
        `expectedVersion is ${submission.expectedVersion} but the game is at version ${snapshot.version}`,
        { currentVersion: snapshot.version },
      );
    }
    const actor = actorOf(snapshot.game);
    if (actor !== null && actor !== seat) {
      throw new ServiceError('NOT_YOUR_TURN', `seat ${seat} may not move now: seat ${actor} must act`);
    }
    // The cached game is this service's own: the move is applied to it without a copy. A
    // refused move leaves it as it was; any failure after it changed drops it from the cache,
    // so the next request replays the log.
    const game = snapshot.game;
    let result: ReturnType<typeof playInPlace>;
    try {
      result = playInPlace(game, submission.move);
    } catch (error) {
      this.cache.delete(id);
      throw error;
    }
    if (!result.ok) throw new ServiceError(result.error.code, result.error.reason);
    const seq = snapshot.version + 1;
    try {
      this.repo.appendMove(
        { gameId: id, seq, seat, move: submission.move, at, idempotencyKey: idempotencyKey ?? null, requestHash: hash },
        isFinished(game) ? 'finished' : 'active',
      );
    } catch (error) {
      this.cache.delete(id);
      if (!(error instanceof SequenceTakenError)) throw error;
      const current = this.repo.version(id);
      throw new ServiceError('VERSION_CONFLICT', `another move took version ${seq}`, { currentVersion: current });
    }
    const events = JSON.stringify(result.value);
    snapshot.log.push({ seat, events });
    // The snapshot is the cache's own, so it moves on in place like its game.
    snapshot.version = seq;
    snapshot.stateJson = snapshot.legalJson = undefined;
    // Built now, as a later move of the same batch changes this game in place; and not kept
    // in the snapshot: a string that lives until the game's next move is promoted to the old
    // generation, and with hundreds of games in play that cost more than rebuilding on a read.
    const stateJson = minimal ? undefined : publicViewJson(game, `"id":${JSON.stringify(id)},"version":${seq}`);
    return { version: seq, json: moveAcceptedJson(seq, events, stateJson), replayed: false };
  }

  /** The state after move `seq`, as the answer to that move showed it: the log is immutable. */
  private stateJsonAt(snapshot: Snapshot, seq: number): string {
    if (seq === snapshot.version) return this.stateJsonOf(snapshot);
    const log = this.repo.movesAfter(snapshot.id, 0).slice(0, seq);
    const rebuilt = replay(snapshot.setup, log.map((m) => m.move));
    if (!rebuilt.ok) throw new Error(`game ${snapshot.id}: stored log does not replay at move ${rebuilt.error.index + 1}`);
    return publicViewJson(rebuilt.value.game, `"id":${JSON.stringify(snapshot.id)},"version":${seq}`);
  }

  private stateJsonOf(snapshot: Snapshot): string {
    snapshot.stateJson ??= publicViewJson(snapshot.game, `"id":${JSON.stringify(snapshot.id)},"version":${snapshot.version}`);
    return snapshot.stateJson;
  }

  /** The snapshot at the game's current version in the database (404 when there is no game). */
  private load(id: string): Snapshot {
    // Read first: a commit by another connection after this read makes the next load ask again.
    const checkedAt = this.repo.dataVersion();
    const cached = this.cache.get(id);
    if (cached) {
      if (cached.checkedAt === checkedAt) return cached;
      const version = this.repo.version(id);
      if (version === cached.version) {
        cached.checkedAt = checkedAt;
        return cached;
      }
      const caughtUp = this.catchUp(cached, version, checkedAt);
      if (caughtUp) return caughtUp;
    }
    const record = this.repo.findGame(id);
    if (!record) throw new ServiceError('GAME_NOT_FOUND', `no game ${id}`);
    const log = this.repo.movesAfter(id, 0);
    const rebuilt = replay(record.setup, log.map((m) => m.move));
    // A log the engine refuses is a server fault (the engine changed under stored games), never the client's.
    if (!rebuilt.ok) throw new Error(`game ${id}: stored log does not replay at move ${rebuilt.error.index + 1}: ${rebuilt.error.code}`);
    const snapshot: Snapshot = {
      id,
      setup: record.setup,
      tokenHashes: record.tokenHashes.map((h) => Buffer.from(h, 'hex')),
      game: rebuilt.value.game,
      version: log.length,
      log: log.map((m, i) => ({ seat: m.seat, events: JSON.stringify(rebuilt.value.events[i]) })),
      checkedAt,
    };
    this.cache.set(id, snapshot);
    return snapshot;
  }

  /**
   * Another writer (a second process on the same file) appended moves: play just those, on
   * the cached snapshot and its game themselves (no snapshot outlives a synchronous call).
   */
  private catchUp(cached: Snapshot, version: number, checkedAt: number): Snapshot | undefined {
    if (version < cached.version) return undefined;
    // Out of the cache until it is whole again: a refused or failing move leaves it half-played.
    this.cache.delete(cached.id);
    for (const record of this.repo.movesAfter(cached.id, cached.version)) {
      const result = playInPlace(cached.game, record.move);
      if (!result.ok) return undefined;
      cached.log.push({ seat: record.seat, events: JSON.stringify(result.value) });
      cached.version += 1;
    }
    cached.checkedAt = checkedAt;
    cached.stateJson = cached.legalJson = undefined;
    this.cache.set(cached.id, cached);
    return cached;
  }

  /** Waits until the game has a move after `after`, `ms` pass, or `signal` aborts. */
  async waitForMove(id: string, after: number, ms: number, signal?: AbortSignal): Promise<void> {
    const deadline = Date.now() + ms;
    for (;;) {
      const { version, game } = this.load(id);
      const finished = isFinished(game);
      const left = deadline - Date.now();
      if (version > after || finished || left <= 0 || signal?.aborted || this.closed) return;
      // Moves made here wake the wait at once; a look at the database every so often also
      // catches moves another server process appended to the same file.
      await this.notifier.wait(id, Math.min(left, CROSS_PROCESS_POLL_MS), signal);
    }
  }

  /** Games whose state is held in memory now (never more than the cache size). */
  get cachedGames(): number {
    return this.cache.size;
  }

  close(): void {
    this.flush();
    this.closed = true;
    this.notifier.wakeAll();
    this.cache.clear();
  }
}
