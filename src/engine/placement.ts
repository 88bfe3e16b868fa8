/**
 * Where a drawn tile may go: an open position where its edges match (open-positions.ts), and
 * where every placement rule an enabled expansion sets for it now allows it (the river's
 * course). One place for the three questions, so that the legal list, the check of a submitted
 * move and the discard of an unplaceable tile never disagree. In a game whose expansions set
 * no placement rule each is the edge test alone: one look at an empty hook list.
 */
import type { TileType } from './catalog.js';
import type { PlacementRule } from './expansion.js';
import { keyOf } from './geometry.js';
import type { State } from './state.js';
import type { Move, RuleViolation } from './types.js';

/** The placement rules set for this tile now; with none, an empty list shared, never changed (no allocation). */
const NONE: readonly PlacementRule[] = [];
function rulesFor(g: State, type: TileType): readonly PlacementRule[] {
  let rules: PlacementRule[] | undefined;
  for (const h of g.cfg.hooks.placementRule) {
    const rule = h(g, type);
    if (rule !== null) (rules ??= []).push(rule);
  }
  return rules ?? NONE;
}

function refusal(rules: readonly PlacementRule[], key: number, r: number): RuleViolation | null {
  for (const rule of rules) {
    const why = rule.refusal(key, r);
    if (why !== null) return why;
  }
  return null;
}

/**
 * Every legal placement of the tile, in the order of open-positions.ts. A game without
 * placement rules (every game without the river) goes straight to the edge test: a legal-move
 * query takes ~0.2 µs, and the call to gather no rules was measurable in it.
 */
export function placements(g: State, type: TileType): Move[] {
  const moves = g.open.placements(type);
  if (g.cfg.hooks.placementRule.length === 0) return moves;
  const rules = rulesFor(g, type);
  if (rules.length === 0) return moves;
  return moves.filter((m) => m.type === 'placeTile' && refusal(rules, keyOf(m.x, m.y), m.rotation / 90) === null);
}

/** Why the expansions' rules refuse the tile at `key` in rotation `r` (its edges match there), or null. */
export function placementRefusal(g: State, type: TileType, key: number, r: number): RuleViolation | null {
  if (g.cfg.hooks.placementRule.length === 0) return null;
  const rules = rulesFor(g, type);
  return rules.length === 0 ? null : refusal(rules, key, r);
}

/** Can the tile go anywhere? If not, it is discarded (docs/rules.md §2). */
export function fitsAnywhere(g: State, type: TileType): boolean {
  if (!g.open.fitsAnywhere(type)) return false;
  return g.cfg.hooks.placementRule.length === 0 || rulesFor(g, type).length === 0 || placements(g, type).length > 0;
}
