/**
 * Traders & Builders: goods tokens for completing cities, the builder's second part of the
 * turn, and the pig's bonus for farmers. Its slot holds each seat's tokens and whether the
 * builder earned a second part this turn.
 */
import { CITY, FIELD, ROAD } from '../../catalog.js';
import type { Expansion, FigureRule } from '../../expansion.js';
import { majority } from '../../scoring.js';
import { StateSlot } from '../../slot.js';
import type { State } from '../../state.js';
import type { GameEvent } from '../../types.js';
import {
  GOODS,
  type GoodsCount,
  TRADERS_BUILDERS,
  TRADERS_ERROR_CODES,
  TRADERS_FIGURES,
  TRADERS_GAME_VIEW,
  TRADERS_PLAYER_VIEW,
  tradersEvents,
} from './vocabulary.js';
import { violation } from '../../violation.js';

interface TradersState {
  /** Goods tokens per seat, by GOODS index. */
  tokens: number[][];
  /** The first part extended a feature holding the active player's builder. */
  bonusDue: boolean;
}

const SLOT = new StateSlot<TradersState>(
  (cfg) => ({ tokens: cfg.names.map(() => GOODS.map(() => 0)), bonusDue: false }),
  (s) => ({ tokens: s.tokens.map((t) => t.slice()), bonusDue: s.bonusDue }),
);

const COMPLETE = violation('FEATURE_COMPLETE', 'a builder goes only on an incomplete road or city');
const NO_FOLLOWER = violation('BUILDER_NEEDS_FOLLOWER', 'a builder needs one of your followers on that feature');
const NO_FARMER = violation('PIG_NEEDS_FARMER', 'a pig needs one of your farmers in that field');

const BUILDER: FigureRule = {
  strength: null,
  placement: {
    kinds: [ROAD, CITY],
    check(g, seat, root, occ) {
      if (g.isComplete(root)) return COMPLETE;
      if (!occ.hasFollowerOf(root, seat)) return NO_FOLLOWER;
      return null;
    },
  },
};

const PIG: FigureRule = {
  strength: null,
  placement: {
    kinds: [FIELD],
    check: (_g, seat, root, occ) => (occ.hasFollowerOf(root, seat) ? null : NO_FARMER),
  },
};

/** The first part's tile extended a road or city holding the active player's builder. */
function onTilePlaced(g: State): void {
  if (g.extraPart) return;
  const builder = g.figures.find('builder', g.active);
  if (!builder) return;
  const root = g.find(builder.seg);
  const t = g.placedTile();
  for (let i = 0; i < t.type.kinds.length; i++) {
    const k = t.type.kinds[i];
    if ((k === ROAD || k === CITY) && g.find(t.base + i) === root) SLOT.of(g).bonusDue = true;
  }
}

function extraPartDue(g: State): boolean {
  const s = SLOT.of(g);
  const due = s.bonusDue;
  s.bonusDue = false;
  return due;
}

/** The goods symbols of a city, counted over its segments. */
function goodsOf(g: State, root: number): GoodsCount {
  const got: GoodsCount = { wine: 0, wheat: 0, cloth: 0 };
  for (const s of g.features.membersOf(root)) {
    const t = g.board.tile(g.features.tileOf[s]);
    const def = t.type.def.features[s - t.base];
    if (def?.kind === 'city' && def.goods) got[def.goods] += 1;
  }
  return got;
}

/** The player who completed a city takes one token per goods symbol in it, owner or not. */
function onCompleted(g: State, roots: readonly number[], events: GameEvent[]): void {
  for (const root of roots) {
    if (g.features.kind[root] !== CITY) continue;
    const got = goodsOf(g, root);
    if (got.wine + got.wheat + got.cloth === 0) continue;
    const tokens = SLOT.of(g).tokens[g.active];
    GOODS.forEach((good, i) => {
      tokens[i] += got[good];
    });
    events.push({ type: 'goodsAwarded', seat: g.active, goods: got });
  }
}

function farmerBonus(g: State, seat: number, fieldRoot: number): number {
  return g.figures.list.some((f) => f.kind === 'pig' && f.owner === seat && g.find(f.seg) === fieldRoot) ? 1 : 0;
}

/** 10 points to every player with the most tokens (at least one) of each kind. */
function finalScoring(g: State, events: GameEvent[]): void {
  const { tokens } = SLOT.of(g);
  GOODS.forEach((good, i) => {
    const points = majority(tokens.map((t) => t[i])).map((seat) => ({ seat, points: 10 }));
    for (const p of points) g.scores[p.seat] += p.points;
    events.push({ type: 'goodsScored', good, points });
  });
}

const goodsCount = (t: readonly number[]): GoodsCount => ({ wine: t[0], wheat: t[1], cloth: t[2] });

export const tradersBuildersRules: Expansion = {
  id: TRADERS_BUILDERS,
  vocabulary: {
    figures: TRADERS_FIGURES,
    errorCodes: TRADERS_ERROR_CODES,
    events: tradersEvents,
    playerView: TRADERS_PLAYER_VIEW,
    gameView: TRADERS_GAME_VIEW,
  },
  slot: SLOT,
  supply: { builder: 1, pig: 1 },
  figures: { builder: BUILDER, pig: PIG },
  onTilePlaced,
  extraPartDue,
  onCompleted,
  farmerBonus,
  finalScoring,
  viewPlayer: (g, seat) => ({ goods: goodsCount(SLOT.of(g).tokens[seat]) }),
  viewGame: (g) => ({ goods: SLOT.of(g).tokens.map(goodsCount) }),
};
