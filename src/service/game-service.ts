/**
 * Games over the move log. The log in the store is the truth; the service answers from cached
 * snapshots the snapshot cache keeps coherent with it (`snapshot-cache.ts`), commits moves in
 * groups (`group-commit.ts`) and wakes long-polls when a game moves on (`move-notifier.ts`, `move-waits.ts`).
 * Every method may wait for the store: nothing here knows which store it is.
 */
import {
  createGame,
  DEFAULT_REGISTRY,
  phaseOf,
  registryOf,
  type GameEvent,
  type Move,
  type Phase,
  type Registry,
} from '../engine/index.js';
import type { GameStore, MoveRecord } from '../storage/game-store.js';
import {
  currentStateJson,
  eventBatches,
  legalAnswer,
  legalMovesJson,
  stateOf,
  type EventBatches,
  type GameState,
  type LegalAnswer,
} from './answers.js';
import { gameEventsJson, type Json } from './answer-json.js';
import { botSeatNow, GameLifecycle, type BotTurn, type SeatPosition } from './lifecycle/game-lifecycle.js';
import { newGame, type CreateGameInput, type CreatedGame } from './lifecycle/game-creation.js';
import { isAct, publicAct, seatViews, statusOf } from './lifecycle/lifecycle.js';
import type { PublicAct } from '../game-log.js';
import { TurnClock } from './lifecycle/turn-clock.js';
import { GroupCommit } from './moves/group-commit.js';
import { RetentionSweep, type RetentionOptions } from './lifecycle/retention.js';
import type { MoveSubmission, SubmitResult } from './moves/idempotency.js';
import type { LogEntry, Snapshot } from './cache/snapshot.js';
import { MoveNotifier } from './moves/move-notifier.js';
import { MoveWaits } from './moves/move-waits.js';
import { newGameId, type SeatCredential } from './lifecycle/seat-tokens.js';
import { StoreHealthMonitor, type StoreHealth } from './store-health.js';
import { over } from './cache/snapshot.js';

import { SnapshotCache } from './cache/snapshot-cache.js';
import { Replays } from './cache/replay.js';
import { creationDeliveries } from './webhooks/webhook-events.js';
import { MinuteBudget } from './webhooks/minute-budget.js';
import { WebhookSender, type WebhookSenderOptions } from './webhooks/webhook-sender.js';
import type { DnsOptions } from './webhooks/webhook-dns.js';
import type { AllowedTarget, WebhookUrlPolicy } from './webhooks/webhook-url.js';
import { Webhooks } from './webhooks/webhooks.js';
import { Accounts, type AccountLimits } from './accounts/accounts.js';
import { EVERY_ACCOUNT } from '../storage/accounts.js';
import { AccountFeed } from './accounts/account-feed.js';
import { Challenges } from './accounts/challenges.js';
import { Ladder } from './ladder/ladder.js';
import { accountRatings, type RatingsOf } from './ladder/ladder-ratings.js';
import { Ratings } from './accounts/ratings.js';
import { AccountWebhookSender, AccountWebhooks } from './accounts/account-webhooks.js';

export type { MoveSubmission, SubmitResult } from './moves/idempotency.js';

export type { CreateGameInput, CreatedGame } from './lifecycle/game-creation.js';

/** A log entry as the API shows it: a move, or an act without its secret. */
export interface PublicRecord extends Omit<MoveRecord, 'move'> {
  move: MoveRecord['move'] | PublicAct;
}

function publicRecord(record: MoveRecord): PublicRecord {
  return isAct(record.move) ? { ...record, move: publicAct(record.move) } : record;
}

/** Who must act at a version, and in which phase. */
export interface Turn {
  actor: number | null;
  phase: Phase;
}

/** One entry of the log with its events (as their JSON) and the turn it leads to. */
export interface PlayedMove extends PublicRecord, Turn {
  events: LogEntry['events'];
}

/** A game's version, its turn, whether it is over, and its state as JSON, all of one version. */
export interface GameNow extends Turn {
  version: number;
  finished: boolean;
  stateJson: Json<GameState>;
}

