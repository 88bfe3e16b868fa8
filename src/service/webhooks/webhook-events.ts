/**
 * Which webhook deliveries a log entry causes (`docs/webhooks.md`), decided on the game just
 * after the entry, inside the group commit's write transaction, so that they are written with
 * it. The store keeps them only if the game has a webhook then. A turn is announced when it
 * passes to a seat its player plays (not to a bot or an autopilot), once per turn: the phases of
 * one turn announce nothing more.
 */
import { randomUUID } from 'node:crypto';
import { publicView } from '../../engine/index.js';
import type { DeliveryType, NewDelivery } from '../../storage/deliveries.js';
import type { LogEntry } from '../../storage/game-store.js';
import { botReason, deadlineOf, isAct, statusOf } from '../lifecycle/lifecycle.js';
import type { Snapshot } from '../cache/snapshot.js';

/**
 * Every entry makes its deliveries before the store knows whether the game has a webhook, so
 * an id must cost next to nothing: `randomUUID` draws from a cached pool of random bytes, where
 * `randomBytes` asked the kernel for each (3 % of a move's server CPU).
 */
export function newDeliveryId(): string {
  return `wh_${randomUUID()}`;
}

function delivery(snapshot: Snapshot, at: string, type: DeliveryType, data: Record<string, unknown>): NewDelivery {
  return {
    payload: { id: newDeliveryId(), type, gameId: snapshot.id, version: snapshot.version, createdAt: at, data },
  };
}

/** Announces the turn of the seat that must act now, if it is a player's and `before` was another's. */
function turnDelivery(snapshot: Snapshot, at: string, before: number | null): NewDelivery[] {
  const { life } = snapshot;
  const seat = life.turnActor;
  if (seat === null || seat === before || botReason(life, seat) !== null) return [];
  return [delivery(snapshot, at, 'seatMustAct', { seat, name: life.seats[seat].name, deadline: deadlineOf(life) })];
}

/** What a new game announces: its first player's turn. */
export function creationDeliveries(snapshot: Snapshot, at: string): NewDelivery[] {
  return turnDelivery(snapshot, at, null);
}

/**
 * What `entry`, just played on `snapshot` (at its version now), announces; `actorBefore` is the
 * seat whose turn it was before (`life.turnActor`), `statusBefore` the game's status.
 */
export function entryDeliveries(
  snapshot: Snapshot,
  entry: LogEntry,
  at: string,
  actorBefore: number | null,
  statusBefore: string,
): NewDelivery[] {
  const out: NewDelivery[] = [];
  if (isAct(entry)) {
    switch (entry.type) {
      case 'seatJoined':
        out.push(delivery(snapshot, at, 'seatJoined', { seat: entry.seat, name: entry.name }));
        break;
      case 'seatResigned':
        out.push(delivery(snapshot, at, 'seatResigned', { seat: entry.seat }));
        break;
      case 'turnTimedOut':
        out.push(delivery(snapshot, at, 'turnTimedOut', { seat: entry.seat }));
        break;
      case 'gameAborted':
        out.push(delivery(snapshot, at, 'gameAborted', {}));
        break;
      case 'tokenReissued':
      case 'seatHandedToBot':
        break;
    }
  }
  const status = statusOf(snapshot.life, snapshot.game);
  if (status === 'finished' && statusBefore !== 'finished') {
    const { players } = publicView(snapshot.game);
    const scores = players.map((p) => ({ seat: p.seat, name: snapshot.life.seats[p.seat].name, score: p.score }));
    out.push(delivery(snapshot, at, 'gameFinished', { scores }));
  }
  if (status === 'active') out.push(...turnDelivery(snapshot, at, actorBefore));
  return out;
}
