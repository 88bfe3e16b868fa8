/**
 * What a client may see (RULES 8): the board, figures, supplies, scores, the drawn tile and
 * how many tiles of each kind remain — never the pile order or the seed.
 *
 * The document is built as JSON (the service sends it as is, on every move); publicView reads
 * it back as an object. The placed tiles, most of it, are kept as JSON by the state as they go
 * down.
 */
import { TILE_TYPES } from './catalog.js';
import { actorOf } from './game.js';
import { CORNER_NAMES } from './geometry.js';
import type { State } from './state.js';
import { FIGURE_INDEX } from './state.js';
import type { PublicState } from './types.js';

/** Tile types in id order, the order of tilesLeft. */
const BY_ID = [...TILE_TYPES].sort((a, b) => (a.id < b.id ? -1 : 1));

/** The public state as an object: the JSON document below, read back, so one builder serves both. */
export function publicView(g: State): PublicState {
  return JSON.parse(publicViewJson(g)) as PublicState;
}

/** The parts of the JSON document that a game's configuration fixes, made once per game. */
interface ViewParts {
  /** `"expansions":[…],"rules":{…}` */
  readonly setup: string;
  /** `{"seat":0,"name":"Ann","score":` per seat. */
  readonly playerHeads: readonly string[];
  /** `"meeple":` and the figure's supply index, per figure kind of the game. */
  readonly supply: readonly (readonly [string, number])[];
  /** `"base/A":` and the tile type index, per tile type of the pile, in id order. */
  readonly pileTypes: readonly (readonly [string, number])[];
}

const viewParts = new WeakMap<State['cfg'], ViewParts>();

function partsOf(cfg: State['cfg']): ViewParts {
  let parts = viewParts.get(cfg);
  if (!parts) {
    const inPile = new Set(cfg.pile.map((t) => t.index));
    parts = {
      setup: `"expansions":${JSON.stringify(cfg.expansions)},"rules":${JSON.stringify(cfg.rules)}`,
      playerHeads: cfg.names.map((name, seat) => `{"seat":${seat},"name":${JSON.stringify(name)},"score":`),
      supply: cfg.figureKinds.map((k) => [`"${k}":`, FIGURE_INDEX[k]] as const),
      pileTypes: BY_ID.filter((t) => inPile.has(t.index)).map((t) => [`${JSON.stringify(t.id)}:`, t.index] as const),
    };
    viewParts.set(cfg, parts);
  }
  return parts;
}

const goodsJson = (t: number[]) => `{"wine":${t[0]},"wheat":${t[1]},"cloth":${t[2]}}`;

/**
 * The public state as JSON, built as one string without the objects (it is the write path's
 * answer). `head` is spliced in as the document's first members (for example
 * `"id":"…","version":3`), so a caller can extend the document without a copy.
 */
export function publicViewJson(g: State, head = ''): string {
  const cfg = g.cfg;
  const parts = partsOf(cfg);
  // The tiles are most of the document, kept by the state as a rope of appends. Reading it as
  // a number flattens it in place, so the answer is written out from one flat piece instead
  // of walking the rope again for every answer; the next append starts a short rope anew.
  Number(g.tilesJson);
  const finished = g.phase === 'finished';
  let s = `{${head ? `${head},` : ''}"status":"${finished ? 'finished' : 'active'}",${parts.setup},"players":[`;
  for (let seat = 0; seat < cfg.names.length; seat++) {
    if (seat > 0) s += ',';
    s += `${parts.playerHeads[seat]}${g.scores[seat]},"supply":{`;
    const supply = g.supply[seat]!;
    for (let k = 0; k < parts.supply.length; k++) s += `${k > 0 ? ',' : ''}${parts.supply[k]![0]}${supply[parts.supply[k]![1]]}`;
    s += '}';
    if (cfg.tb) s += `,"goods":${goodsJson(g.tokens[seat]!)}`;
    if (cfg.am) s += `,"abbey":${g.abbeys[seat]}`;
    s += '}';
  }
  s += `],"scores":[${g.scores.join(',')}]`;
  if (cfg.tb) s += `,"goods":[${g.tokens.map(goodsJson).join(',')}]`;
  const actor = actorOf(g);
  s += `,"activeSeat":${finished ? 'null' : g.active},"actor":${actor === null ? 'null' : actor},"phase":"${g.phase}"`;
  s += `,"drawnTile":${g.drawn ? `"${g.drawn.id}"` : 'null'},"bonusPart":${g.bonus},"tiles":[${g.tilesJson}],"figures":[`;
  for (let i = 0; i < g.figures.length; i++) {
    const f = g.figures[i]!;
    const t = g.board.get(f.key)!;
    s += `${i > 0 ? ',' : ''}{"owner":${f.owner},"kind":"${f.kind}","x":${t.x},"y":${t.y},`;
    s += f.kind === 'barn' ? `"corner":"${CORNER_NAMES[f.corner]}"}` : `"feature":${f.feature}}`;
  }
  s += '],"pendingWagons":[';
  for (let i = 0; i < g.held.length; i++) {
    const w = g.held[i]!;
    const t = g.board.get(w.key)!;
    s += `${i > 0 ? ',' : ''}{"seat":${w.owner},"x":${t.x},"y":${t.y}}`;
  }
  s += '],"tilesLeft":{';
  let first = true;
  for (const [key, index] of parts.pileTypes) {
    const n = g.left[index]!;
    if (n <= 0) continue;
    s += `${first ? '' : ','}${key}${n}`;
    first = false;
  }
  return `${s}},"tilesLeftTotal":${cfg.pile.length - g.pileIndex}}`;
}
