/**
 * The public view as JSON, written straight from the game: the service sends it on every move,
 * and building the view object (view.ts) and then writing it cost ~3x as much (measured
 * alternately in one process on three-player games with both expansions, and as ~+40 µs of CPU
 * per move in `npm run bench:service`). Its string caches live here: what a game's
 * configuration fixes, and the placed tiles' JSON per game value (appended as tiles go down,
 * since tiles are never taken back). An expansion's members come from the same viewPlayer and
 * viewGame objects as the view's; test/engine/view-json.test.ts keeps the two views equal.
 */
import { TILE_TYPES } from './catalog.js';
import type { Config } from './config.js';
import { actorOf, stateOf, type Game } from './game.js';
import type { State } from './state.js';
import { FIGURE_INDEX } from './supply.js';
import { CORNERS } from './types.js';

/** Tile types in id order, the order of tilesLeft. */
const BY_ID = [...TILE_TYPES].sort((a, b) => (a.id < b.id ? -1 : 1));

/** What the caller writes around the engine's members, and what it knows better than the engine. */
export interface ViewJsonOptions {
  /** Members written first, as JSON members (`"id":"…","version":3`). */
  readonly head?: string;
  /** The status to show instead of the engine's (a game that waits, or was aborted). */
  readonly status?: string;
  /** Show no actor (nobody may act). */
  readonly noActor?: boolean;
  /** The seats' names to show instead of those the game was created with. */
  readonly names?: readonly string[];
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

const playerHead = (seat: number, name: string) => `{"seat":${seat},"name":${JSON.stringify(name)},"score":`;

function partsOf(cfg: Config): ViewParts {
  let parts = viewParts.get(cfg);
  if (!parts) {
    const inPile = new Set(cfg.pile.map((t) => t.index));
    parts = {
      setup: `"expansions":${JSON.stringify(cfg.expansions)},"rules":${JSON.stringify(cfg.rules)}`,
      playerHeads: cfg.names.map((name, seat) => playerHead(seat, name)),
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

/** An expansion's members, written from the object its hook answers. */
function membersJson(members: object): string {
  let s = '';
  for (const [key, value] of Object.entries(members))
    if (value !== undefined) s += `,"${key}":${JSON.stringify(value)}`;
  return s;
}

/** The public view (publicView's members, in its order) as JSON. */
export function publicViewJson(game: Game, options: ViewJsonOptions = {}): string {
  const g = stateOf(game);
  const cfg = g.cfg;
  const parts = partsOf(cfg);
  const hooks = cfg.hooks;
  const tiles = tilesOf(g);
  const finished = g.phase === 'finished';
  const status = options.status ?? (finished ? 'finished' : 'active');
  let s = `{${options.head ? `${options.head},` : ''}"status":"${status}",${parts.setup},"players":[`;
  for (let seat = 0; seat < cfg.names.length; seat++) {
    if (seat > 0) s += ',';
    const name = options.names?.[seat];
    s += `${name === undefined ? parts.playerHeads[seat] : playerHead(seat, name)}${g.scores[seat]},"supply":{`;
    for (let k = 0; k < parts.supply.length; k++) {
      const [kind, index] = parts.supply[k];
      s += `${k > 0 ? ',' : ''}${kind}${g.supply.countAt(seat, index)}`;
    }
    s += '}';
    for (const h of hooks.viewPlayer) s += membersJson(h(g, seat));
    s += '}';
  }
  s += `],"scores":[${g.scores.join(',')}]`;
  for (const h of hooks.viewGame) s += membersJson(h(g));
  const actor = options.noActor ? null : actorOf(game);
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
