/**
 * Idempotency-Key: a move sent again with the same key answers what the first one was answered,
 * rebuilt from the immutable log (the move row keeps the key and the request's hash), and never
 * appends twice; the same key with a different request is refused. Across processes the store's
 * unique (game, key) index makes a concurrent second use lose like a taken sequence number, and
 * its retry then finds the first.
 */
import { createHash } from 'node:crypto';
import type { GameEvent, Move } from '../../engine/index.js';
import type { GameStore } from '../../storage/game-store.js';
import { currentStateJson, stateJsonOf, type GameState } from '../answers.js';
import type { Json } from '../answer-json.js';
import { ServiceError } from '../service-error.js';
import { rebuiltAt, type Snapshot } from '../cache/snapshot.js';

export interface MoveSubmission {
  expectedVersion: number;
  move: Move;
}

/** What committing a log entry answers: the version it reached. */
export interface Committed {
  version: number;
}

/** An accepted move (or the replayed answer of an earlier one): the pieces of its 201 answer. */
export interface SubmitResult extends Committed {
  events: Json<GameEvent[]>;
  /** The state after the move; none when the client preferred `return=minimal`. */
  state?: Json<GameState>;
  replayed: boolean;
}

/** JSON.stringify's replacer that writes every object's members in key order. */
const inKeyOrder = (_key: string, value: unknown): unknown =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    : value;

/**
 * The sha256 of what the request asks (seat, expected version, move), independent of key order.
 * Stored with the move: the text hashed must stay the same from release to release.
 */
export function requestHash(seat: number, submission: MoveSubmission): string {
  return createHash('sha256')
    .update(JSON.stringify({ seat, ...submission }, inKeyOrder))
    .digest('hex');
}

/**
 * The answer to the earlier move sent with `key`, or undefined when the key is new.
 * `current` gives the game's snapshot at the log's current version, at least at `atLeast`.
 */
export async function earlierAnswer(
  store: GameStore,
  current: (atLeast: number) => Promise<Snapshot>,
  id: string,
  key: string,
  hash: string,
  minimal: boolean,
): Promise<SubmitResult | undefined> {
  const prior = await store.findIdempotentMove(id, key);
  if (!prior) return undefined;
  if (prior.requestHash !== hash)
    throw new ServiceError('IDEMPOTENCY_KEY_REUSED', 'this Idempotency-Key was used for a different request');
  // The move may have been committed by another node whose commit this one has not heard of yet.
  const snapshot = await current(prior.seq);
  return {
    version: prior.seq,
    // The entry is a move (acts take no key): its events are the engine's.
    events: snapshot.log[prior.seq - 1].events as Json<GameEvent[]>,
    state: minimal ? undefined : await stateJsonAt(store, snapshot, prior.seq),
    replayed: true,
  };
}

/** The state after move `seq`, as the answer to that move showed it: the log is immutable. */
async function stateJsonAt(store: GameStore, snapshot: Snapshot, seq: number): Promise<Json<GameState>> {
  if (seq === snapshot.version) return currentStateJson(snapshot);
  const log = (await store.movesAfter(snapshot.id, 0)).slice(0, seq);
  const then = rebuiltAt(snapshot, log);
  return stateJsonOf(then.game, then.life, snapshot.id, seq);
}
