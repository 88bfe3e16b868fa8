/**
 * The state's JSON, written from the state object by the one module that writes it. A state is
 * sent on every move, and JSON.stringify of the whole object cost ~3x the hand-written writer
 * (measured on three-player games with both expansions, alternately in one process), most of
 * it in the placed tiles. So the tiles' JSON is kept per game value and appended to as tiles go
 * down (the engine makes a tile's view once per game value, so the first tile's view object
 * names the game, and the last one says whether the JSON still describes a prefix of the
 * tiles); the members the core always has are written by hand; any other member (an
 * expansion's) goes through JSON.stringify.
 */
import type { BoardFigure, PlayerView, TileView } from '../engine/index.js';

interface TilesJson {
  count: number;
  last: TileView;
  json: string;
}

const tilesJson = new WeakMap<TileView, TilesJson>();

function tilesOf(tiles: readonly TileView[]): string {
  if (tiles.length === 0) return '';
  let cached = tilesJson.get(tiles[0]!);
  if (!cached || cached.count > tiles.length || tiles[cached.count - 1] !== cached.last) {
    cached = { count: 0, last: tiles[0]!, json: '' };
    tilesJson.set(tiles[0]!, cached);
  }
  for (let i = cached.count; i < tiles.length; i++) {
    const t = tiles[i]!;
    cached.json += `${i > 0 ? ',' : ''}{"tile":${JSON.stringify(t.tile)},"x":${t.x},"y":${t.y},"rotation":${t.rotation}}`;
  }
  cached.count = tiles.length;
  cached.last = tiles[tiles.length - 1]!;
  // The tiles are most of the document, kept as a rope of appends. Reading it as a number
  // flattens it in place, so the answer is written out from one flat piece instead of
  // walking the rope again for every answer; the next append starts a short rope anew.
  Number(cached.json);
  return cached.json;
}

function figureJson(f: BoardFigure): string {
  const at = f.corner === undefined ? `"feature":${f.feature}` : `"corner":"${f.corner}"`;
  return `{"owner":${f.owner},"kind":"${f.kind}","x":${f.x},"y":${f.y},${at}}`;
}

/** `{"k":n,…}` of a seat's figures (kinds need no escaping). */
function countsJson(counts: Readonly<Record<string, number>>): string {
  let s = '{';
  let first = true;
  for (const key in counts) {
    s += `${first ? '' : ','}"${key}":${counts[key]}`;
    first = false;
  }
  return `${s}}`;
}

function playerJson(p: PlayerView): string {
  let s = `{"seat":${p.seat},"name":${JSON.stringify(p.name)},"score":${p.score},"supply":${countsJson(p.supply)}`;
  for (const key in p) {
    if (key === 'seat' || key === 'name' || key === 'score' || key === 'supply') continue;
    const value = p[key as keyof PlayerView];
    if (value !== undefined) s += `,"${key}":${JSON.stringify(value)}`;
  }
  return `${s}}`;
}

function listJson<T>(items: readonly T[], write: (item: T) => string): string {
  let s = '[';
  for (let i = 0; i < items.length; i++) s += `${i > 0 ? ',' : ''}${write(items[i]!)}`;
  return `${s}]`;
}

interface StateObject {
  readonly players: readonly PlayerView[];
  readonly scores: readonly number[];
  readonly tiles: readonly TileView[];
  readonly figures: readonly BoardFigure[];
}

/** A state (the engine's view with the lifecycle's members) as JSON, members in the object's order. */
export function stateJson(state: StateObject): string {
  let s = '{';
  for (const key in state) {
    const value = (state as unknown as Record<string, unknown>)[key];
    if (value === undefined) continue;
    if (s.length > 1) s += ',';
    switch (key) {
      case 'players': s += `"players":${listJson(state.players, playerJson)}`; break;
      case 'scores': s += `"scores":[${state.scores.join(',')}]`; break;
      case 'tiles': s += `"tiles":[${tilesOf(state.tiles)}]`; break;
      case 'figures': s += `"figures":${listJson(state.figures, figureJson)}`; break;
      default: s += `"${key}":${typeof value === 'number' ? value : JSON.stringify(value)}`;
    }
  }
  return `${s}}`;
}
