/**
 * Traders & Builders: goods tokens for completing cities, the builder's second part of the
 * turn, and the pig's bonus for farmers.
 */
import { CITY, FIELD, ROAD } from '../../catalog.js';
import type { Expansion, FigureRule } from '../../expansion.js';
import type { State } from '../../state.js';
import { GOODS, type GameEvent, type GoodsCount } from '../../types.js';
import { violation } from '../../violation.js';
import { majority } from '../../scoring.js';

const BUILDER: FigureRule = {
  kinds: [ROAD, CITY],
  strength: () => 0,
  check(g, seat, root, occ) {
    if (g.isComplete(root)) return violation('FEATURE_COMPLETE', 'a builder goes only on an incomplete road or city');
    if (!occ.hasFollowerOf(root, seat)) return violation('BUILDER_NEEDS_FOLLOWER', 'a builder needs one of your followers on that feature');
    return null;
  },
};

const PIG: FigureRule = {
  kinds: [FIELD],
  strength: () => 0,
  check(_g, seat, root, occ) {
    return occ.hasFollowerOf(root, seat) ? null : violation('PIG_NEEDS_FARMER', 'a pig needs one of your farmers in that field');
  },
};

/** The first part's tile extended a road or city holding the active player's builder. */
function onTilePlaced(g: State): void {
  if (g.bonus) return;
  const builder = g.figures.find((f) => f.kind === 'builder' && f.owner === g.active);
  if (!builder) return;
  const root = g.find(builder.seg);
  const t = g.lastTile!;
  for (let i = 0; i < t.type.kinds.length; i++) {
    const k = t.type.kinds[i];
    if ((k === ROAD || k === CITY) && g.find(t.base + i) === root) g.bonusDue = true;
  }
}

/** The player who completed a city takes one token per goods symbol in it, owner or not. */
function onCompleted(g: State, roots: readonly number[], events: GameEvent[]): void {
  for (const root of roots) {
    if (g.segKind[root] !== CITY) continue;
    const got: GoodsCount = { wine: g.goods[root * 3]!, wheat: g.goods[root * 3 + 1]!, cloth: g.goods[root * 3 + 2]! };
    if (got.wine + got.wheat + got.cloth === 0) continue;
    const tokens = g.tokens[g.active]!;
    tokens[0] += got.wine;
    tokens[1] += got.wheat;
    tokens[2] += got.cloth;
    events.push({ type: 'goodsAwarded', seat: g.active, goods: got });
  }
}

function farmerBonus(g: State, seat: number, fieldRoot: number): number {
  return g.figures.some((f) => f.kind === 'pig' && f.owner === seat && g.find(f.seg) === fieldRoot) ? 1 : 0;
}

/** 10 points to every player with the most tokens (at least one) of each kind. */
function finalScoring(g: State, events: GameEvent[]): void {
  GOODS.forEach((good, i) => {
    const counts = g.tokens.map((t) => t[i]!);
    const points = majority(counts).map((seat) => ({ seat, points: 10 }));
    for (const p of points) g.scores[p.seat] += p.points;
    events.push({ type: 'goodsScored', good, points });
  });
}

export const tradersBuilders: Expansion = {
  id: 'traders-builders',
  supply: { builder: 1, pig: 1 },
  figures: { builder: BUILDER, pig: PIG },
  onTilePlaced,
  onCompleted,
  farmerBonus,
  finalScoring,
};