export interface GameServiceOptions {
  cacheSize: number;
  now?: () => Date;
  /** Deletes games with no move for `days` in the background (`retention.ts`); off when absent or 0. */
  retention?: RetentionOptions;
  /** Told of a failure of background work (a retention sweep), which has no client to answer. */
  onBackgroundError?: (error: unknown) => void;
  /** Runs the turn clock (`turn-clock.ts`): the server does; off by default. */
  turnClock?: boolean;
  /** The expansions games may enable (the engine's own by default). */
  registry?: Registry;
  /** Which webhook URLs are taken (none but https:// to public addresses by default). */
  webhookPolicy?: WebhookUrlPolicy;
  /** Sends webhook deliveries from this process (`webhook-sender.ts`): the server does; off by default. */
  webhookSender?: Omit<WebhookSenderOptions, 'policy' | 'now' | 'onError' | 'publicUrl'>;
  /** The server's public base URL (`PUBLIC_URL`), which chat webhooks link under; none by default. */
  publicUrl?: string | null;
  /** Keys and games an account may hold at once (`accounts.ts`). */
  accountLimits?: AccountLimits;
  /** Where the ladder reads its bots' ratings (`ladder/ladder-ratings.ts`): the accounts' own by default. */
  ladderRatings?: RatingsOf;
}

/** The server's webhook settings (`config.ts`): allowed hosts, and the sender's when this process sends. */
export interface WebhookOptions {
  allowHosts: readonly AllowedTarget[];
  /** The lookups of hosts not listed (`webhook-dns.ts`). */
  dns?: DnsOptions;
  sender?: NonNullable<GameServiceOptions['webhookSender']>;
}

export class GameService {
  private readonly snapshots: SnapshotCache;
  /** The expansions games may enable. */
  readonly registry: Registry;
  private readonly replays: Replays;
  private readonly commits: GroupCommit;
  readonly notifier = new MoveNotifier();
  /** Wakes the account streams waiting here when events were written for their account (keyed by account id). */
  readonly accountNotifier = new MoveNotifier();
  private readonly waits: MoveWaits;
  private readonly retention: RetentionSweep | undefined;
  private readonly storeHealth: StoreHealthMonitor;
  private readonly now: () => Date;
  /** Seats, admin acts, the lobby, the clock's and the bots' view of turns (`game-lifecycle.ts`). */
  readonly lifecycle: GameLifecycle;
  /** The turn clock, when it runs in this process. */
  readonly clock: TurnClock | undefined;
  /** Games' webhooks as their admins manage them (`webhooks.ts`). */
  readonly webhooks: Webhooks;
  private readonly sender: WebhookSender | undefined;
  /** Accounts, their keys and their games (`accounts/accounts.ts`). */
  readonly accounts: Accounts;
  /** Challenges between accounts (`accounts/challenges.ts`). */
  readonly challenges: Challenges;
  /** The accounts' ratings: a rated game's result, an account's rating, the leaderboard (`accounts/ratings.ts`). */
  readonly ratings: Ratings;
  /** The accounts' streams: their events, and waiting for the next (`accounts/account-feed.ts`). */
  readonly accountFeed: AccountFeed;
  /** The rated bot ladder (`ladder/ladder.ts`). */
  readonly ladder: Ladder;
  /** The accounts' webhooks as their owners manage them, and their sender here (`accounts/account-webhooks.ts`). */
  readonly accountWebhooks: AccountWebhooks;
  private readonly accountSender: AccountWebhookSender | undefined;

