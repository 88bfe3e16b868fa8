import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { ACCOUNT_EVENT_TYPES, ACCOUNT_KINDS, CHALLENGE_STATUSES, type ChallengeSeat } from '../accounts.js';
import { DELIVERY_STATUSES, DELIVERY_TYPES, WEBHOOK_FORMATS, type DeliveryPayload } from '../deliveries.js';
import { GAME_STATUSES, type LobbySeat, type LogEntry, type StoredSetup } from '../game-store.js';
import { LADDER_MATCH_STATUSES, type PairOutcome } from '../ladder.js';

/** One row per game. `setup` holds the secret seed: it never leaves the storage layer. */
export const games = sqliteTable(
  'games',
  {
    id: text('id').primaryKey(),
    setup: text('setup', { mode: 'json' }).$type<StoredSetup>().notNull(),
    /** sha256 of each seat's token, hex, in seat order. */
    tokenHashes: text('token_hashes', { mode: 'json' }).$type<string[]>().notNull(),
    status: text('status', { enum: GAME_STATUSES }).notNull().default('active'),
    createdAt: text('created_at').notNull(),
    /** Set by the move that ends the game. Other moves leave this row alone: the write path stays one insert. */
    finishedAt: text('finished_at'),
    /** sha256 of the admin token, hex (null for games created before admin tokens). */
    adminTokenHash: text('admin_token_hash'),
    /** 'public' games are listed by GET /games. */
    visibility: text('visibility', { enum: ['public', 'private'] })
      .notNull()
      .default('private'),
    /** The lobby's view of the seats, changed with the act that changes them. */
    seats: text('seats', { mode: 'json' }).$type<LobbySeat[]>(),
    /** The turn clock's seconds, when the game has one: the clock's pick-up at start lists these. */
    turnSeconds: integer('turn_seconds'),
    /** 1 when a bot may play some turn: the bot driver's pick-up at start lists these. */
    autoplay: integer('autoplay', { mode: 'boolean' }).notNull().default(false),
    /** The webhook (`docs/webhooks.md`): where deliveries go, the secret that signs them, and their format. */
    webhookUrl: text('webhook_url'),
    webhookSecret: text('webhook_secret'),
    webhookFormat: text('webhook_format', { enum: WEBHOOK_FORMATS }).notNull().default('json'),
    /** The post-game analysis once computed (`docs/analysis.md`), and when a node began computing it (its claim). */
    analysis: text('analysis', { mode: 'json' }).$type<unknown>(),
    analysisStartedAt: text('analysis_started_at'),
  },
  (t) => [
    index('games_lobby').on(t.visibility, t.status, t.createdAt, t.id),
    index('games_status_id').on(t.status, t.id),
  ],
);

/**
 * The append-only move log. The primary key (game_id, seq) is what makes exactly one of two
 * concurrent submissions for the same version win, even across processes.
 */
export const moves = sqliteTable(
  'moves',
  {
    gameId: text('game_id')
      .notNull()
      .references(() => games.id),
    seq: integer('seq').notNull(),
    seat: integer('seat').notNull(),
    move: text('move', { mode: 'json' }).$type<LogEntry>().notNull(),
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
 * Webhook deliveries (`deliveries.ts`), written with the log entry that caused them. A pending
 * one is due at `next_attempt_at`; a claim moves that on by a lease, so a claimed delivery is
 * taken by no other sender until its sender settles it or the lease runs out.
 */
export const webhookDeliveries = sqliteTable(
  'webhook_deliveries',
  {
    gameId: text('game_id')
      .notNull()
      .references(() => games.id),
    id: text('id').notNull(),
    version: integer('version').notNull(),
    type: text('type', { enum: DELIVERY_TYPES }).notNull(),
    payload: text('payload', { mode: 'json' }).$type<DeliveryPayload>().notNull(),
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
    // Partial: delivered and failed ones cost the senders' claims nothing.
    index('webhook_deliveries_due')
      .on(t.nextAttemptAt, t.gameId)
      .where(sql`status = 'pending'`),
    index('webhook_deliveries_game').on(t.gameId, t.createdAt),
  ],
);

/** Accounts (`../accounts.ts`): a unique folded name, a kind. */
export const accounts = sqliteTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** The name folded (NFKC, lower case): two names that read alike are one name. */
    nameKey: text('name_key').notNull(),
    kind: text('kind', { enum: ACCOUNT_KINDS }).notNull(),
    createdAt: text('created_at').notNull(),
    /** A bot's accept policy for challenges (`docs/accounts.md`). */
    policy: text('policy', { mode: 'json' }).$type<unknown>(),
  },
  (t) => [uniqueIndex('accounts_name_key').on(t.nameKey)],
);

