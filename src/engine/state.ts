/**
 * The game state and its board: placed tiles, open positions with their edge requirements,
 * and the features as a union-find over segments (one segment = one feature of one placed
 * tile). All per-feature facts (open ends, pennants, goods, member segments) live on the
 * union-find root, so a placement only touches the few segments it connects.
 *
 * The state is mutated in place by the engine's internal steps; the public API clones it
 * first (see game.ts), so callers only ever see immutable values.
 */
import {
  ABBEY, CITY, FIELD, MAX_FEATURES, MONASTERY, ROAD, TILE_TYPES, type TileType,
} from './catalog.js';
import { AROUND, DIR_STEP, opposite, xOf, yOf } from './geometry.js';
import { Occupancy } from './occupancy.js';
import type { Expansion, FigureRule, MoveHandler } from './expansion.js';
import type { ExpansionId, FigureKind, Move, MoveType, Phase, PlaceableFigure, Rules } from './types.js';
import { FIGURE_KINDS } from './types.js';

export interface PlacedTile {
  readonly type: TileType;
  readonly key: number;
  readonly x: number;
  readonly y: number;
  /** Rotation in quarter turns clockwise. */
  readonly r: number;
  /** Segment id of feature 0; feature i is segment base + i. */
  readonly base: number;
  /** Index in State.tiles. */
  readonly index: number;
}

export interface Figure {
  readonly owner: number;
  readonly kind: FigureKind;
  /** Segment the figure stands on (a barn: the field segment at its corner). */
  readonly seg: number;
  readonly key: number;
  readonly feature: number;
  /** Corner index for a barn, otherwise -1. */
  readonly corner: number;
}

/** A figure taken off a scored feature that waits for its owner's decision (a wagon). */
export interface HeldFigure {
  readonly owner: number;
  readonly kind: FigureKind;
  /** Where it stood and the segment it stood on (complete, so its root is stable). */
  readonly key: number;
  readonly seg: number;
}

/** Immutable per-game configuration, shared by every clone of a game. */
export interface Config {
  readonly names: readonly string[];
  readonly expansions: readonly ExpansionId[];
  readonly rules: Rules;
  readonly seed: string;
  readonly tb: boolean;
  readonly am: boolean;
  /** The whole draw pile in order (secret). */
  readonly pile: readonly TileType[];
  readonly capacity: number;
  /** Enabled expansion modules, in the order their end-game steps run. */
  readonly modules: readonly Expansion[];
  readonly figureRules: Partial<Record<PlaceableFigure, FigureRule>>;
  /** The figure kinds players have in this game (meeple first), as the view lists them. */
  readonly figureKinds: readonly FigureKind[];
  /** Handlers of the move types the enabled expansions bring. */
  readonly moveHandlers: Partial<Record<MoveType, MoveHandler>>;
}

export const FIGURE_INDEX: Record<FigureKind, number> = Object.fromEntries(
  FIGURE_KINDS.map((k, i) => [k, i]),
) as Record<FigureKind, number>;

export { isFollower } from './occupancy.js';

export class State {
  cfg: Config;
  pileIndex = 0;
  version = 0;

  board = new Map<number, PlacedTile>();
  tiles: PlacedTile[] = [];
  /** The placed tiles as JSON array members, appended as tiles go down (for the public view). */
  tilesJson = '';
  /** Tiles left in the pile per tile type index. */
  left: Int16Array;
  /** Empty positions next to a tile: edge requirement | mask << 8 | neighbour count << 16. */
  open = new Map<number, number>();

  nSeg = 0;
  parent: Int32Array;
  segTile: Int16Array;
  segKind: Uint8Array;
  openEnds: Int16Array;
  pennants: Uint8Array;
  goods: Uint8Array;
  /** Member segments of each root; arrays are replaced, never mutated, so clones share them. */
  members: number[][];

  figures: Figure[] = [];
  private occ: Occupancy | null = null;
  scores: number[];
  /** supply[seat][FIGURE_INDEX[kind]] */
  supply: number[][];
  tokens: number[][];
  abbeys: boolean[];

  active = 0;
  phase: Phase = 'placeTile';
  drawn: TileType | null = null;
  /** The tile (or abbey) placed in this part of the turn, for the figure and scoring steps. */
  lastTile: PlacedTile | null = null;
  /** The figure-step moves, computed once when the step begins (immutable). */
  figureMoves: Move[] | null = null;
  /** The figure placed in this part of the turn, if any. */
  newFigure: Figure | null = null;
  /** True while the builder's second part is played. */
  bonus = false;
  /** The first part extended a feature with the active player's builder. */
  bonusDue = false;
  /** Held figures (wagons) still to decide, in decision order. */
  held: HeldFigure[] = [];
  /** Seats still to visit in the end-game abbey round, or null outside it. */
  endgame: number[] | null = null;

