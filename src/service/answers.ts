/**
 * The answers of the read and move routes. The state and the legal moves are objects (the
 * engine's, with the lifecycle's members spread in); each is made JSON once per version,
 * memoised on the snapshot and forgotten when it moves on. The state's JSON is written by the
 * serializer compiled from the state's schema (`state-json.ts`). Each
 * move's events were kept as their JSON when it was played, so the answers that carry events
 * are put together from those strings.
 */
import { legalMoves, publicView, registryOf, type Game, type LegalMoves, type Registry } from '../engine/index.js';
import { clockViewOf, seatViews, statusOf, type Lifecycle, type LifecycleStatus } from './lifecycle/lifecycle.js';
import type { Snapshot } from './cache/snapshot.js';
import { stateSerializer } from './state-json.js';
import type { GameState } from './state-schema.js';

export type { GameState };

/** The legal-moves answer: no actor and no moves while the game waits or after it was aborted. */
export interface LegalAnswer extends LegalMoves {
  version: number;
}

const open = (status: LifecycleStatus) => status === 'active' || status === 'finished';

/**
 * The state of `game` (with its lifecycle `life`) as game `id` at `version`. The lifecycle's
 * members go first; a waiting or aborted game has no actor, and joined seats show their names.
 */
export function stateOf(game: Game, life: Lifecycle, id: string, version: number): GameState {
  const view = publicView(game);
  const status = statusOf(life, game);
  return {
    id,
    version,
    pile: life.pile,
    seats: (life.seatsView ??= seatViews(life)),
    ...(life.clock ? { clock: clockViewOf(life) } : {}),
    ...view,
    status,
    actor: open(status) ? view.actor : null,
    players: life.acted ? view.players.map((p) => ({ ...p, name: life.seats[p.seat].name })) : view.players,
  };
}

/** `stateOf(…)` as JSON. */
export function stateJsonOf(game: Game, life: Lifecycle, id: string, version: number): string {
  return stateSerializer(registryOf(game))(stateOf(game, life, id, version));
}

/** A state made by `stateOf` for a game of `registry`, as JSON. */
export const stateJson = (registry: Registry, state: GameState): string => stateSerializer(registry)(state);

/** The state at the snapshot's version, as JSON built once per version. */
export function currentStateJson(snapshot: Snapshot): string {
  snapshot.stateJson ??= stateJsonOf(snapshot.game, snapshot.life, snapshot.id, snapshot.version);
  return snapshot.stateJson;
}

/** The legal moves at the snapshot's version, made once per version. */
export function legalAnswer(snapshot: Snapshot): LegalAnswer {
  if (snapshot.legal === undefined) {
    const { actor, phase, moves } = legalMoves(snapshot.game);
    const status = statusOf(snapshot.life, snapshot.game);
    snapshot.legal = {
      version: snapshot.version,
      actor: open(status) ? actor : null,
      phase,
      moves: open(status) ? moves : [],
    };
  }
  return snapshot.legal;
}

/** The legal moves at the snapshot's version, as JSON built once per version. */
export function legalMovesJson(snapshot: Snapshot): string {
  snapshot.legalJson ??= JSON.stringify(legalAnswer(snapshot));
  return snapshot.legalJson;
}

/** `{ version, events: [{ seq, seat, events }] }` for the moves after `after`. */
export function eventsJson(snapshot: Snapshot, after: number): string {
  const first = Math.max(after, 0) + 1;
  let json = `{"version":${snapshot.version},"events":[`;
  for (let seq = first; seq <= snapshot.version; seq++) {
    const { seat, events } = snapshot.log[seq - 1];
    json += `${seq > first ? ',' : ''}{"seq":${seq},"seat":${seat},"events":${events}}`;
  }
  return `${json}]}`;
}

/** The 201 body: `stateJson` undefined leaves `state` out (the client preferred `return=minimal`). */
export function moveAcceptedJson(version: number, events: string, stateJson: string | undefined): string {
  const head = `{"version":${version},"events":${events}`;
  return stateJson === undefined ? `${head}}` : `${head},"state":${stateJson}}`;
}
