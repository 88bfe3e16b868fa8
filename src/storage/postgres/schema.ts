/**
 * The PostgreSQL schema: the same two tables as SQLite's (`../schema.ts`), in PostgreSQL's types.
 * Every key and index begins with the game id, so the log can be sharded by game (e.g. Citus
 * distributing both tables on `game_id`) without changing a key; a test asserts it.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  json,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ACCOUNT_EVENT_TYPES, ACCOUNT_KINDS, CHALLENGE_STATUSES, type ChallengeSeat } from '../accounts.js';
import { DELIVERY_STATUSES, DELIVERY_TYPES, WEBHOOK_FORMATS, type DeliveryPayload } from '../deliveries.js';
import { GAME_STATUSES, type LobbySeat, type LogEntry, type StoredSetup } from '../game-store.js';
import { LADDER_MATCH_STATUSES, type PairOutcome } from '../ladder.js';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

// Timestamps stay ISO-8601 text, as in SQLite: the API answers them exactly as they were written.
// `json` (kept as text), not `jsonb`: nothing queries inside these values, the write path skips
// jsonb's parse, and a move reads back with its keys in the order it was written.

/** One row per game. `setup` holds the secret seed: it never leaves the storage layer. */
export const games = pgTable(
  'games',
  {
    id: text('id').primaryKey(),
    setup: json('setup').$type<StoredSetup>().notNull(),
    /** sha256 of each seat's token, hex, in seat order. */
    tokenHashes: json('token_hashes').$type<string[]>().notNull(),
    status: text('status', { enum: GAME_STATUSES }).notNull().default('active'),
    createdAt: text('created_at').notNull(),
    /** Set by the move that ends the game. */
    finishedAt: text('finished_at'),
    /** sha256 of the admin token, hex (null for games created before admin tokens). */
    adminTokenHash: text('admin_token_hash'),
    /** 'public' games are listed by GET /games. */
    visibility: text('visibility', { enum: ['public', 'private'] })
      .notNull()
      .default('private'),
    /** The lobby's view of the seats, changed with the act that changes them. */
    seats: json('seats').$type<LobbySeat[]>(),
    /** The turn clock's seconds, when the game has one: the clock's pick-up at start lists these. */
    turnSeconds: integer('turn_seconds'),
    /** True when a bot may play some turn: the bot driver's pick-up at start lists these. */
    autoplay: boolean('autoplay').notNull().default(false),
    /** The webhook (`docs/webhooks.md`): where deliveries go, the secret that signs them, and their format. */
    webhookUrl: text('webhook_url'),
    webhookSecret: text('webhook_secret'),
    webhookFormat: text('webhook_format', { enum: WEBHOOK_FORMATS }).notNull().default('json'),
    /** The post-game analysis once computed (`docs/analysis.md`), and when a node began computing it (its claim). */
    analysis: json('analysis').$type<unknown>(),
    analysisStartedAt: text('analysis_started_at'),
  },
  (t) => [
    // These two begin with columns other than the game id: they serve whole-table listings, which
    // a sharded deployment asks of every shard anyway.
    index('games_lobby').on(t.visibility, t.status, t.createdAt, t.id),
    index('games_status_id').on(t.status, t.id),
  ],
);

/**
 * The append-only move log. The primary key (game_id, seq) is what makes exactly one of two
 * concurrent submissions for the same version win, across every node.
 */
export const moves = pgTable(
  'moves',
  {
    gameId: text('game_id')
      .notNull()
      .references(() => games.id),
    seq: integer('seq').notNull(),
    seat: integer('seat').notNull(),
    move: json('move').$type<LogEntry>().notNull(),
    at: text('at').notNull(),
    /** Set when the client sent an Idempotency-Key; the response is rebuilt from the log. */
    idempotencyKey: text('idempotency_key'),
    /** sha256 of the request (seat, expectedVersion, move), to refuse a key reused for another request. */
    requestHash: text('request_hash'),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.seq] }),
    // Partial: moves sent without a key (most) cost no index write.
    uniqueIndex('moves_game_idempotency_key')
      .on(t.gameId, t.idempotencyKey)
      .where(sql`idempotency_key IS NOT NULL`),
  ],
);