  constructor(cfg: Config, supply: number[]) {
    this.cfg = cfg;
    const cap = cfg.capacity;
    this.parent = new Int32Array(cap);
    this.segTile = new Int16Array(cap);
    this.segKind = new Uint8Array(cap);
    this.openEnds = new Int16Array(cap);
    this.pennants = new Uint8Array(cap);
    this.goods = new Uint8Array(cap * 3);
    this.members = new Array<number[]>(cap);
    const n = cfg.names.length;
    this.scores = new Array<number>(n).fill(0);
    this.supply = Array.from({ length: n }, () => supply.slice());
    this.tokens = Array.from({ length: n }, () => [0, 0, 0]);
    this.abbeys = new Array<boolean>(n).fill(cfg.am);
    this.left = new Int16Array(TILE_TYPES.length);
    for (const t of cfg.pile) this.left[t.index] += 1;
  }

  clone(): State {
    const c = Object.create(State.prototype) as State;
    Object.assign(c, this);
    c.board = new Map(this.board);
    c.tiles = this.tiles.slice();
    c.left = this.left.slice();
    c.open = new Map(this.open);
    c.parent = this.parent.slice();
    c.segTile = this.segTile.slice();
    c.segKind = this.segKind.slice();
    c.openEnds = this.openEnds.slice();
    c.pennants = this.pennants.slice();
    c.goods = this.goods.slice();
    c.members = this.members.slice();
    c.figures = this.figures.slice();
    c.occ = null;
    c.scores = this.scores.slice();
    c.supply = this.supply.map((s) => s.slice());
    c.tokens = this.tokens.map((t) => t.slice());
    c.abbeys = this.abbeys.slice();
    c.held = this.held.slice();
    c.endgame = this.endgame ? this.endgame.slice() : null;
    return c;
  }

  get players(): number {
    return this.cfg.names.length;
  }

  pileLeft(): number {
    return this.cfg.pile.length - this.pileIndex;
  }

  /** Takes the next tile off the pile. */
  drawFromPile(): TileType {
    const t = this.cfg.pile[this.pileIndex++]!;
    this.left[t.index] -= 1;
    return t;
  }

  // ---- union-find ----

  find(s: number): number {
    const p = this.parent;
    while (p[s] !== s) {
      const g = p[p[s]!]!;
      p[s] = g;
      s = g;
    }
    return s;
  }

  private union(a: number, b: number): number {
    let ra = this.find(a);
    let rb = this.find(b);
    if (ra === rb) return ra;
    if (this.members[ra]!.length < this.members[rb]!.length) {
      const t = ra; ra = rb; rb = t;
    }
    this.parent[rb] = ra;
    this.occ?.merge(ra, rb);
    this.openEnds[ra] += this.openEnds[rb]!;
    this.pennants[ra] += this.pennants[rb]!;
    this.goods[ra * 3] += this.goods[rb * 3]!;
    this.goods[ra * 3 + 1] += this.goods[rb * 3 + 1]!;
    this.goods[ra * 3 + 2] += this.goods[rb * 3 + 2]!;
    this.members[ra] = this.members[ra]!.concat(this.members[rb]!);
    return ra;
  }

  // ---- board ----

  /** Puts a tile on the board and connects its features to its neighbours' (no checks). */
  putTile(type: TileType, key: number, r: number): PlacedTile {
    const base = this.nSeg;
    const placed: PlacedTile = { type, key, x: xOf(key), y: yOf(key), r, base, index: this.tiles.length };
    const nf = type.kinds.length;
    for (let i = 0; i < nf; i++) {
      const s = base + i;
      this.parent[s] = s;
      this.segTile[s] = placed.index;
      this.segKind[s] = type.kinds[i]!;
      this.openEnds[s] = type.openEdges[i]!;
      this.pennants[s] = type.pennants[i]!;
      const g = type.goods[i]!;
      if (g >= 0) this.goods[s * 3 + g] = 1;
      this.members[s] = [s];
    }
    this.nSeg += nf;
    this.tiles.push(placed);
    this.tilesJson += `${this.tilesJson ? ',' : ''}{"tile":"${type.id}","x":${placed.x},"y":${placed.y},"rotation":${r * 90}}`;
    this.board.set(key, placed);
    this.open.delete(key);

    const rt = type.rot[r]!;
    for (let d = 0; d < 4; d++) {
      const nk = key + DIR_STEP[d]!;
      const nb = this.board.get(nk);
      if (nb === undefined) {
        if (type.abbey) continue;
        const od = opposite(d);
        const code = (rt.sig >> (d * 2)) & 3;
        const v = this.open.get(nk) ?? 0;
        const req = (v & 0xff) | (code << (od * 2));
        const mask = ((v >> 8) & 0xff) | (3 << (od * 2));
        const count = (v >> 16) + 1;
        this.open.set(nk, req | (mask << 8) | (count << 16));
        continue;
      }
      const nrt = nb.type.rot[nb.r]!;
      const od = opposite(d);
      if (type.abbey) {
        // An abbey closes the road or city facing it without joining it.
        const f = nrt.edgeFeature[od]!;
        if (f >= 0) this.openEnds[this.find(nb.base + f)] -= 1;
        continue;
      }
      const f = rt.edgeFeature[d]!;
      if (f >= 0) {
        const root = this.union(base + f, nb.base + nrt.edgeFeature[od]!);
        this.openEnds[root] -= 2;
      }
      // Field halves (a plain field edge, or the two sides of a road): our left half meets
      // their right half and vice versa.
      const l = rt.half[d * 2]!;
      if (l >= 0) {
        this.union(base + l, nb.base + nrt.half[od * 2 + 1]!);
        this.union(base + rt.half[d * 2 + 1]!, nb.base + nrt.half[od * 2]!);
      }
    }
    return placed;
  }

