/**
 * The figure step: which figures may go where on the tile just placed. One predicate
 * (figureViolation) serves both the legal-move list and the check of a submitted move, so
 * the two can never disagree.
 */
import { ABBEY, CITY, FIELD, KIND_NAMES, MONASTERY, ROAD } from './catalog.js';
import type { Expansion, FigureRule } from './expansion.js';
import type { Occupancy } from './occupancy.js';
import { FIGURE_INDEX, type State } from './state.js';
import type { Move, PlaceableFigure, RuleViolation } from './types.js';
import { PLACEABLE_FIGURES } from './types.js';
import { violation } from './violation.js';
import { keyOf } from './geometry.js';

export const MEEPLE_RULE: FigureRule = {
  kinds: [ROAD, CITY, FIELD, MONASTERY, ABBEY],
  strength: () => 1,
  check(_g, _seat, root, occ) {
    if (occ.hasFollower(root)) return violation('FEATURE_OCCUPIED', 'that feature already holds a follower');
    if (occ.barns.has(root)) return violation('FIELD_HAS_BARN', 'a farmer may not enter a field with a barn');
    return null;
  },
};

/** The figure rules of a set of modules: the meeple plus those of the expansions. */
export function composeFigureRules(modules: readonly Expansion[]): Partial<Record<PlaceableFigure, FigureRule>> {
  const rules: Partial<Record<PlaceableFigure, FigureRule>> = { meeple: MEEPLE_RULE };
  for (const m of modules) Object.assign(rules, m.figures);
  return rules;
}

const figureRules = (g: State) => g.cfg.figureRules;

export function figureViolation(
  g: State, figure: PlaceableFigure, x: number, y: number, feature: number, occ: Occupancy,
): RuleViolation | null {
  const rule = figureRules(g)[figure];
  if (!rule) return violation('EXPANSION_NOT_ENABLED', `the ${figure} is not part of this game`);
  const seat = g.active;
  if (g.supply[seat]![FIGURE_INDEX[figure]]! <= 0) return violation('NO_FIGURE_IN_SUPPLY', `no ${figure} left in supply`);
  const t = g.lastTile!;
  if (t.key !== keyOf(x, y)) return violation('NOT_ON_NEW_TILE', 'figures go only on the tile just placed');
  if (!Number.isInteger(feature) || feature < 0 || feature >= t.type.kinds.length) {
    return violation('NO_SUCH_FEATURE', `tile ${t.type.id} has no feature ${feature}`);
  }
  const kind = t.type.kinds[feature]!;
  if (!rule.kinds.includes(kind)) {
    return violation('WRONG_FEATURE_KIND', `a ${figure} may not stand on a ${KIND_NAMES[kind]}`);
  }
  return rule.check(g, seat, g.find(t.base + feature), occ);
}

/** Every figure-step move except pass, in a stable order. */
export function figureMoves(g: State): Move[] {
  const t = g.lastTile!;
  const occ = g.occupancy();
  const rules = figureRules(g);
  const supply = g.supply[g.active]!;
  const out: Move[] = [];
  for (let i = 0; i < t.type.kinds.length; i++) {
    const kind = t.type.kinds[i]!;
    const root = g.find(t.base + i);
    for (const figure of PLACEABLE_FIGURES) {
      const rule = rules[figure];
      if (!rule || supply[FIGURE_INDEX[figure]]! <= 0 || !rule.kinds.includes(kind)) continue;
      if (rule.check(g, g.active, root, occ) === null) {
        out.push({ type: 'placeFigure', figure, x: t.x, y: t.y, feature: i });
      }
    }
  }
  for (const m of g.cfg.modules) m.figureStepMoves?.(g, occ, out);
  return out;
}

export function strengthOf(g: State, kind: PlaceableFigure, root: number): number {
  return figureRules(g)[kind]?.strength(g, root) ?? 0;
}