  constructor(
    private readonly store: GameStore,
    options: GameServiceOptions,
  ) {
    this.now = options.now ?? (() => new Date());
    this.registry = options.registry ?? DEFAULT_REGISTRY;
    this.snapshots = new SnapshotCache(store, options.cacheSize, this.registry);
    this.replays = new Replays(
      (id) => this.snapshots.read(id),
      (id, after) => store.movesAfter(id, after),
    );
    this.storeHealth = new StoreHealthMonitor(store, () => this.now().getTime());
    this.webhooks = new Webhooks(store, this.snapshots, options.webhookPolicy ?? { allowHosts: [] }, this.now, () =>
      this.sender?.wake(),
    );
    const sending = options.webhookSender;
    if (sending) {
      // One budget per receiving host for both senders: a host's games and accounts share it.
      const hosts = new MinuteBudget(sending.perHostPerMinute);
      this.sender = new WebhookSender(
        store,
        {
          ...sending,
          policy: this.webhooks.policy,
          publicUrl: options.publicUrl ?? null,
          now: this.now,
          onError: options.onBackgroundError,
        },
        hosts,
      );
      this.accountSender = new AccountWebhookSender(
        store,
        { ...sending, policy: this.webhooks.policy, now: this.now, onError: options.onBackgroundError ?? (() => {}) },
        hosts,
      );
    }
    this.sender?.start();
    this.accountSender?.start();
    this.accountWebhooks = new AccountWebhooks(store, this.webhooks.policy, this.now, () => this.accountSender?.wake());
    this.commits = new GroupCommit(
      store,
      this.snapshots,
      this.now,
      (id, after) => this.notifier.committed(id, after),
      this.storeHealth,
      () => this.sender?.wake(),
      (ids) => this.accountsWritten(ids),
    );
    this.waits = new MoveWaits(store, this.snapshots, this.notifier);
    this.accounts = new Accounts(
      store.accounts,
      this.now,
      async (id) => {
        const snapshot = await this.snapshots.read(id);
        return {
          version: snapshot.version,
          actor: snapshot.life.turnActor,
          status: statusOf(snapshot.life, snapshot.game),
          seats: seatViews(snapshot.life),
        };
      },
      options.accountLimits,
    );
    this.accountFeed = new AccountFeed(store.accounts, this.accountNotifier);
    this.ratings = new Ratings(store.ratings);
    this.challenges = new Challenges(
      store.accounts,
      this.registry,
      this.now,
      this.accounts.limits,
      (input, id) => this.create(input, undefined, id),
      (ids) => this.accountsWritten(ids),
    );
    this.ladder = new Ladder(
      store.ladder,
      store.accounts,
      { create: (input, id) => this.create(input, undefined, id), state: (id) => this.state(id) },
      this.accounts.limits,
      this.now,
      options.ladderRatings ?? accountRatings((id) => this.ratings.ratingOf(id)),
    );
    this.lifecycle = new GameLifecycle(store, this.snapshots, this.commits);
    this.clock = options.turnClock
      ? new TurnClock({
          store,
          now: this.now,
          turnOf: (id) => this.lifecycle.clockedTurn(id),
          timeOut: (id, version) => this.lifecycle.timeOut(id, version),
          onError: options.onBackgroundError ?? (() => {}),
        })
      : undefined;
    this.clock?.start().catch(options.onBackgroundError ?? (() => {}));
    // Every commit here may start a turn on the clock (a player's after a bot's above all, which
    // no deadline of this process would bring back): its game's deadline is read again, from the
    // cached snapshot. A game without a clock costs nothing. Other nodes' commits are theirs to
    // time (`move-notifier.ts`): a deadline of theirs this process keeps from a scan only fires
    // early, and then reads the game again (`turn-clock.ts`).
    if (this.clock) {
      const clock = this.clock;
      this.notifier.listen((id, after) => {
        if (after.life.clock !== null) void clock.touch(id);
      });
    }
    // Another node's commit wakes this process's long-polls on the game, nothing more.
    store.watch((id) => this.notifier.notify(id));
    store.accounts.watchEvents((id) =>
      id === EVERY_ACCOUNT ? this.accountNotifier.wakeAll() : this.accountNotifier.notify(id),
    );
    if (options.retention && options.retention.days > 0) {
      this.retention = new RetentionSweep(
        store,
        options.retention,
        this.now,
        (ids) => this.forget(ids),
        options.onBackgroundError ?? (() => {}),
      );
      this.retention.start();
    }
  }

  /** Events were written for these accounts: their streams here look at once. */
  accountsWritten(accountIds: readonly string[]): void {
    for (const id of new Set(accountIds)) this.accountNotifier.notify(id);
    if (accountIds.length > 0) this.accountSender?.wake();
  }

  /** Deletes the games expired now (the background sweep does it by itself); resolves with their ids. */
  async sweepExpired(): Promise<string[]> {
    return this.retention ? this.retention.sweep() : [];
  }

  /** Games the store deleted: out of the cache, and their long-polls woken (to answer 404). */
  private forget(ids: readonly string[]): void {
    for (const id of ids) {
      this.snapshots.forget(id);
      this.notifier.notify(id);
    }
  }