  /** Can the tile type go anywhere on the board? */
  canPlace(type: TileType): boolean {
    const rot = type.rot;
    const s0 = rot[0]!.sig, s1 = rot[1]!.sig, s2 = rot[2]!.sig, s3 = rot[3]!.sig;
    for (const v of this.open.values()) {
      const req = v & 0xff;
      const mask = (v >> 8) & 0xff;
      if ((s0 & mask) === req || (s1 & mask) === req || (s2 & mask) === req || (s3 & mask) === req) return true;
    }
    return false;
  }

  fits(type: TileType, key: number, r: number): boolean {
    const v = this.open.get(key);
    if (v === undefined) return false;
    return (type.rot[r]!.sig & ((v >> 8) & 0xff)) === (v & 0xff);
  }

  hasHole(): boolean {
    for (const v of this.open.values()) if (v >> 16 === 4) return true;
    return false;
  }

  holes(): number[] {
    const out: number[] = [];
    for (const [k, v] of this.open) if (v >> 16 === 4) out.push(k);
    return out;
  }

  isHole(key: number): boolean {
    const v = this.open.get(key);
    return v !== undefined && v >> 16 === 4;
  }

  /** Roots of the roads and cities an abbey at `key` closes (one per side that shows one). */
  closedByAbbey(key: number): number[] {
    const out: number[] = [];
    for (let d = 0; d < 4; d++) {
      const nb = this.board.get(key + DIR_STEP[d]!)!;
      const f = nb.type.rot[nb.r]!.edgeFeature[opposite(d)]!;
      if (f >= 0) out.push(this.find(nb.base + f));
    }
    return out;
  }

  /** Tiles in the 8 positions around a key. */
  neighbourCount(key: number): number {
    let n = 0;
    for (const a of AROUND) if (this.board.has(key + a)) n++;
    return n;
  }

  segmentOf(key: number, feature: number): number {
    const t = this.board.get(key);
    return t === undefined || feature < 0 || feature >= t.type.kinds.length ? -1 : t.base + feature;
  }

  /** A road or city is complete with no open end; a monastery or abbey with 8 neighbours. */
  isComplete(root: number): boolean {
    const k = this.segKind[root]!;
    if (k === ROAD || k === CITY) return this.openEnds[root] === 0;
    if (k === MONASTERY || k === ABBEY) return this.neighbourCount(this.tiles[this.segTile[root]!]!.key) === 8;
    return false;
  }

  /** The distinct tiles a feature covers (a cloister: itself and the tiles around it). */
  featureTiles(root: number): PlacedTile[] {
    const k = this.segKind[root]!;
    if (k === MONASTERY || k === ABBEY) {
      const t = this.tiles[this.segTile[root]!]!;
      const out = [t];
      for (const a of AROUND) {
        const n = this.board.get(t.key + a);
        if (n) out.push(n);
      }
      return out;
    }
    const seen = new Set<number>();
    const out: PlacedTile[] = [];
    for (const s of this.members[root]!) {
      const ti = this.segTile[s]!;
      if (!seen.has(ti)) {
        seen.add(ti);
        out.push(this.tiles[ti]!);
      }
    }
    return out;
  }

  /** Completed cities a field touches (a city counts once however many segments touch it). */
  completedCitiesOf(fieldRoot: number): number {
    const seen = new Set<number>();
    for (const s of this.members[fieldRoot]!) {
      const t = this.tiles[this.segTile[s]!]!;
      for (const c of t.type.cityAdj[s - t.base]!) {
        const cr = this.find(t.base + c);
        if (this.openEnds[cr] === 0) seen.add(cr);
      }
    }
    return seen.size;
  }

  figuresOn(root: number): Figure[] {
    const out: Figure[] = [];
    for (const f of this.figures) if (f.seg >= 0 && this.find(f.seg) === root) out.push(f);
    return out;
  }

  addFigure(f: Figure): void {
    this.figures.push(f);
    this.occ?.add(this.find(f.seg), f.kind, f.owner);
  }

  removeFigure(f: Figure): void {
    const i = this.figures.indexOf(f);
    if (i >= 0) this.figures.splice(i, 1);
    this.occ = null;
  }

  /** Who stands where: built on first use, then kept up to date (see Occupancy). */
  occupancy(): Occupancy {
    return (this.occ ??= new Occupancy(this));
  }

  isField(seg: number): boolean {
    return this.segKind[seg] === FIELD;
  }
}

/** Segment capacity for a pile: every tile plus the start tile and up to 6 abbeys. */
export const capacityFor = (pileSize: number): number => (pileSize + 8) * MAX_FEATURES;
