/**
 * Judging one submitted move inside the group commit's write transaction: the seat its token
 * opens, an earlier answer for its Idempotency-Key, the expected version, the turn, the rules.
 * An accepted move is played on the cached game in place (no copy) and becomes one row of the
 * batch's append; the snapshot cache's write transaction undoes that if the batch fails.
 */
import { actorOf, playInPlace } from '../../engine/index.js';
import type { GameStore, NewMove } from '../../storage/game-store.js';
import { stateJsonOf } from '../answers.js';
import { gameEventsJson } from '../answer-json.js';
import { earlierAnswer, requestHash, type Committed, type MoveSubmission, type SubmitResult } from './idempotency.js';
import { botReason, statusOf } from '../lifecycle/lifecycle.js';
import { seatOfDigest } from '../lifecycle/seat-tokens.js';
import { entryDeliveries } from '../webhooks/webhook-events.js';
import { ServiceError } from '../service-error.js';
import type { Snapshot } from '../cache/snapshot.js';
import type { SnapshotWrite } from '../cache/snapshot-cache.js';

export interface PendingSubmission {
  id: string;
  /** The sha256 of the seat token (`tokenDigest`); or, for a bot's move (`submitAs`), the seat. */
  digest: Buffer | { bot: number };
  submission: MoveSubmission;
  idempotencyKey: string | undefined;
  /** Leave `state` out of the answer. */
  minimal: boolean;
}

export interface Judged<R extends Committed = Committed> {
  result: R;
  /** The row to append: none for the replayed answer of an earlier move. */
  row?: NewMove;
  /**
   * With a row: the game it was played on, in place. Once the batch committed, it is what this
   * process knows of the game's next turn (the bot driver and the turn clock ask it, no query).
   */
  snapshot?: Snapshot;
}

/**
 * Judges `s` at the time `at`. A cached snapshot is trusted without asking the log for its
 * version: were it stale (another writer appended moves), this move's sequence number would be
 * taken and the batch refused, so a stale snapshot never appends. A refusal is judged again on
 * the log's version, so that a stale snapshot answers a conflict rather than a rule's code.
 * Synchronous when nothing needs the store (a cached game, no Idempotency-Key): the hot path
 * awaits nothing.
 */
export function judge(
  s: PendingSubmission,
  tx: SnapshotWrite,
  store: GameStore,
  at: string,
): Judged<SubmitResult> | Promise<Judged<SubmitResult>> {
  const cached = tx.cached(s.id);
  if (!cached) return tx.current(s.id).then((snapshot) => judgeOn(snapshot, s, tx, store, at));
  const onLog = async (error: unknown): Promise<Judged<SubmitResult>> => {
    if (!(error instanceof ServiceError)) throw error;
    const version = await store.version(s.id);
    if (version === tx.committedVersion(cached)) throw error;
    return judgeOn(await tx.current(s.id, version), s, tx, store, at);
  };
  try {
    const judged = judgeOn(cached, s, tx, store, at);
    return judged instanceof Promise ? judged.catch(onLog) : judged;
  } catch (error) {
    return onLog(error);
  }
}

function judgeOn(
  snapshot: Snapshot,
  s: PendingSubmission,
  tx: SnapshotWrite,
  store: GameStore,
  at: string,
): Judged<SubmitResult> | Promise<Judged<SubmitResult>> {
  const seat = Buffer.isBuffer(s.digest) ? seatOfDigest(s.digest, snapshot.tokenHashes) : s.digest.bot;
  if (seat === null) throw new ServiceError('NOT_YOUR_GAME', 'this token belongs to no seat of this game');
  const key = s.idempotencyKey;
  if (key === undefined) return accept(snapshot, s, seat, null, tx, at);
  const hash = requestHash(seat, s.submission);
  return earlierAnswer(store, (atLeast) => tx.current(s.id, atLeast), s.id, key, hash, s.minimal).then((earlier) =>
    earlier ? { result: earlier } : accept(snapshot, s, seat, hash, tx, at),
  );
}

/** Checks the version, the turn and the rules, and plays the move in place. */
function accept(
  snapshot: Snapshot,
  s: PendingSubmission,
  seat: number,
  hash: string | null,
  tx: SnapshotWrite,
  at: string,
): Judged<SubmitResult> {
  const { id, submission, idempotencyKey, minimal } = s;
  if (submission.expectedVersion !== snapshot.version) {
    throw new ServiceError(
      'VERSION_CONFLICT',
      `expectedVersion is ${submission.expectedVersion} but the game is at version ${snapshot.version}`,
      {
        currentVersion: snapshot.version,
      },
    );
  }
  const status = statusOf(snapshot.life, snapshot.game);
  if (status === 'waiting') throw new ServiceError('GAME_WAITING', 'the game waits for its open seats to be joined');
  if (status === 'aborted') throw new ServiceError('GAME_ABORTED', 'the game was aborted');
  const actor = actorOf(snapshot.game);
  if (actor !== null && actor !== seat)
    throw new ServiceError('NOT_YOUR_TURN', `seat ${seat} may not move now: seat ${actor} must act`);
  // A turn a bot plays (a bot seat, an autopilot) takes only the bot's moves, and a bot only those.
  const byBot = !Buffer.isBuffer(s.digest);
  if (actor !== null && (botReason(snapshot.life, actor) !== null) !== byBot) {
    throw new ServiceError(
      'NOT_YOUR_TURN',
      byBot ? `seat ${seat}'s turn is its player's` : `seat ${seat}'s turn is played by a bot now`,
    );
  }
  // A refused move leaves the game as it was; a failure after it changed the game fails the
  // write transaction, which drops the game from the cache.
  const actorBefore = snapshot.life.turnActor;
  const result = playInPlace(snapshot.game, submission.move);
  if (!result.ok) throw new ServiceError(result.error.code, result.error.reason);
  const events = gameEventsJson(result.value);
  tx.advance(snapshot, seat, events, at);
  const seq = snapshot.version;
  // Built now, as a later move of the same batch changes this game in place; and not kept in
  // the snapshot: a string that lives until the game's next move is promoted to the old
  // generation, and with hundreds of games in play that cost more than rebuilding on a read.
  const state = minimal ? undefined : stateJsonOf(snapshot.game, snapshot.life, id, seq);
  const row: NewMove = {
    gameId: id,
    seq,
    seat,
    move: submission.move,
    at,
    idempotencyKey: idempotencyKey ?? null,
    requestHash: hash,
    status: statusOf(snapshot.life, snapshot.game),
    deliveries: entryDeliveries(snapshot, submission.move, at, actorBefore, status),
  };
  return { result: { version: seq, events, state, replayed: false }, row, snapshot };
}