  /** Creates a game; `creator` (a client address) is the account its bots' thinking is billed to (`bot-driver.ts`). */
  create(input: CreateGameInput & { players: { name: string }[] }, creator?: string): Promise<CreatedGame<string>>;
  create(input: CreateGameInput, creator?: string, id?: string): Promise<CreatedGame>;
  /** `id`: the game's id when the caller chose it already (a challenge names its game before it is made). */
  async create(input: CreateGameInput, creator?: string, id = newGameId()): Promise<CreatedGame> {
    const { webhook: asked, ...rest } = input;
    const webhook = asked ? await this.webhooks.newWebhook(asked.url, asked.format) : undefined;
    const at = this.now().toISOString();
    const { game, snapshot, answer } = newGame(id, rest, at, this.store.changeStamp(id), this.registry);
    snapshot.creator = creator;
    if (webhook) {
      game.webhook = webhook;
      game.deliveries = creationDeliveries(snapshot, at);
      answer.webhook = webhook;
    }
    try {
      await this.store.insertGame(game);
    } catch (error) {
      this.storeHealth.failed(error);
      throw error;
    }
    this.storeHealth.succeeded();
    if (game.deliveries?.length) this.sender?.wake();
    this.snapshots.add(snapshot);
    if (game.accountEvents) this.accountsWritten(game.accountEvents.map((e) => e.accountId));
    // A new game is a commit too: the bot driver plays its first turn when that is a bot's, and
    // the clock starts its first player's.
    this.notifier.committed(id, snapshot);
    return answer;
  }

  /** The state as JSON: reads are served from one string per version. */
  async stateJson(id: string): Promise<Json<GameState>> {
    return currentStateJson(await this.snapshots.read(id));
  }

  /** The state as an object (the board picture reads it). */
  async state(id: string): Promise<GameState> {
    const snapshot = await this.snapshots.read(id);
    return stateOf(snapshot.game, snapshot.life, snapshot.id, snapshot.version);
  }

  /** The state after the game's first `version` log entries, as an object (`replay.ts`); 404 past the current version. */
  stateAt(id: string, version: number): Promise<GameState> {
    return this.replays.state(id, version);
  }

  /** The state after the game's first `version` log entries, as JSON (`replay.ts`); 404 past the current version. */
  stateJsonAt(id: string, version: number): Promise<Json<GameState>> {
    return this.replays.stateJson(id, version);
  }

  /** `{ version, actor, phase, moves }` as JSON, built once per version. */
  async legalMovesJson(id: string): Promise<Json<LegalAnswer>> {
    return legalMovesJson(await this.snapshots.read(id));
  }

  /** `{ version, actor, phase, moves }`, made once per version. */
  async legalMoves(id: string): Promise<LegalAnswer> {
    return legalAnswer(await this.snapshots.read(id));
  }

  /** The game's current version (404 when there is none): what its ETags are made of. */
  async version(id: string): Promise<number> {
    return (await this.snapshots.read(id)).version;
  }

  /** At most `limit` entries of the log after `after` (acts without their secrets). */
  async movesPage(id: string, after: number, limit: number): Promise<PublicRecord[]> {
    const { version } = await this.snapshots.read(id);
    if (after >= version) return [];
    return (await this.store.movesAfter(id, after, limit)).map(publicRecord);
  }

  async moves(id: string): Promise<PublicRecord[]> {
    await this.snapshots.read(id);
    return (await this.store.movesAfter(id, 0)).map(publicRecord);
  }

  /** The current version and the events of the entries after `after`, each entry's as JSON. */
  async eventBatches(id: string, after: number): Promise<EventBatches> {
    return eventBatches(await this.snapshots.read(id), after);
  }

  /** The events of the game's creation (its first draw) as JSON: replayed from the setup once per cached game, nothing stored. */
  async creationEventsJson(id: string): Promise<Json<GameEvent[]>> {
    const snapshot = await this.snapshots.read(id);
    if (snapshot.createdJson === undefined) {
      const created = createGame(snapshot.setup, registryOf(snapshot.game));
      if (!created.ok) throw new Error(`game ${id}: stored setup is refused: ${created.error.code}`);
      snapshot.createdJson = gameEventsJson(created.value.events);
    }
    return snapshot.createdJson;
  }

