/**
 * What a client may see (RULES 8): the board, figures, supplies, scores, the drawn tile and
 * how many tiles of each kind remain — never the pile order or the seed.
 *
 * publicViewJson gives the same document as JSON.stringify(publicView(g)) without building
 * it: the placed tiles (most of the document) are kept as JSON by the state as they go down.
 */
import { TILE_TYPES } from './catalog.js';
import { actorOf } from './game.js';
import { figureView } from './scoring.js';
import type { State } from './state.js';
import { FIGURE_INDEX } from './state.js';
import { ROTATIONS, type FigureKind, type GoodsCount, type PlayerView, type PublicState } from './types.js';

const goodsOf = (t: number[]): GoodsCount => ({ wine: t[0]!, wheat: t[1]!, cloth: t[2]! });

/** Tile types in id order, the order of tilesLeft. */
const BY_ID = [...TILE_TYPES].sort((a, b) => (a.id < b.id ? -1 : 1));

function tilesLeft(g: State): Record<string, number> {
  const out: Record<string, number> = {};
  for (const t of BY_ID) if (g.left[t.index]! > 0) out[t.id] = g.left[t.index]!;
  return out;
}

function players(g: State): PlayerView[] {
  const cfg = g.cfg;
  return cfg.names.map((name, seat) => {
    const supply: Partial<Record<FigureKind, number>> = {};
    for (const k of cfg.figureKinds) supply[k] = g.supply[seat]![FIGURE_INDEX[k]]!;
    return {
      seat, name, score: g.scores[seat]!, supply,
      ...(cfg.tb ? { goods: goodsOf(g.tokens[seat]!) } : {}),
      ...(cfg.am ? { abbey: g.abbeys[seat]! } : {}),
    };
  });
}

const pendingWagons = (g: State) => g.held.map((w) => {
  const t = g.board.get(w.key)!;
  return { seat: w.owner, x: t.x, y: t.y };
});

export function publicView(g: State): PublicState {
  const cfg = g.cfg;
  const finished = g.phase === 'finished';
  return {
    status: finished ? 'finished' : 'active',
    expansions: [...cfg.expansions],
    rules: { ...cfg.rules },
    players: players(g),
    scores: g.scores.slice(),
    ...(cfg.tb ? { goods: g.tokens.map(goodsOf) } : {}),
    activeSeat: finished ? null : g.active,
    actor: actorOf(g),
    phase: g.phase,
    drawnTile: g.drawn ? g.drawn.id : null,
    bonusPart: g.bonus,
    tiles: g.tiles.map((t) => ({ tile: t.type.id, x: t.x, y: t.y, rotation: ROTATIONS[t.r]! })),
    figures: g.figures.map((f) => figureView(g, f)),
    pendingWagons: pendingWagons(g),
    tilesLeft: tilesLeft(g),
    tilesLeftTotal: cfg.pile.length - g.pileIndex,
  };
}

/**
 * JSON.stringify(publicView(g)), faster. `head` is spliced in as the document's first members
 * (for example `"id":"…","version":3`), so a caller can extend the document without a copy.
 */
export function publicViewJson(g: State, head = ''): string {
  const cfg = g.cfg;
  const finished = g.phase === 'finished';
  const j = JSON.stringify;
  let s = `{${head ? `${head},` : ''}"status":"${finished ? 'finished' : 'active'}","expansions":${j(cfg.expansions)},"rules":${j(cfg.rules)}`;
  s += `,"players":${j(players(g))},"scores":${j(g.scores)}`;
  if (cfg.tb) s += `,"goods":${j(g.tokens.map(goodsOf))}`;
  s += `,"activeSeat":${finished ? 'null' : g.active},"actor":${j(actorOf(g))},"phase":"${g.phase}"`;
  s += `,"drawnTile":${g.drawn ? `"${g.drawn.id}"` : 'null'},"bonusPart":${g.bonus}`;
  s += `,"tiles":[${g.tilesJson}],"figures":${j(g.figures.map((f) => figureView(g, f)))}`;
  s += `,"pendingWagons":${j(pendingWagons(g))},"tilesLeft":${j(tilesLeft(g))},"tilesLeftTotal":${cfg.pile.length - g.pileIndex}}`;
  return s;
}
