/**
 * The lobby's query, shared by both stores: public games, newest first, keyset-paged on
 * (created_at, id) by the `games_lobby` index.
 */
import type { GameStatus, ListCursor } from './game-store.js';

/** The lobby's query: public games, optionally of one status, after the cursor, newest first. */
export function listGamesQuery(
  query: { status?: GameStatus; limit: number; cursor?: ListCursor },
  param: (n: number) => string,
): { text: string; params: unknown[] } {
  const params: unknown[] = [];
  const next = (value: unknown): string => {
    params.push(value);
    return param(params.length);
  };
  let text = `SELECT id, status, created_at, setup, seats FROM games WHERE visibility = 'public'`;
  if (query.status) text += ` AND status = ${next(query.status)}`;
  if (query.cursor) {
    const at = next(query.cursor.createdAt);
    const at2 = next(query.cursor.createdAt);
    text += ` AND (created_at < ${at} OR (created_at = ${at2} AND id < ${next(query.cursor.id)}))`;
  }
  text += ` ORDER BY created_at DESC, id DESC LIMIT ${next(query.limit)}`;
  return { text, params };
}
