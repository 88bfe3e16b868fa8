/**
 * Idempotency-Key: a move sent again with the same key answers what the first one was answered,
 * rebuilt from the immutable log (the move row keeps the key and the request's hash), and never
 * appends twice; the same key with a different request is refused. Across processes the store's
 * unique (game, key) index makes a concurrent second use lose like a taken sequence number, and
 * its retry then finds the first.
 */
import { createHash } from 'node:crypto';
import type { Move } from '../../engine/index.js';
import type { GameStore } from '../../storage/game-store.js';
import { currentStateJson, moveAcceptedJson, stateJsonOf } from '../answers.js';
import { ServiceError } from '../service-error.js';
import { rebuiltAt, type Snapshot } from '../cache/snapshot.js';

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

function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** The sha256 of what the request asks (seat, expected version, move), independent of key order. */
export function requestHash(seat: number, submission: MoveSubmission): string {
  return createHash('sha256')
    .update(canonicalJson({ seat, ...submission }))
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
  const stateJson = minimal ? undefined : await stateJsonAt(store, snapshot, prior.seq);
  return {
    version: prior.seq,
    json: moveAcceptedJson(prior.seq, snapshot.log[prior.seq - 1].events, stateJson),
    replayed: true,
  };
}

/** The state after move `seq`, as the answer to that move showed it: the log is immutable. */
async function stateJsonAt(store: GameStore, snapshot: Snapshot, seq: number): Promise<string> {
  if (seq === snapshot.version) return currentStateJson(snapshot);
  const log = (await store.movesAfter(snapshot.id, 0)).slice(0, seq);
  const then = rebuiltAt(snapshot, log);
  return stateJsonOf(then.game, then.life, snapshot.id, seq);
}
