/**
 * The JSON answers of the read and move routes, written as strings from the snapshot: reads are
 * served from one string per version (memoised on the snapshot, forgotten when it moves on), and
 * each move's events were kept as their JSON when it was played.
 */
import { actorOf, legalMoves, publicViewJson, type Game } from '../engine/index.js';
import { deadlineOf, seatViews, statusOf, type Lifecycle } from './lifecycle.js';
import type { Snapshot } from './snapshot.js';

/**
 * The state of `game` (with its lifecycle `life`) as game `id` at `version`. The lifecycle's
 * members go first (`pile`, `seats`, `clock`); a game no act touched is the engine's document
 * as it is. After an act, the status (waiting, aborted), a waiting or aborted game's actor
 * (none) and the joined seats' names are spliced into the engine's document, whose pieces are
 * fixed strings: no parse, no copy of the rest.
 */
export function stateJsonOf(game: Game, life: Lifecycle, id: string, version: number): string {
  life.headJson ??= `"pile":"${life.pile}","seats":${JSON.stringify(seatViews(life))}`;
  let head = `"id":${JSON.stringify(id)},"version":${version},${life.headJson}`;
  if (life.clock) head += `,"clock":{"turnSeconds":${life.clock.turnSeconds},"deadline":${JSON.stringify(deadlineOf(life))}}`;
  let json = publicViewJson(game, head);
  const status = statusOf(life, game);
  if (status === 'waiting' || status === 'aborted') {
    json = json.replace('"status":"active"', `"status":"${status}"`).replace(`"actor":${actorOf(game)},"phase"`, '"actor":null,"phase"');
  }
  if (life.acted) {
    const names = life.engineNames;
    for (const [seat, s] of life.seats.entries()) {
      if (s.name !== names[seat]) {
        json = json.replace(`{"seat":${seat},"name":${JSON.stringify(names[seat])},"score":`, `{"seat":${seat},"name":${JSON.stringify(s.name)},"score":`);
      }
    }
  }
  return json;
}

/** The state at the snapshot's version, built once per version. */
export function currentStateJson(snapshot: Snapshot): string {
  snapshot.stateJson ??= stateJsonOf(snapshot.game, snapshot.life, snapshot.id, snapshot.version);
  return snapshot.stateJson;
}

/** `{ version, actor, phase, moves }`, built once per version: no actor and no moves while the game waits or after it was aborted. */
export function legalMovesJson(snapshot: Snapshot): string {
  if (snapshot.legalJson === undefined) {
    const { actor, phase, moves } = legalMoves(snapshot.game);
    const status = statusOf(snapshot.life, snapshot.game);
    const open = status === 'active' || status === 'finished';
    snapshot.legalJson = JSON.stringify({ version: snapshot.version, actor: open ? actor : null, phase, moves: open ? moves : [] });
  }
  return snapshot.legalJson;
}

/** `{ version, events: [{ seq, seat, events }] }` for the moves after `after`. */
export function eventsJson(snapshot: Snapshot, after: number): string {
  const first = Math.max(after, 0) + 1;
  let json = `{"version":${snapshot.version},"events":[`;
  for (let seq = first; seq <= snapshot.version; seq++) {
    const { seat, events } = snapshot.log[seq - 1]!;
    json += `${seq > first ? ',' : ''}{"seq":${seq},"seat":${seat},"events":${events}}`;
  }
  return `${json}]}`;
}

/** The 201 body: `stateJson` undefined leaves `state` out (the client preferred `return=minimal`). */
export function moveAcceptedJson(version: number, events: string, stateJson: string | undefined): string {
  const head = `{"version":${version},"events":${events}`;
  return stateJson === undefined ? `${head}}` : `${head},"state":${stateJson}}`;
}
