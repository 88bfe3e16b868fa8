/**
 * The PostgreSQL schema: the same two tables as SQLite's (`../schema.ts`), in PostgreSQL's types.
 * Every key and index begins with the game id, so the log can be sharded by game (e.g. Citus
 * distributing both tables on `game_id`) without changing a key; a test asserts it.
 */
import { sql } from 'drizzle-orm';
import { integer, json, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { GameSetup, Move } from '../../engine/index.js';

// Timestamps stay ISO-8601 text, as in SQLite: the API answers them exactly as they were written.
// `json` (kept as text), not `jsonb`: nothing queries inside these values, the write path skips
// jsonb's parse, and a move reads back with its keys in the order it was written.

/** One row per game. `setup` holds the secret seed: it never leaves the storage layer. */
export const games = pgTable('games', {
  id: text('id').primaryKey(),
  setup: json('setup').$type<GameSetup & { seed: string }>().notNull(),
  /** sha256 of each seat's token, hex, in seat order. */
  tokenHashes: json('token_hashes').$type<string[]>().notNull(),
  status: text('status', { enum: ['active', 'finished'] }).notNull().default('active'),
  createdAt: text('created_at').notNull(),
  /** Set by the move that ends the game. */
  finishedAt: text('finished_at'),
});

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
    move: json('move').$type<Move>().notNull(),
    at: text('at').notNull(),
    /** Set when the client sent an Idempotency-Key; the response is rebuilt from the log. */
    idempotencyKey: text('idempotency_key'),
    /** sha256 of the request (seat, expectedVersion, move), to refuse a key reused for another request. */
    requestHash: text('request_hash'),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.seq] }),
    // Partial: moves sent without a key (most) cost no index write.
    uniqueIndex('moves_game_idempotency_key').on(t.gameId, t.idempotencyKey).where(sql`idempotency_key IS NOT NULL`),
  ],
);