  /** The current version, turn and state of a game, read from one snapshot. */
  async current(id: string): Promise<GameNow> {
    const snapshot = await this.snapshots.read(id);
    return {
      version: snapshot.version,
      ...this.turnOf(snapshot),
      finished: over(snapshot),
      stateJson: currentStateJson(snapshot),
    };
  }

  /**
   * At most `limit` entries after `after`, each with its events and the turn after it (the
   * stream's messages): the events and turns from the snapshot (which keeps each entry's,
   * `snapshot.ts`), the moves from one read of the log. Never a replay, however far behind.
   */
  async movesSince(id: string, after: number, limit = Infinity): Promise<PlayedMove[]> {
    const snapshot = await this.snapshots.read(id);
    // The snapshot moves on in place: take what it says now, before waiting for the store.
    const from = Math.max(after, 0);
    const to = Math.min(snapshot.version, from + limit);
    if (from >= to) return [];
    const entries = snapshot.log.slice(from, to);
    const records = await this.store.movesAfter(id, from, to - from);
    return records.map((record, i) => {
      const { events, actor, phase } = entries[i];
      return { ...publicRecord(record), events, actor, phase };
    });
  }

  /** The turn at the snapshot's version: the legal-moves answer's actor and phase, without listing the moves. */
  private turnOf(snapshot: Snapshot): Turn {
    return { actor: snapshot.life.turnActor, phase: phaseOf(snapshot.game) };
  }

  /**
   * Submits one move for the seat whose token has the sha256 `digest` (`tokenDigest`), or that
   * the account holds; it is
   * committed with the others that arrive together (`group-commit.ts`), and answered after.
   */
  submit(
    id: string,
    digest: SeatCredential,
    submission: MoveSubmission,
    idempotencyKey?: string,
    minimal = false,
  ): Promise<SubmitResult> {
    return this.commits.submit(id, digest, submission, idempotencyKey, minimal);
  }

  /** For a hint: the token's seat, who acts, and the engine moves, of one version. */
  seatPosition(id: string, digest: SeatCredential): Promise<SeatPosition> {
    return this.lifecycle.seatPosition(id, digest);
  }

  /**
   * For the bot driver: calls `listener` with each game that a commit (or creation) of this
   * process left waiting on a bot, decided on the snapshot the commit left, without a query.
   * Games other nodes move are theirs to follow (`move-notifier.ts`, `move-waits.ts`). Returns the unsubscribe.
   */
  listenForBotTurns(listener: (gameId: string, creator?: string) => void): () => void {
    return this.notifier.listen((id, after) => {
      if (botSeatNow(after) !== null) listener(id, after.creator);
    });
  }

  /** For the bot driver (`game-lifecycle.ts`): the turn a bot must play now, or null. */
  botTurn(id: string): Promise<BotTurn | null> {
    return this.lifecycle.botTurn(id);
  }

  /** Calls `listener` with each game a commit of this process ended (the ladder's rounds follow them); returns the unsubscribe. */
  onGameOver(listener: (gameId: string) => void): () => void {
    return this.notifier.listen((id, after) => {
      if (over(after)) listener(id);
    });
  }

  /** For the bot driver: a move for the bot-played `seat`, through the same group commit, version check and events. */
  submitAs(id: string, seat: number, expectedVersion: number, move: Move): Promise<SubmitResult> {
    return this.lifecycle.submitAs(id, seat, expectedVersion, move);
  }

  /** For the bot driver's pick-up at start: active games whose actor is a bot or autopilot now, a page after `after`. */
  gamesAwaitingBots(after?: string, limit?: number): Promise<{ ids: string[]; next?: string }> {
    return this.lifecycle.gamesAwaitingBots(after, limit);
  }

  /** Waits until the game has a move after `after`, `ms` pass, or `signal` aborts (`move-waits.ts`: never a replay). */
  waitForMove(id: string, after: number, ms: number, signal?: AbortSignal): Promise<void> {
    return this.waits.wait(id, after, ms, signal);
  }

  /** Whether the store takes writes (`store-health.ts`); synchronous unless a probe is due. */
  health(): StoreHealth | Promise<StoreHealth> {
    return this.storeHealth.check();
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
    this.clock?.stop();
    await this.ladder.close();
    await this.sender?.close();
    await this.accountSender?.close();
    await this.retention?.stop();
    await this.commits.drain();
    this.waits.close();
    this.accountFeed.close();
  }
}