/** An account's keys, by their sha256: the keys themselves are shown once and never kept. */
export const accountKeys = sqliteTable(
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

/** The games an account sits in, written with the creation or the join that seats it. */
export const accountGames = sqliteTable(
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

/**
 * The accounts' streams (`../accounts.ts`): one row per event, written with what caused it. The
 * autoincrement id orders them as they committed (one writer at a time).
 */
export const accountEvents = sqliteTable(
  'account_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    accountId: text('account_id').notNull(),
    type: text('type', { enum: ACCOUNT_EVENT_TYPES }).notNull(),
    data: text('data', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    createdAt: text('created_at').notNull(),
  },
  (t) => [index('account_events_account').on(t.accountId, t.id)],
);

/**
 * Challenges (`docs/accounts.md`): one row each, its seats' answers in `seats`, changed only at
 * the `version` a change was decided on; `challenge_accounts` lists each seat's challenges.
 */
export const challenges = sqliteTable('challenges', {
  id: text('id').primaryKey(),
  challengerId: text('challenger_id').notNull(),
  status: text('status', { enum: CHALLENGE_STATUSES }).notNull(),
  options: text('options', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
  seats: text('seats', { mode: 'json' }).$type<ChallengeSeat[]>().notNull(),
  gameId: text('game_id'),
  version: integer('version').notNull(),
  createdAt: text('created_at').notNull(),
  reason: text('reason'),
});

export const challengeAccounts = sqliteTable(
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
export const ladderEntries = sqliteTable('ladder_entries', {
  accountId: text('account_id').primaryKey(),
  maxGames: integer('max_games').notNull(),
  joinedAt: text('joined_at').notNull(),
});

export const ladderMatches = sqliteTable(
  'ladder_matches',
  {
    id: text('id').primaryKey(),
    aId: text('a_id').notNull(),
    bId: text('b_id').notNull(),
    seed: text('seed').notNull(),
    gameIds: text('game_ids', { mode: 'json' }).$type<[string, string]>().notNull(),
    status: text('status', { enum: LADDER_MATCH_STATUSES }).notNull(),
    /** `a`'s score over the pair in half games (0 to 4), once finished. */
    halves: integer('halves'),
    outcome: text('outcome', { mode: 'json' }).$type<PairOutcome>(),
    createdAt: text('created_at').notNull(),
    finishedAt: text('finished_at'),
  },
  (t) => [index('ladder_matches_status').on(t.status, t.finishedAt), index('ladder_matches_pair').on(t.aId, t.bId)],
);

export const ladderState = sqliteTable('ladder_state', {
  id: integer('id').primaryKey(),
  version: integer('version').notNull(),
});

/**
 * Each account's rating (`docs/accounts.md`): the model's `mu` and `sigma` (null before its first
 * rated game), the displayed `rating` the leaderboard is ordered by, and its rated games.
 */
export const accountRatings = sqliteTable(
  'account_ratings',
  {
    accountId: text('account_id').primaryKey(),
    mu: real('mu'),
    sigma: real('sigma'),
    rating: real('rating').notNull(),
    games: integer('games').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [index('account_ratings_board').on(t.rating, t.accountId)],
);

/** The rated games counted: a game's result changes ratings once, however often it is applied. */
export const ratedGames = sqliteTable('rated_games', {
  gameId: text('game_id').primaryKey(),
  at: text('at').notNull(),
});

/**
 * An account's webhook (`docs/accounts.md`): its stream's events POSTed in order. `cursor` is the
 * last event delivered; a sender holds the row until `lease_until` while it sends; `next_at` is
 * when it is looked at again (a retry's delay after a failure).
 */
export const accountWebhooks = sqliteTable('account_webhooks', {
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