/**
 * The request budgets every node shares (`budget-ledger.ts`): one token bucket per budget and key
 * (a seat token's digest, a client address), as of `at` (milliseconds, PostgreSQL's clock, so
 * that the nodes' clocks need not agree). A row whose bucket has refilled is the same as no row:
 * the sweep deletes those. Not game data: it is keyed by client, never sharded with the log.
 */
export const rateBudgets = pgTable(
  'rate_budgets',
  {
    budget: text('budget').notNull(),
    key: bytea('key').notNull(),
    tokens: doublePrecision('tokens').notNull(),
    at: doublePrecision('at').notNull(),
    /** The bucket's rule as last used (tokens per millisecond, size): the sweep's test of "full". */
    perMs: doublePrecision('per_ms').notNull(),
    burst: doublePrecision('burst').notNull(),
    /** What the last draw granted (answered by the same statement that took it). */
    granted: integer('granted').notNull(),
  },
  (t) => [primaryKey({ columns: [t.budget, t.key] })],
);

/** Webhook deliveries, as in SQLite's schema (`../schema.ts`). */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    gameId: text('game_id')
      .notNull()
      .references(() => games.id),
    id: text('id').notNull(),
    version: integer('version').notNull(),
    type: text('type', { enum: DELIVERY_TYPES }).notNull(),
    payload: json('payload').$type<DeliveryPayload>().notNull(),
    createdAt: text('created_at').notNull(),
    status: text('status', { enum: DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: text('next_attempt_at'),
    lastAttemptAt: text('last_attempt_at'),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.id] }),
    index('webhook_deliveries_due')
      .on(t.nextAttemptAt, t.gameId)
      .where(sql`status = 'pending'`),
    index('webhook_deliveries_game').on(t.gameId, t.createdAt),
  ],
);

/**
 * Accounts, their keys (by sha256) and the games they sit in, as in SQLite's schema. Accounts and
 * keys are keyed by account, not game data (like the rate budgets); `account_games` carries the
 * game id in each of its keys, so it can live beside the game's shard.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    nameKey: text('name_key').notNull(),
    kind: text('kind', { enum: ACCOUNT_KINDS }).notNull(),
    createdAt: text('created_at').notNull(),
    /** A bot's accept policy for challenges (`docs/accounts.md`). */
    policy: json('policy').$type<unknown>(),
  },
  (t) => [uniqueIndex('accounts_name_key').on(t.nameKey)],
);

export const accountKeys = pgTable(
  'account_keys',
  {
    digest: text('digest').primaryKey(),
    accountId: text('account_id').notNull(),
    id: text('id').notNull(),
    createdAt: text('created_at').notNull(),
    revokedAt: text('revoked_at'),
  },
  (t) => [index('account_keys_account').on(t.accountId, t.id)],
);

export const accountGames = pgTable(
  'account_games',
  {
    accountId: text('account_id').notNull(),
    gameId: text('game_id')
      .notNull()
      .references(() => games.id),
    seat: integer('seat').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.gameId] }),
    index('account_games_recent').on(t.accountId, t.createdAt, t.gameId),
    index('account_games_game').on(t.gameId),
  ],
);

const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

/**
 * The accounts' streams, as in SQLite's schema. Nodes commit in any order, so an id does not say
 * when its row committed: each row keeps its transaction's id (`tx`), and a reader takes only
 * rows of transactions older than every transaction still running (`pg_snapshot_xmin`), in
 * (`tx`, `id`) order. No row can commit later before a cursor a reader has passed.
 * A reader that starts fresh stands at its snapshot instead (`event-cursor.ts`).
 */
export const accountEvents = pgTable(
  'account_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tx: xid8('tx')
      .notNull()
      .default(sql`pg_current_xact_id()`),
    accountId: text('account_id').notNull(),
    type: text('type', { enum: ACCOUNT_EVENT_TYPES }).notNull(),
    data: json('data').$type<Record<string, unknown>>().notNull(),
    createdAt: text('created_at').notNull(),
  },
  (t) => [index('account_events_account').on(t.accountId, t.tx, t.id)],
);

