/**
 * Judging one lifecycle act (`lifecycle.ts`) inside the group commit's write transaction, like a
 * move (`move-submission.ts`): decided on the game's current snapshot, played on it in place,
 * and appended as one row of the batch at the next `seq`, so the log's key makes it exactly
 * once across processes. The row also carries what the act changes in the game's row (status,
 * the lobby's seats, whether bots play), written in the same transaction.
 */
import type { GameStore } from '../../storage/game-store.js';
import { actEventsJson } from '../answer-json.js';
import { actSeat, applyAct, publicAct, seatViews, statusOf } from '../lifecycle/lifecycle.js';
import type { Act } from '../../game-log.js';
import type { Judged } from './move-submission.js';
import { ServiceError } from '../service-error.js';
import type { Snapshot } from '../cache/snapshot.js';
import type { SnapshotWrite } from '../cache/snapshot-cache.js';
import { entryDeliveries } from '../webhooks/webhook-events.js';

export interface PendingAct {
  kind: 'act';
  id: string;
  /** Decides the act on the game's current snapshot; throws a `ServiceError` to refuse it. */
  decide: (snapshot: Snapshot) => Act;
  /** When given, the act is refused (a conflict) unless the game is at this version. */
  expectedVersion?: number;
}

/** Acts that change what the lobby lists of the seats. */
const SEAT_ACTS: ReadonlySet<Act['type']> = new Set(['seatJoined', 'seatHandedToBot', 'seatResigned']);
/** Acts after which a bot may play some turn. */
const AUTOPLAY_ACTS: ReadonlySet<Act['type']> = new Set(['seatHandedToBot', 'seatResigned', 'turnTimedOut']);

/** The answer names the version the act reached; the route builds its own body around it. */
export async function judgeAct(p: PendingAct, tx: SnapshotWrite, _store: GameStore, at: string): Promise<Judged> {
  const snapshot = await tx.current(p.id);
  if (p.expectedVersion !== undefined && p.expectedVersion !== snapshot.version) {
    throw new ServiceError(
      'VERSION_CONFLICT',
      `expectedVersion is ${p.expectedVersion} but the game is at version ${snapshot.version}`,
      {
        currentVersion: snapshot.version,
      },
    );
  }
  const act = p.decide(snapshot);
  const before = statusOf(snapshot.life, snapshot.game);
  const actorBefore = snapshot.life.turnActor;
  applyAct(snapshot.life, snapshot.tokenHashes, act);
  const seat = actSeat(act);
  const events = actEventsJson(publicAct(act));
  tx.advance(snapshot, seat, events, at);
  const status = statusOf(snapshot.life, snapshot.game);
  const seq = snapshot.version;
  return {
    result: { version: seq },
    row: {
      gameId: p.id,
      seq,
      seat,
      move: act,
      at,
      idempotencyKey: null,
      requestHash: null,
      status,
      statusChanged: status !== before,
      ...(SEAT_ACTS.has(act.type) ? { seats: seatViews(snapshot.life) } : {}),
      ...(AUTOPLAY_ACTS.has(act.type) ? { autoplay: true } : {}),
      deliveries: entryDeliveries(snapshot, act, at, actorBefore, before),
    },
    snapshot,
  };
}
