/** What bots read from moves and events: a stable key per move, points per seat, revealed tiles. */
import { actorOf, legalMoves, type Game, type GameEvent, type Move } from '../engine/index.js';

/** A short stable key naming a move (tree edges, tie-breaks). */
export function moveKey(m: Move): string {
  switch (m.type) {
    case 'draw':
      return 'd';
    case 'pass':
      return 'p';
    case 'placeTile':
      return `t${m.x},${m.y},${m.rotation}`;
    case 'placeFigure':
      return `f${m.figure},${m.x},${m.y},${m.feature}`;
    default:
      // An expansion's move: its type and its members' values, in the order the engine lists them.
      return `${m.type}:${Object.entries(m)
        .filter(([k]) => k !== 'type')
        .map(([, v]) => String(v))
        .join(',')}`;
  }
}

/** Adds the points the events award to `into` (per seat): every scoring event lists them as `points`. */
export function addPoints(events: readonly GameEvent[], into: number[]): void {
  for (const e of events) {
    if ('points' in e && Array.isArray(e.points)) for (const p of e.points) into[p.seat] += p.points;
  }
}

/** The tiles the events reveal (drawn or discarded), as one key; '' when none. */
export function revealed(events: readonly GameEvent[]): string {
  let s = '';
  for (const e of events) if (e.type === 'tileDrawn' || e.type === 'tileDiscarded') s += `|${e.tile}`;
  return s;
}

/**
 * The legal moves a bot chooses among: all but `undo`, which takes a placement back to the
 * position before it (a bot choosing it could go round in circles, and gains nothing: it saw
 * that position already). The engine lists the undo just before the pass, which stays last.
 */
export function botMoves(game: Game): Move[] {
  const moves = legalMoves(game).moves;
  if (moves.at(-2)?.type === 'undo') moves.splice(-2, 1);
  return moves;
}

/** The moves a bot chooses among for `seat` (botMoves), which must be the actor. */
export function movesFor(game: Game, seat: number): Move[] {
  const actor = actorOf(game);
  if (actor !== seat) throw new Error(`bot asked to move for seat ${seat}, but the actor is ${String(actor)}`);
  return botMoves(game);
}

/**
 * The moves a bot may choose among: never taking back a move (an `undo`, where the rules offer
 * one to a person), which would only undo the bot's own choice.
 */
export function choosable(moves: readonly Move[]): Move[] {
  return moves.filter((m) => (m.type as string) !== 'undo');
}
