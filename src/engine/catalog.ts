/**
 * The tile catalog compiled for speed: per tile type and rotation, the edge signature used
 * for matching, which feature sits on each edge and half-edge, and which field fills each
 * corner. The base set is built at module load; each expansion's tiles are added once, when
 * a registry holding its module is made (registry.ts: `Expansion.tiles`). A tile type is never
 * changed or removed, so its index stays valid; the tables made from the catalog (turns.ts,
 * open-positions.ts) grow with it through onTilesAdded.
 */
import { TILE_DEFS } from './catalog-data.js';
import type { FeatureDef, HalfEdge, TileDef } from './catalog-types.js';
import { DIRECTIONS, type ExpansionId, type SetId } from './types.js';

/** Feature kinds as small integers for typed arrays. */
export const ROAD = 0;
export const CITY = 1;
export const FIELD = 2;
const MONASTERY = 3;
export const ABBEY = 4;
/** A feature of an expansion's own kind (catalog-types.ts, ExpansionFeatures): no figure, no scoring. */
export const OTHER = 5;
/** The names of the core's kinds, by kind number (OTHER has the name its tile gives it). */
export const KIND_NAMES = ['road', 'city', 'field', 'monastery', 'abbey'] as const;
/** How many kind numbers there are: a table by kind has this many rows. */
export const KIND_COUNT = OTHER + 1;
/** Cloisters score their tile and the 8 around it. */
export const isCloister = (kind: number): boolean => kind === MONASTERY || kind === ABBEY;

/** Edge codes inside a signature (2 bits per edge, N at bit 0, E at 2, S at 4, W at 6). */
const EDGE_FIELD = 1;
const EDGE_ROAD = 2;
const EDGE_CITY = 3;

export interface RotatedTile {
  /** Edge codes of the 4 board edges, 2 bits each. */
  sig: number;
  /** Road or city feature on board edge d, or -1. */
  edgeFeature: Int8Array;
  /** Field feature on half-edge 2d (left, clockwise first) and 2d+1 (right), or -1. */
  half: Int8Array;
  /** Field feature filling corner c (NE, SE, SW, NW) on both its half-edges, or -1. */
  cornerField: Int8Array;
  /** Board edges of each road/city feature. */
  featureEdges: number[][];
}

export interface TileType {
  index: number;
  id: string;
  set: SetId;
  count: number;
  start: boolean;
  /**
   * Its edges match anything and close the roads and cities facing them without joining
   * them; it is never drawn (the abbey).
   */
  walled: boolean;
  def: TileDef;
  kinds: Uint8Array;
  pennants: Uint8Array;
  /** Road/city edges per feature: the open ends a fresh segment brings. */
  openEdges: Uint8Array;
  /** For fields: the city features of this tile they touch. */
  cityAdj: number[][];
  /** Feature index of the monastery or abbey, or -1. */
  cloister: number;
  rot: RotatedTile[];
  /** The edge signature of each rotation (rot[r].sig), for the fit test. */
  sigs: readonly [number, number, number, number];
}

const HALF_INDEX = new Map<HalfEdge, number>(
  DIRECTIONS.flatMap(
    (d, i) =>
      [
        [`${d}L`, i * 2],
        [`${d}R`, i * 2 + 1],
      ] as const,
  ),
);

function kindOf(f: FeatureDef): number {
  switch (f.kind) {
    case 'road':
      return ROAD;
    case 'city':
      return CITY;
    case 'field':
      return FIELD;
    case 'monastery':
      return MONASTERY;
    case 'abbey':
      return ABBEY;
    default:
      return OTHER;
  }
}

