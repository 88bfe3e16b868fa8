/**
 * What a client may see (docs/rules.md §8): the board, figures, supplies, scores, the drawn tile and
 * how many tiles of each kind remain — never the pile order or the seed.
 *
 * The document is built as JSON (the service sends it as is, on every move); publicView reads
 * it back as an object. Its string caches live here: the parts a game's configuration fixes
 * (per configuration) and the placed tiles' JSON (per game value, appended as tiles go down,
 * since tiles are never taken back). Expansions add their members through viewPlayer/viewGame.
 */
import { TILE_TYPES } from './catalog.js';
import type { Config } from './config.js';
import { actorOf, stateOf, type Game } from './game.js';
import type { State } from './state.js';
import { FIGURE_INDEX } from './supply.js';
import { CORNERS, type PublicState } from './types.js';

/** Tile types in id order, the order of tilesLeft. */
const BY_ID = [...TILE_TYPES].sort((a, b) => (a.id < b.id ? -1 : 1));

/** The public state as an object: the JSON document below, read back, so one writer serves both. */
export function publicView(game: Game): PublicState {
  return JSON.parse(publicViewJson(game)) as PublicState;
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

const viewParts = new WeakMap<Config, ViewParts>();

function partsOf(cfg: Config): ViewParts {
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

/** The placed tiles as JSON array members, per game value, extended as tiles are added. */
const tilesJson = new WeakMap<State, { count: number; json: string }>();

function tilesOf(g: State): string {
  let cached = tilesJson.get(g);
  if (!cached) {
    cached = { count: 0, json: '' };
    tilesJson.set(g, cached);
  }
  const tiles = g.board.tiles;
  for (let i = cached.count; i < tiles.length; i++) {
    const t = tiles[i];
    cached.json += `${i > 0 ? ',' : ''}{"tile":"${t.type.id}","x":${t.x},"y":${t.y},"rotation":${t.r * 90}}`;
  }
  cached.count = tiles.length;
  // The tiles are most of the document, kept as a rope of appends. Reading it as a number
  // flattens it in place, so the answer is written out from one flat piece instead of
  // walking the rope again for every answer; the next append starts a short rope anew.
  Number(cached.json);
  return cached.json;
}

/**
 * The public state as JSON, built as one string without the objects (it is the write path's
 * answer). `head` is spliced in as the document's first members (for example
 * `"id":"…","version":3`), so a caller can extend the document without a copy.
 */
export function publicViewJson(game: Game, head = ''): string {
  const g = stateOf(game);
  const cfg = g.cfg;
  const parts = partsOf(cfg);
  const hooks = cfg.hooks;
  const tiles = tilesOf(g);
  const finished = g.phase === 'finished';
  let s = `{${head ? `${head},` : ''}"status":"${finished ? 'finished' : 'active'}",${parts.setup},"players":[`;
  for (let seat = 0; seat < cfg.names.length; seat++) {
    if (seat > 0) s += ',';
    s += `${parts.playerHeads[seat]}${g.scores[seat]},"supply":{`;
    for (let k = 0; k < parts.supply.length; k++) {
      const [name, index] = parts.supply[k];
      s += `${k > 0 ? ',' : ''}${name}${g.supply.countAt(seat, index)}`;
    }
    s += '}';
    for (const h of hooks.viewPlayer) s += h(g, seat);
    s += '}';
  }
  s += `],"scores":[${g.scores.join(',')}]`;
  for (const h of hooks.viewGame) s += h(g);
  const actor = actorOf(game);
  s += `,"activeSeat":${finished ? 'null' : g.active},"actor":${actor === null ? 'null' : actor},"phase":"${g.phase}"`;
  s += `,"drawnTile":${g.drawn ? `"${g.drawn.id}"` : 'null'},"bonusPart":${g.extraPart},"tiles":[${tiles}],"figures":[`;
  for (let i = 0; i < g.figures.list.length; i++) {
    const f = g.figures.list[i];
    const t = g.board.at(f.key);
    s += `${i > 0 ? ',' : ''}{"owner":${f.owner},"kind":"${f.kind}","x":${t.x},"y":${t.y},`;
    s += f.corner >= 0 ? `"corner":"${CORNERS[f.corner]}"}` : `"feature":${f.feature}}`;
  }
  // Held figures awaiting a decision; the public name comes from the first expansion with them.
  s += '],"pendingWagons":[';
  for (let i = 0; i < g.pending.length; i++) {
    const w = g.pending[i];
    const t = g.board.at(w.key);
    s += `${i > 0 ? ',' : ''}{"seat":${w.owner},"x":${t.x},"y":${t.y}}`;
  }
  s += '],"tilesLeft":{';
  let first = true;
  for (const [key, index] of parts.pileTypes) {
    const n = g.left[index];
    if (n <= 0) continue;
    s += `${first ? '' : ','}${key}${n}`;
    first = false;
  }
  return `${s}},"tilesLeftTotal":${g.pileLeft()}}`;
}
