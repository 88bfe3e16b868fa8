/**
 * The common append (moves that change no game's row, one notification) as one prepared
 * statement whose text never changes: the batch's columns go as arrays (`unnest`), so any batch
 * size is the same statement, parsed and planned once per connection, and its parameters are
 * built without a query builder (drizzle's `sql` fragments, one per row and per delivery, and
 * the server's parse of a new text each time were a share of a move's CPU that SQLite's
 * prepared statements do not pay: docs/scaling.md).
 *
 * One statement is its own transaction: the insert of the moves, of the webhook deliveries of
 * the games that have a webhook now (the row decides, in this transaction) and the notification
 * commit together or not at all (data-modifying CTEs run to completion whether or not the main
 * query reads them), and the notification is delivered only if it commits.
 */
import type { NewMove } from '../game-store.js';

const APPEND = `
  WITH appended AS (
    INSERT INTO moves (game_id, seq, seat, move, at, idempotency_key, request_hash)
    SELECT * FROM unnest($1::text[], $2::integer[], $3::integer[], $4::json[], $5::text[], $6::text[], $7::text[])
    RETURNING 1
  ), delivered AS (
    INSERT INTO webhook_deliveries (game_id, id, version, type, payload, created_at, next_attempt_at)
    SELECT g.id, v.id, v.version, v.type, v.payload, v.created_at, v.created_at
      FROM unnest($8::text[], $9::text[], $10::integer[], $11::text[], $12::json[], $13::text[]) AS v(game_id, id, version, type, payload, created_at)
      JOIN games g ON g.id = v.game_id
     WHERE g.webhook_url IS NOT NULL
    RETURNING 1
  )
  SELECT pg_notify($14, $15) FROM (SELECT count(*) FROM appended) AS appended_rows`.replace(/^\s+/gm, ' ');

/** The query config for `pool.query`: `batch`'s rows, their deliveries, and the notification. */
export function appendStatement(
  batch: readonly NewMove[],
  channel: string,
  payload: string,
): { name: string; text: string; values: unknown[] } {
  const columns: unknown[][] = [[], [], [], [], [], [], [], [], [], [], [], [], []];
  const [gameIds, seqs, seats, entries, ats, keys, hashes, dGames, dIds, dVersions, dTypes, dPayloads, dAts] =
    columns as [
      string[],
      number[],
      number[],
      string[],
      string[],
      (string | null)[],
      (string | null)[],
      string[],
      string[],
      number[],
      string[],
      string[],
      string[],
    ];
  for (const m of batch) {
    gameIds.push(m.gameId);
    seqs.push(m.seq);
    seats.push(m.seat);
    entries.push(JSON.stringify(m.move));
    ats.push(m.at);
    keys.push(m.idempotencyKey);
    hashes.push(m.requestHash);
    for (const { payload: d } of m.deliveries ?? []) {
      dGames.push(d.gameId);
      dIds.push(d.id);
      dVersions.push(d.version);
      dTypes.push(d.type);
      dPayloads.push(JSON.stringify(d));
      dAts.push(d.createdAt);
    }
  }
  return { name: 'append_moves', text: APPEND, values: [...columns, channel, payload] };
}