function compile(def: TileDef, index: number): TileType {
  const n = def.features.length;
  const kinds = new Uint8Array(n);
  const pennants = new Uint8Array(n);
  const openEdges = new Uint8Array(n);
  const cityAdj: number[][] = [];
  const edge0 = new Int8Array(4).fill(-1);
  const edgeCode0 = [EDGE_FIELD, EDGE_FIELD, EDGE_FIELD, EDGE_FIELD];
  const half0 = new Int8Array(8).fill(-1);
  let cloister = -1;
  def.features.forEach((f, i) => {
    kinds[i] = kindOf(f);
    cityAdj.push(f.kind === 'field' ? [...f.adjacentCities] : []);
    if (f.kind === 'road' || f.kind === 'city') {
      openEdges[i] = f.edges.length;
      for (const e of f.edges) {
        const d = DIRECTIONS.indexOf(e);
        edge0[d] = i;
        edgeCode0[d] = f.kind === 'city' ? EDGE_CITY : EDGE_ROAD;
      }
    }
    if (f.kind === 'city') pennants[i] = f.pennants;
    if (f.kind === 'field') for (const h of f.halfEdges) half0[HALF_INDEX.get(h) ?? -1] = i;
    if (f.kind === 'monastery' || f.kind === 'abbey') cloister = i;
  });
  const walled = def.features.some((f) => f.kind === 'abbey');
  const rot: RotatedTile[] = [];
  for (let r = 0; r < 4; r++) {
    const edgeFeature = new Int8Array(4);
    const half = new Int8Array(8);
    const cornerField = new Int8Array(4);
    const featureEdges: number[][] = def.features.map(() => []);
    let sig = 0;
    for (let d = 0; d < 4; d++) {
      const s = (d - r + 4) & 3;
      edgeFeature[d] = edge0[s];
      half[d * 2] = half0[s * 2];
      half[d * 2 + 1] = half0[s * 2 + 1];
      sig |= edgeCode0[s] << (d * 2);
      if (edge0[s] >= 0) featureEdges[edge0[s]].push(d);
    }
    for (let c = 0; c < 4; c++) {
      const a = half[c * 2 + 1];
      const b = half[((c + 1) & 3) * 2];
      cornerField[c] = a >= 0 && a === b ? a : -1;
    }
    rot.push({ sig: walled ? 0 : sig, edgeFeature, half, cornerField, featureEdges });
  }
  return {
    index,
    id: def.id,
    set: def.id.split('/')[0] as SetId,
    count: def.count,
    start: def.startTile === true,
    walled,
    def,
    kinds,
    pennants,
    openEdges,
    cityAdj,
    cloister,
    rot,
    sigs: [rot[0].sig, rot[1].sig, rot[2].sig, rot[3].sig],
  };
}

const tileTypes: TileType[] = TILE_DEFS.map(compile);
export const TILE_TYPES: readonly TileType[] = tileTypes;
const tileByID = new Map(TILE_TYPES.map((t) => [t.id, t]));
export const TILE_BY_ID: ReadonlyMap<string, TileType> = tileByID;
function tileById(id: string): TileType {
  const t = TILE_BY_ID.get(id);
  if (t === undefined) throw new Error(`the catalog has no tile ${id}`);
  return t;
}
export const START_TILE: TileType = tileById(TILE_DEFS.find((d) => d.startTile === true)?.id ?? '');
/** Most features any tile has: the size of one tile's block of segment ids (grows with added tiles). */
export let MAX_FEATURES = Math.max(...TILE_TYPES.map((t) => t.kinds.length));

/**
 * The most tile types the catalog holds (~90 today). The tables made from the catalog are
 * allocated for this many once, as constants: a table reallocated as tiles are added sits in a
 * `let`, which the hot path reads through the module's context on every access, and listing
 * the legal placements measured ~5 % slower that way (docs/performance.md).
 */
export const MAX_TILE_TYPES = 1024;

const listeners: ((added: readonly TileType[]) => void)[] = [];
/** Calls `fn` with the tiles there are now, and again with each later batch of added tiles. */
export function onTilesAdded(fn: (added: readonly TileType[]) => void): void {
  listeners.push(fn);
  fn(TILE_TYPES);
}

/**
 * Adds an expansion's tiles to the catalog (once: a tile already there is skipped). Their
 * ids are `<expansion id>/<letter>`; the part before the slash is their set.
 */
export function registerTiles(defs: readonly TileDef[]): void {
  const added: TileType[] = [];
  for (const def of defs) {
    if (tileByID.has(def.id)) continue;
    if (tileTypes.length === MAX_TILE_TYPES) throw new Error(`the catalog holds at most ${MAX_TILE_TYPES} tile types`);
    const t = compile(def, tileTypes.length);
    tileTypes.push(t);
    tileByID.set(t.id, t);
    added.push(t);
    MAX_FEATURES = Math.max(MAX_FEATURES, t.kinds.length);
  }
  if (added.length === 0) return;
  catalogView = undefined;
  for (const fn of listeners) fn(added);
}

/** The tiles of the base set and the chosen expansions' sets that are drawn (walled tiles never are). */
export function pileTiles(expansions: readonly ExpansionId[]): TileType[] {
  const sets = new Set<string>(['base', ...expansions]);
  const pile: TileType[] = [];
  for (const t of TILE_TYPES) {
    if (!sets.has(t.set) || t.walled) continue;
    const copies = t.start ? t.count - 1 : t.count;
    for (let i = 0; i < copies; i++) pile.push(t);
  }
  return pile;
}

export interface CatalogView {
  sets: Record<SetId, number>;
  tiles: (TileDef & { set: SetId })[];
}

let catalogView: CatalogView | undefined;
/** The catalog as clients see it (GET /tiles): features with their edges at rotation 0. */
export function tileCatalog(): CatalogView {
  if (!catalogView) {
    const sets = { base: 0 } as Record<SetId, number>;
    for (const t of TILE_TYPES) sets[t.set] = (sets[t.set] ?? 0) + t.count;
    catalogView = { sets, tiles: TILE_TYPES.map((t) => ({ ...structuredClone(t.def), set: t.set })) };
  }
  return catalogView;
}
