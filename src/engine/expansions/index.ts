/**
 * The expansion registry: every module the engine knows, in the order their hooks run
 * (the order of EXPANSIONS; where two modules take part in one step, it says why).
 */
import type { Expansion, MoveSpecs } from '../expansion.js';
import { CORE_MOVES } from '../core-moves.js';
import { mergeMoves } from '../moves.js';
import type { ExpansionId } from '../types.js';
import { abbeyMayor } from './abbey-mayor/index.js';
import { tradersBuilders } from './traders-builders/module.js';

const REGISTRY: readonly Expansion[] = [tradersBuilders, abbeyMayor];

export function orderedModules(ids: readonly ExpansionId[]): Expansion[] {
  return REGISTRY.filter((m) => ids.includes(m.id));
}

/** Every move type, enabled in a game or not: an unknown type is refused before anything else. */
export const KNOWN_MOVES: MoveSpecs = mergeMoves([CORE_MOVES, ...REGISTRY.map((m) => m.moves ?? {})]);
