/**
 * What a game tells its accounts' streams (`docs/accounts.md`), decided on the game just after
 * an entry (or its creation), inside the group commit's write transaction, so that the events
 * are written with it: `gameStarted` when the game starts (at creation, or by the join that
 * fills its last open seat), `yourTurn` when the turn passes to a seat an account plays (once
 * per turn, as a webhook's `seatMustAct`), `gameFinished` when it ends or is aborted. A game no
 * account sits in costs one look at its seats.
 */
import { phaseOf, publicView } from '../../engine/index.js';
import type { AccountEventType, NewAccountEvent } from '../../storage/accounts.js';
import { botReason, statusOf, type LifecycleStatus } from '../lifecycle/lifecycle.js';
import type { Snapshot } from '../cache/snapshot.js';
import { serverBotOf } from './server-bots.js';

function event(
  snapshot: Snapshot,
  seat: number,
  type: AccountEventType,
  at: string,
  data: Record<string, unknown> = {},
): NewAccountEvent {
  return {
    accountId: snapshot.life.seats[seat].account!.id,
    type,
    data: { gameId: snapshot.id, seat, version: snapshot.version, ...data },
    createdAt: at,
  };
}

/** The seats of accounts that read streams: the server's bots read none. A loop: it runs at every move. */
function accountSeats(snapshot: Snapshot): number[] {
  const seats: number[] = [];
  const all = snapshot.life.seats;
  for (let seat = 0; seat < all.length; seat++) {
    const account = all[seat].account;
    if (account && !serverBotOf(account.id)) seats.push(seat);
  }
  return seats;
}

/** The events of the game after an entry; `actorBefore` and `statusBefore` as they were before it. */
export function accountEventsAfter(
  snapshot: Snapshot,
  at: string,
  actorBefore: number | null,
  statusBefore: LifecycleStatus | null,
): NewAccountEvent[] | undefined {
  const seats = accountSeats(snapshot);
  if (seats.length === 0) return undefined;
  const out: NewAccountEvent[] = [];
  const status = statusOf(snapshot.life, snapshot.game);
  if (status === 'active' && statusBefore !== 'active')
    for (const seat of seats) out.push(event(snapshot, seat, 'gameStarted', at, { rated: snapshot.life.rated }));
  const actor = snapshot.life.turnActor;
  if (
    status === 'active' &&
    actor !== null &&
    actor !== actorBefore &&
    snapshot.life.seats[actor].account &&
    botReason(snapshot.life, actor) === null
  )
    out.push(event(snapshot, actor, 'yourTurn', at, { phase: phaseOf(snapshot.game) }));
  if ((status === 'finished' || status === 'aborted') && statusBefore !== status) {
    const scores = status === 'finished' ? publicView(snapshot.game).players.map((p) => p.score) : undefined;
    for (const seat of seats)
      out.push(event(snapshot, seat, 'gameFinished', at, { status, ...(scores ? { scores } : {}) }));
  }
  return out.length > 0 ? out : undefined;
}
