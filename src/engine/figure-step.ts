/**
 * The figure step: which figures may go where on the tile just placed. One predicate
 * (figureViolation) serves both the legal-move list and the check of a submitted move, so
 * the two can never disagree. What a figure may do comes from its rule (expansion.ts).
 */
import { KIND_COUNT, KIND_NAMES } from './catalog.js';
import type { Config } from './config.js';
import type { FigureRule } from './expansion.js';
import { keyOf } from './geometry.js';
import type { Occupancy } from './occupancy.js';
import type { State } from './state.js';
import { FIGURE_INDEX } from './supply.js';
import type { FigureKind, Move, PlaceableFigure, RuleViolation } from './types.js';
import { violation } from './violation.js';

const OCCUPIED = violation('FEATURE_OCCUPIED', 'that feature already holds a follower');

/** A follower may not join a feature that holds one, or one a figure keeps followers out of. */
export function followerCheck(occ: Occupancy, root: number): RuleViolation | null {
  if (occ.hasFollower(root)) return OCCUPIED;
  return occ.exclusion(root);
}

export const MEEPLE_RULE: FigureRule = {
  strength: () => 1,
  placement: {
    // Every kind of feature the catalog knows.
    kinds: KIND_NAMES.map((_, kind) => kind),
    check: (_g, _seat, root, occ) => followerCheck(occ, root),
  },
};

export function figureViolation(
  g: State,
  figure: PlaceableFigure,
  x: number,
  y: number,
  feature: number,
  occ: Occupancy,
): RuleViolation | null {
  const placement = g.cfg.figureRules[figure]?.placement;
  if (!placement) return violation('EXPANSION_NOT_ENABLED', `the ${figure} is not part of this game`);
  const seat = g.active;
  if (g.supply.count(seat, figure) <= 0) return violation('NO_FIGURE_IN_SUPPLY', `no ${figure} left in supply`);
  const t = g.placedTile();
  if (t.key !== keyOf(x, y)) return violation('NOT_ON_NEW_TILE', 'figures go only on the tile just placed');
  if (!Number.isInteger(feature) || feature < 0 || feature >= t.type.kinds.length) {
    return violation('NO_SUCH_FEATURE', `tile ${t.type.id} has no feature ${feature}`);
  }
  const kind = t.type.kinds[feature];
  if (!placement.kinds.includes(kind)) {
    return violation('WRONG_FEATURE_KIND', `a ${figure} may not stand on a ${t.type.def.features[feature].kind}`);
  }
  return placement.check(g, seat, g.find(t.base + feature), occ);
}

interface Placer {
  readonly figure: PlaceableFigure;
  readonly index: number;
  readonly check: NonNullable<FigureRule['placement']>['check'];
}

/**
 * Per feature kind, the figures that may stand on it, in `placeable` order: made once per set
 * of figure rules (shared by every game with the same expansions), so the figure step does not
 * look every figure's rule up again for every feature of every tile.
 */
const PLACERS = new WeakMap<Config['figureRules'], readonly (readonly Placer[])[]>();
function placersByKind(cfg: Config): readonly (readonly Placer[])[] {
  let table = PLACERS.get(cfg.figureRules);
  if (table === undefined) {
    // Every kind number, OTHER's row included (empty: nothing stands on an expansion's own kind).
    table = Array.from({ length: KIND_COUNT }, (_, kind) =>
      cfg.placeable.flatMap((figure) => {
        const placement = cfg.figureRules[figure]?.placement;
        return placement?.kinds.includes(kind) ? [{ figure, index: FIGURE_INDEX[figure], check: placement.check }] : [];
      }),
    );
    PLACERS.set(cfg.figureRules, table);
  }
  return table;
}

/** Every figure-step move except pass, in a stable order. */
export function figureMoves(g: State): Move[] {
  const t = g.placedTile();
  const occ = g.occupancy();
  const placers = placersByKind(g.cfg);
  const out: Move[] = [];
  for (let i = 0; i < t.type.kinds.length; i++) {
    const candidates = placers[t.type.kinds[i]];
    if (candidates.length === 0) continue;
    const root = g.find(t.base + i);
    for (const p of candidates) {
      if (g.supply.countAt(g.active, p.index) > 0 && p.check(g, g.active, root, occ) === null) {
        out.push({ type: 'placeFigure', figure: p.figure, x: t.x, y: t.y, feature: i });
      }
    }
  }
  for (const h of g.cfg.hooks.figureStepMoves) h(g, occ, out);
  return out;
}

/** The figure-step moves (except pass), computed once when the step begins. */
export function stepMoves(g: State): readonly Move[] {
  return (g.figureMoves ??= figureMoves(g));
}

export function strengthOf(g: State, kind: FigureKind, root: number): number {
  return g.cfg.figureRules[kind]?.strength?.(g, root) ?? 0;
}
