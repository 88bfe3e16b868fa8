/** What bots read from moves and events: a stable key per move, points per seat, revealed tiles. */
import { actorOf, legalMoves, type Game, type GameEvent, type Move } from '../engine/index.js';

/** A short stable key naming a move (tree edges, tie-breaks). */
export function moveKey(m: Move): string {
  switch (m.type) {
    case 'draw':
      return 'd';
    case 'pass':
      return 'p';
    case 'returnWagon':
      return 'r';
    case 'placeTile':
      return `t${m.x},${m.y},${m.rotation}`;
    case 'placeAbbey':
      return `a${m.x},${m.y}`;
    case 'placeFigure':
      return `f${m.figure},${m.x},${m.y},${m.feature}`;
    case 'placeBarn':
      return `b${m.x},${m.y},${m.corner}`;
    case 'moveWagon':
      return `w${m.x},${m.y},${m.feature}`;
  }
}

/** Adds the points the events award to `into` (per seat). */
export function addPoints(events: readonly GameEvent[], into: number[]): void {
  for (const e of events) {
    if (e.type === 'featureScored' || e.type === 'goodsScored') for (const p of e.points) into[p.seat] += p.points;
  }
}

/** The tiles the events reveal (drawn or discarded), as one key; '' when none. */
export function revealed(events: readonly GameEvent[]): string {
  let s = '';
  for (const e of events) if (e.type === 'tileDrawn' || e.type === 'tileDiscarded') s += `|${e.tile}`;
  return s;
}

/** The legal moves for `seat`, which must be the actor. */
export function movesFor(game: Game, seat: number): Move[] {
  const actor = actorOf(game);
  if (actor !== seat) throw new Error(`bot asked to move for seat ${seat}, but the actor is ${String(actor)}`);
  return legalMoves(game).moves;
}