/**
 * Challenges (`docs/accounts.md`): one row each, its seats' answers in `seats`, changed only at
 * the `version` a change was decided on; `challenge_accounts` lists each seat's challenges.
 */
export const challenges = pgTable('challenges', {
  id: text('id').primaryKey(),
  challengerId: text('challenger_id').notNull(),
  status: text('status', { enum: CHALLENGE_STATUSES }).notNull(),
  options: json('options').$type<Record<string, unknown>>().notNull(),
  seats: json('seats').$type<ChallengeSeat[]>().notNull(),
  gameId: text('game_id'),
  version: integer('version').notNull(),
  createdAt: text('created_at').notNull(),
  reason: text('reason'),
});

export const challengeAccounts = pgTable(
  'challenge_accounts',
  {
    accountId: text('account_id').notNull(),
    challengeId: text('challenge_id').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.challengeId] }),
    index('challenge_accounts_recent').on(t.accountId, t.createdAt),
  ],
);

/**
 * The bot ladder (`docs/ladder.md`, `../ladder.ts`): the bots on it, their duplicate matches, and
 * the one version every change of the ladder moves on (a round writes only at the version it read).
 */
export const ladderEntries = pgTable('ladder_entries', {
  accountId: text('account_id').primaryKey(),
  maxGames: integer('max_games').notNull(),
  joinedAt: text('joined_at').notNull(),
});

export const ladderMatches = pgTable(
  'ladder_matches',
  {
    id: text('id').primaryKey(),
    aId: text('a_id').notNull(),
    bId: text('b_id').notNull(),
    seed: text('seed').notNull(),
    gameIds: json('game_ids').$type<[string, string]>().notNull(),
    status: text('status', { enum: LADDER_MATCH_STATUSES }).notNull(),
    /** `a`'s score over the pair in half games (0 to 4), once finished. */
    halves: integer('halves'),
    outcome: json('outcome').$type<PairOutcome>(),
    createdAt: text('created_at').notNull(),
    finishedAt: text('finished_at'),
  },
  (t) => [index('ladder_matches_status').on(t.status, t.finishedAt), index('ladder_matches_pair').on(t.aId, t.bId)],
);

export const ladderState = pgTable('ladder_state', {
  id: integer('id').primaryKey(),
  version: integer('version').notNull(),
});

/**
 * Each account's rating (`docs/accounts.md`): the model's `mu` and `sigma` (null before its first
 * rated game), the displayed `rating` the leaderboard is ordered by, and its rated games. A rated
 * game's transaction locks its accounts' rows (in account order) before it reads them.
 */
export const accountRatings = pgTable(
  'account_ratings',
  {
    accountId: text('account_id').primaryKey(),
    mu: doublePrecision('mu'),
    sigma: doublePrecision('sigma'),
    rating: doublePrecision('rating').notNull(),
    games: integer('games').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [index('account_ratings_board').on(t.rating, t.accountId)],
);

/** The rated games counted: a game's result changes ratings once, however often or on whichever node it is applied. */
export const ratedGames = pgTable('rated_games', {
  gameId: text('game_id').primaryKey(),
  at: text('at').notNull(),
});

/**
 * An account's webhook (`docs/accounts.md`): its stream's events POSTed in order. `cursor` is the
 * last event delivered; a sender holds the row until `lease_until` while it sends (of several
 * nodes one claims it: `FOR UPDATE SKIP LOCKED`); `next_at` is when it is looked at again.
 */
export const accountWebhooks = pgTable('account_webhooks', {
  accountId: text('account_id').primaryKey(),
  url: text('url').notNull(),
  secret: text('secret').notNull(),
  cursor: text('cursor').notNull(),
  nextAt: text('next_at').notNull(),
  leaseUntil: text('lease_until'),
  attempts: integer('attempts').notNull(),
  lastStatus: integer('last_status'),
  lastError: text('last_error'),
});
