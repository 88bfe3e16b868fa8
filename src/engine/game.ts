/**
 * The engine's API over a game: legalMoves, play, playInPlace, replay. Internal steps
 * (turn.ts, moves.ts) mutate a State; a Game is that state seen from outside, opaque.
 *
 * Faults: every refusal of a move is a value ({ ok: false, error }). An exception thrown from
 * play, playInPlace or replay is an engine fault (a bug), never a client's mistake: all three
 * let it propagate alike, so the caller answers it as a server error; a game that playInPlace
 * was applying a move to when it threw may be half-changed and must be discarded.
 */
import { stepMoves } from './figure-step.js';
import { applyMove } from './moves.js';
import { DRAW, PASS, UNDO } from './shared-moves.js';
import type { Registry } from './registry.js';
import { createGame as create } from './setup.js';
import { pendingFigure } from './turn-api.js';
import { decisionMoves, drawAlternatives } from './turn.js';
import { NO_UNDO, type State } from './state.js';
import {
  ALTERNATIVES_PHASE,
  DECISION_PHASE,
  FINAL_ROUND_PHASE,
  type GameEvent,
  type GameSetup,
  type LegalMoves,
  type Move,
  type Phase,
  type Result,
  type RuleViolation,
} from './types.js';

declare const opaque: unique symbol;
/** A game: only the engine's functions look inside. */
export interface Game {
  readonly [opaque]: true;
}

// The only two conversions between the outside view and the state behind it.
const stateOf = (game: Game): State => game as unknown as State;
const gameOf = (g: State): Game => g as unknown as Game;

/** A new game; `registry` offers the expansions it may enable (by default the engine's own). */
/** The registry a game was made with. */
export const registryOf = (game: Game): Registry => stateOf(game).cfg.registry;

export function createGame(setup: GameSetup, registry?: Registry): Result<{ game: Game; events: GameEvent[] }> {
  const r = create(setup, registry);
  return r.ok ? { ok: true, value: { game: gameOf(r.value.game), events: r.value.events } } : r;
}

function actor(g: State): number | null {
  switch (g.phase) {
    case 'finished':
      return null;
    case DECISION_PHASE:
      return pendingFigure(g).owner;
    case ALTERNATIVES_PHASE:
    case 'placeTile':
    case 'placeFigure':
    case FINAL_ROUND_PHASE:
      return g.active;
  }
}

export const actorOf = (game: Game): number | null => actor(stateOf(game));
/** The phase the game is in: what `legalMoves` says, without listing the moves. */
export const phaseOf = (game: Game): Phase => stateOf(game).phase;
export const isFinished = (game: Game): boolean => stateOf(game).phase === 'finished';

/** The moves open to the actor, each list a new array (of shared move values). */
function movesOf(g: State): Move[] {
  switch (g.phase) {
    case 'finished':
      return [];
    case ALTERNATIVES_PHASE:
      return [g.pileLeft() > 0 ? DRAW : PASS, ...drawAlternatives(g)];
    case 'placeTile': {
      const drawn = g.drawn;
      if (drawn === null) throw new Error('engine fault: no drawn tile in phase placeTile');
      return g.open.placements(drawn);
    }
    case 'placeFigure':
      // The undo just before the pass: the pass stays last and a figure first, as clients that
      // play the first or the last listed move have always found them.
      // A spread, not concat(): concat measured slower on these short lists.
      return g.history === NO_UNDO ? [...stepMoves(g), PASS] : [...stepMoves(g), UNDO, PASS];
    case DECISION_PHASE:
      return decisionMoves(g, pendingFigure(g));
    case FINAL_ROUND_PHASE: {
      const moves = drawAlternatives(g);
      if (g.cfg.finalRound?.passRefusal === null) moves.push(PASS);
      return moves;
    }
  }
}

export function legalMoves(game: Game): LegalMoves {
  const g = stateOf(game);
  return { actor: actor(g), phase: g.phase, moves: movesOf(g) };
}

/** Applies one move to a copy; the given game is left untouched. */
export function play(game: Game, move: Move): Result<{ game: Game; events: GameEvent[] }> {
  const g = stateOf(game);
  if (g.phase === 'finished') return { ok: false, error: { code: 'GAME_FINISHED', reason: 'the game is over' } };
  const copy = g.clone();
  const r = playInPlace(gameOf(copy), move);
  return r.ok ? { ok: true, value: { game: gameOf(copy), events: r.value } } : r;
}

/**
 * play() for a caller that owns its game value and shares it with nobody: the move is applied
 * to `game` itself, without a copy. A refused move leaves it unchanged, as with play().
 */
export function playInPlace(game: Game, move: Move): Result<GameEvent[]> {
  const g = stateOf(game);
  const events: GameEvent[] = [];
  const v = applyMove(g, move, events);
  return v ? { ok: false, error: v } : { ok: true, value: events };
}

/** Rebuilds a game from its setup and move log, with the events of each move. */
export function replay(
  setup: GameSetup,
  moves: readonly Move[],
): Result<{ game: Game; created: GameEvent[]; events: GameEvent[][] }, RuleViolation & { index: number }> {
  const created = createGame(setup);
  if (!created.ok) return { ok: false, error: { ...created.error, index: -1 } };
  const game = created.value.game;
  const events: GameEvent[][] = [];
  for (let i = 0; i < moves.length; i++) {
    const r = playInPlace(game, moves[i]);
    if (!r.ok) return { ok: false, error: { ...r.error, index: i } };
    events.push(r.value);
  }
  return { ok: true, value: { game, created: created.value.events, events } };
}

/** The state behind a game, for the engine's own modules (the view). */
export { stateOf };
