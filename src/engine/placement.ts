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
  // A game without placement hooks (every game without the river) asks no hook: one length test.
  const hooks = g.cfg.hooks.placementRule;
  if (hooks.length === 0) return NONE;
  let rules: PlacementRule[] | undefined;
  for (const h of hooks) {
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

/** The edge-matching placements (open-positions.ts) that the rules allow too. */
const allowed = (moves: Move[], rules: readonly PlacementRule[]): Move[] =>
  rules.length === 0
    ? moves
    : moves.filter((m) => m.type === 'placeTile' && refusal(rules, keyOf(m.x, m.y), m.rotation / 90) === null);

/** Every legal placement of the tile, in the order of open-positions.ts. */
export function placements(g: State, type: TileType): Move[] {
  return allowed(g.open.placements(type), rulesFor(g, type));
}

/** Why the expansions' rules refuse the tile at `key` in rotation `r` (its edges match there), or null. */
export function placementRefusal(g: State, type: TileType, key: number, r: number): RuleViolation | null {
  const rules = rulesFor(g, type);
  return rules.length === 0 ? null : refusal(rules, key, r);
}

/** Can the tile go anywhere? If not, it is discarded (docs/rules.md §2). */
export function fitsAnywhere(g: State, type: TileType): boolean {
  if (!g.open.fitsAnywhere(type)) return false;
  const rules = rulesFor(g, type);
  return rules.length === 0 || allowed(g.open.placements(type), rules).length > 0;
}
