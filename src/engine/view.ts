/**
 * What a client may see (RULES 8): the board, figures, supplies, scores, the drawn tile and
 * how many tiles of each kind remain — never the pile order or the seed.
 */
import { figureView } from './scoring.js';
import type { State } from './state.js';
import { FIGURE_INDEX } from './state.js';
import { actorOf } from './game.js';
import { FIGURE_KINDS, ROTATIONS, type FigureKind, type GoodsCount, type PublicState } from './types.js';

const goodsOf = (t: number[]): GoodsCount => ({ wine: t[0]!, wheat: t[1]!, cloth: t[2]! });

export function publicView(g: State): PublicState {
  const cfg = g.cfg;
  const kinds = FIGURE_KINDS.filter((k) => k === 'meeple'
    || cfg.modules.some((m) => (m.supply as Record<string, number | undefined>)[k] !== undefined));
  const tilesLeft: Record<string, number> = {};
  for (let i = g.pileIndex; i < cfg.pile.length; i++) {
    const id = cfg.pile[i]!.id;
    tilesLeft[id] = (tilesLeft[id] ?? 0) + 1;
  }
  const sortedLeft: Record<string, number> = {};
  for (const id of Object.keys(tilesLeft).sort()) sortedLeft[id] = tilesLeft[id]!;
  const finished = g.phase === 'finished';
  const view: PublicState = {
    status: finished ? 'finished' : 'active',
    expansions: [...cfg.expansions],
    rules: { ...cfg.rules },
    players: cfg.names.map((name, seat) => {
      const supply: Partial<Record<FigureKind, number>> = {};
      for (const k of kinds) supply[k] = g.supply[seat]![FIGURE_INDEX[k]]!;
      return {
        seat, name, score: g.scores[seat]!, supply,
        ...(cfg.tb ? { goods: goodsOf(g.tokens[seat]!) } : {}),
        ...(cfg.am ? { abbey: g.abbeys[seat]! } : {}),
      };
    }),
    scores: g.scores.slice(),
    ...(cfg.tb ? { goods: g.tokens.map(goodsOf) } : {}),
    activeSeat: finished ? null : g.active,
    actor: actorOf(g),
    phase: g.phase,
    drawnTile: g.drawn ? g.drawn.id : null,
    bonusPart: g.bonus,
    tiles: g.tiles.map((t) => ({ tile: t.type.id, x: t.x, y: t.y, rotation: ROTATIONS[t.r]! })),
    figures: g.figures.map((f) => figureView(g, f)),
    pendingWagons: g.held.map((w) => {
      const t = g.board.get(w.key)!;
      return { seat: w.owner, x: t.x, y: t.y };
    }),
    tilesLeft: sortedLeft,
    tilesLeftTotal: cfg.pile.length - g.pileIndex,
  };
  return view;
}
