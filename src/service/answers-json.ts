/**
 * The JSON answers of the read and move routes, written as strings from the snapshot: reads are
 * served from one string per version (memoised on the snapshot, forgotten when it moves on), and
 * each move's events were kept as their JSON when it was played.
 */
import { legalMoves, publicViewJson, type Game } from '../engine/index.js';
import type { Snapshot } from './snapshot.js';

/** The state of `game` as game `id` at `version`. */
export function stateJsonOf(game: Game, id: string, version: number): string {
  return publicViewJson(game, `"id":${JSON.stringify(id)},"version":${version}`);
}

/** The state at the snapshot's version, built once per version. */
export function currentStateJson(snapshot: Snapshot): string {
  snapshot.stateJson ??= stateJsonOf(snapshot.game, snapshot.id, snapshot.version);
  return snapshot.stateJson;
}

/** `{ version, actor, phase, moves }`, built once per version. */
export function legalMovesJson(snapshot: Snapshot): string {
  if (snapshot.legalJson === undefined) {
    const { actor, phase, moves } = legalMoves(snapshot.game);
    snapshot.legalJson = JSON.stringify({ version: snapshot.version, actor, phase, moves });
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
