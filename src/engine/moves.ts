/**
 * Applying one move: the shape check of its type, whether this game has the type, whether
 * the phase allows it, then its handler (core-moves.ts or an expansion's). A handler
 * validates completely before it changes anything, so a refusal changes nothing.
 */
import type { MoveOf, MoveSpecs } from './expansion.js';
import { NO_UNDO, type State } from './state.js';
import type { GameEvent, Move, MoveType, RuleViolation } from './types.js';
import { violation } from './violation.js';

/** One table of the move types of several tables (later ones add their types). */
export const mergeMoves = (tables: readonly MoveSpecs[]): MoveSpecs =>
  tables.reduce<MoveSpecs>((all, t) => ({ ...all, ...t }), {});

const isRecord = (v: unknown): v is Readonly<Record<string, unknown>> => typeof v === 'object' && v !== null;

function dispatch<K extends MoveType>(
  g: State,
  specs: MoveSpecs,
  type: K,
  move: MoveOf<K>,
  events: GameEvent[],
): RuleViolation | null {
  const spec = specs[type];
  if (!spec) return violation('EXPANSION_NOT_ENABLED', `${type} belongs to an expansion this game does not use`);
  if (!spec.phases.includes(g.phase))
    return violation('MOVE_NOT_ALLOWED_NOW', `${type} is not allowed in phase ${g.phase}`);
  return spec.apply(g, move, g.phase, events);
}

/** Applies a move to a state in place. On a violation nothing has been changed. */
export function applyMove(g: State, move: Move, events: GameEvent[]): RuleViolation | null {
  if (g.phase === 'finished') return violation('GAME_FINISHED', 'the game is over');
  // The move comes from a client: its type is checked against every type the engine knows.
  const raw: unknown = move;
  if (!isRecord(raw) || typeof raw.type !== 'string' || !Object.hasOwn(g.cfg.knownMoves, raw.type)) {
    return violation('ILLEGAL_MOVE', 'unknown move type');
  }
  const malformed = g.cfg.knownMoves[move.type]?.shape(raw);
  if (malformed) return violation('ILLEGAL_MOVE', malformed);
  const refused = dispatch(g, g.cfg.moves, move.type, move, events);
  // One small node per move, so that an undo can rebuild the part from the moves before it
  // (core-moves.ts): the cost of undo falls on the undo, not on the placements. An undo sets
  // the history itself (to the moves before the placement it took back).
  if (refused === null && move.type !== 'undo' && g.history !== NO_UNDO) g.history = { move, prev: g.history };
  return refused;
}
