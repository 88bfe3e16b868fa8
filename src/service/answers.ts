/**
 * The answers of the read and move routes. The state and the legal moves are objects (the
 * engine's, with the lifecycle's members spread in); each is made JSON once per version,
 * memoised on the snapshot and forgotten when it moves on. The state's JSON is written by the
 * serializer compiled from the state's schema (`answer-json.ts`); the events were written when
 * their log entry was played (`cache/snapshot.ts`), and the routes put those pieces into their
 * answers.
 */
import {
  legalMoves,
  publicView,
  publicViewCounts,
  registryOf,
  type Game,
  type LegalMoves,
  type PublicState,
} from '../engine/index.js';
import { clockViewOf, seatViews, statusOf, type Lifecycle, type LifecycleStatus } from './lifecycle/lifecycle.js';
import type { LogEntry, Snapshot } from './cache/snapshot.js';
import { gameStateJson, type Json } from './answer-json.js';
import { kept } from './json-pieces.js';
import type { GameState } from './state-schema.js';

export type { GameState };

/** The legal-moves answer: no actor and no moves while the game waits or after it was aborted. */
export interface LegalAnswer extends LegalMoves {
  version: number;
}

/** The events of the log entries after a version: `{ seq, seat, events }` each, the events as their JSON. */
export interface EventBatches {
  version: number;
  batches: { seq: number; seat: number; events: LogEntry['events'] }[];
}

const open = (status: LifecycleStatus) => status === 'active' || status === 'finished';

/** A view, or one without its `tilesLeft` (`publicViewCounts`), and the state made of it. */
type StateOf<V> = Omit<GameState, keyof PublicState> & Omit<V, 'status'> & Pick<GameState, 'status'>;

/**
 * `view`, made for this state, as the state of game `id` at `version` (with its lifecycle `life`):
 * the lifecycle's members go first; a waiting or aborted game has no actor, and joined seats show
 * their names. The lifecycle's members are set on the view, which costs less than copying its ~20
 * members into another object (the JSON's member order is the schema's).
 */
function withLifecycle<V extends Omit<PublicState, 'tilesLeft'>>(
  view: V,
  game: Game,
  life: Lifecycle,
  id: string,
  version: number,
): StateOf<V> {
  const status = statusOf(life, game);
  const state = view as Omit<V, 'status'> as StateOf<V>;
  state.id = id;
  state.version = version;
  state.pile = life.pile;
  state.rated = life.rated;
  state.seats = life.seatsView ??= seatViews(life);
  if (life.clock) state.clock = clockViewOf(life);
  state.status = status;
  if (!open(status)) state.actor = null;
  if (life.acted) state.players = view.players.map((p) => ({ ...p, name: life.seats[p.seat].name }));
  return state;
}

/** The state of `game` (with its lifecycle `life`) as game `id` at `version`. */
export const stateOf = (game: Game, life: Lifecycle, id: string, version: number): GameState =>
  withLifecycle(publicView(game), game, life, id, version);

/** `stateOf(…)` as JSON, its pile's counts written from the engine's lists. */
export function stateJsonOf(game: Game, life: Lifecycle, id: string, version: number): Json<GameState> {
  const { view, counts } = publicViewCounts(game);
  return gameStateJson(registryOf(game), withLifecycle(view, game, life, id, version), game, counts);
}

/** The state at the snapshot's version, as JSON built once per version. */
export function currentStateJson(snapshot: Snapshot): Json<GameState> {
  snapshot.stateJson ??= kept(stateJsonOf(snapshot.game, snapshot.life, snapshot.id, snapshot.version));
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

/** The legal moves at the snapshot's version, as JSON built once per version (plain JSON.stringify: not hot). */
export function legalMovesJson(snapshot: Snapshot): Json<LegalAnswer> {
  snapshot.legalJson ??= JSON.stringify(legalAnswer(snapshot)) as Json<LegalAnswer>;
  return snapshot.legalJson;
}

/** The events of the log entries after `after`, each entry's as the snapshot keeps them. */
export function eventBatches(snapshot: Snapshot, after: number): EventBatches {
  const batches: EventBatches['batches'] = [];
  for (let seq = Math.max(after, 0) + 1; seq <= snapshot.version; seq++) {
    const { seat, events } = snapshot.log[seq - 1];
    batches.push({ seq, seat, events });
  }
  return { version: snapshot.version, batches };
}
