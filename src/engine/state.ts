/**
 * The game state: the configuration it shares with its copies, the board (board.ts), the open
 * positions (open-positions.ts), the features (features.ts), the figures (figures.ts), the
 * supplies (supply.ts), the turn's progress and each enabled expansion's own slot (slot.ts).
 *
 * The engine's internal steps mutate a state in place; play() copies it first (see game.ts).
 * Queries that need the board and the features together live here.
 */
import { CITY, FIELD, MAX_FEATURES, ROAD, TILE_TYPES, isCloister, type TileType } from './catalog.js';
import { Board, type PlacedTile } from './board.js';
import type { Config } from './config.js';
import type { Expansion } from './expansion.js';
import { Features } from './features.js';
import { Figures, type Figure } from './figures.js';
import { AROUND, DIR_STEP, opposite, xOf, yOf } from './geometry.js';
import { Occupancy } from './occupancy.js';
import { OpenPositions } from './open-positions.js';
import { copySlots, createSlots } from './slot.js';
import { Supply } from './supply.js';
import { EDGE_FEATURE, HALF_FIELD, turnOf } from './turns.js';
import { zeros } from './zeros.js';
import type { FigureKind, Move, Phase } from './types.js';

export type { PlacedTile } from './board.js';
export type { Figure } from './figures.js';

/**
 * The moves applied to a game since its creation, newest first, as a list shared by its copies
 * (a node is never changed): what an undo replays (docs/rules.md §2.2). An undo takes its
 * placement off, so the list never holds an undo nor a move an undo took back.
 */
export interface Played {
  readonly move: Move;
  readonly prev: Played | null;
}

/**
 * The history of a game that offers no undo (a determinized copy, whose hidden pile is not the
 * game's): nothing is recorded in it. One member for both, not a flag beside the list: each
 * member is one more for every copy to carry (see clone()).
 */
export const NO_UNDO: Played = Object.freeze({ move: Object.freeze({ type: 'pass' }), prev: null });

/** A figure taken off a scored feature that waits for its owner's decision. */
export interface HeldFigure {
  readonly owner: number;
  readonly kind: FigureKind;
  /** Where it stood and the segment it stood on (complete, so its root is stable). */
  readonly key: number;
  readonly seg: number;
  /** The module that holds it and offers the decision. */
  readonly holder: Expansion;
}

/**
 * Segment capacity for a pile: the features of its tiles, plus the start tile and up to 7 tiles
 * from supply. Counted per tile, not as (tiles × the most features a tile has): the arrays are
 * made with every game and copied with every play(), and that bound was twice as many.
 */
export const capacityFor = (pile: readonly TileType[]): number =>
  pile.reduce((n, t) => n + t.kinds.length, 0) + 8 * MAX_FEATURES;

export class State {
  readonly cfg: Config;
  pileIndex = 0;
  /** Tiles left in the pile per tile type index. */
  left: number[];

  board = new Board();
  open = new OpenPositions();
  features: Features;
  figures = new Figures();
  supply: Supply;
  scores: number[];

  active = 0;
  phase: Phase = 'placeTile';
  drawn: TileType | null = null;
  /** The tile placed in this part of the turn, for the figure and scoring steps. */
  lastTile: PlacedTile | null = null;
  /** The figure-step moves, computed once when the step begins (immutable). */
  figureMoves: Move[] | null = null;
  /** The figure placed in this part of the turn, if any. */
  newFigure: Figure | null = null;
  /** True while the seat plays an extra part of its turn (granted by extraPartDue). */
  extraPart = false;
  /** Figures off a scored feature awaiting their owners' decisions, in decision order. */
  pending: HeldFigure[] = [];
  /** Seats still to visit in the final round, or null outside it. */
  finalRound: number[] | null = null;
  /** Each enabled expansion's own state, by slot index (see slot.ts). */
  slots: unknown[];
  /** The moves played so far (Played), null before the first; NO_UNDO where no undo is offered. */
  history: Played | null = null;

  constructor(cfg: Config) {
    this.cfg = cfg;
    this.features = new Features(cfg.capacity);
    this.supply = new Supply(cfg.names.length, cfg.startSupply);
    this.scores = new Array<number>(cfg.names.length).fill(0);
    this.left = zeros(TILE_TYPES.length);
    for (const t of cfg.pile) this.left[t.index] += 1;
    this.slots = createSlots(cfg);
  }

  /**
   * A copy that shares nothing mutable. Member by member, in declaration order: V8 keeps an
   * object made by Object.create in fast mode for named stores, but Object.assign of this many
   * members (twenty, since the undo's history) turned each copy into a dictionary, and every
   * read of a copy's member slower: legal-move queries on copies ×0.9 (docs/performance.md).
   * `test/engine/copies.test.ts` checks that a copy has every member of its original.
   */
  clone(): State {
    const c = Object.create(State.prototype) as { -readonly [K in keyof State]: State[K] };
    c.cfg = this.cfg;
    c.pileIndex = this.pileIndex;
    c.left = this.left.slice();
    c.board = this.board.copy();
    c.open = this.open.copy();
    c.features = this.features.copy();
    c.figures = this.figures.copy();
    c.supply = this.supply.copy();
    c.scores = this.scores.slice();
    c.active = this.active;
    c.phase = this.phase;
    c.drawn = this.drawn;
    c.lastTile = this.lastTile;
    c.figureMoves = this.figureMoves;
    c.newFigure = this.newFigure;
    c.extraPart = this.extraPart;
    c.pending = this.pending.slice();
    c.finalRound = this.finalRound ? this.finalRound.slice() : null;
    c.slots = copySlots(this.slots);
    c.history = this.history;
    return c as State;
  }

  get players(): number {
    return this.cfg.names.length;
  }

  pileLeft(): number {
    return this.cfg.pile.length - this.pileIndex;
  }

  /** Takes the next tile off the pile (the caller checked pileLeft). */
  drawFromPile(): TileType {
    const t = this.cfg.pile[this.pileIndex];
    if (t === undefined) throw new Error('engine fault: drawing from an empty pile');
    this.pileIndex += 1;
    this.left[t.index] -= 1;
    return t;
  }

  /** The tile placed in this part of the turn (the figure and scoring steps have one). */
  placedTile(): PlacedTile {
    if (this.lastTile === null) throw new Error(`engine fault: no tile placed in phase ${this.phase}`);
    return this.lastTile;
  }

  find(s: number): number {
    return this.features.find(s);
  }

  /** Puts a tile on the board and connects its features to its neighbours' (no checks). */
  putTile(type: TileType, key: number, r: number): PlacedTile {
    const index = this.board.tiles.length;
    const base = this.features.addTile(type, index);
    const turn = turnOf(type, r);
    const placed: PlacedTile = { type, key, x: xOf(key), y: yOf(key), r, turn, base, index };
    this.board.add(placed);
    this.open.delete(key);

    const sig = type.sigs[r];
    const f = this.features;
    for (let d = 0; d < 4; d++) {
      const nk = key + DIR_STEP[d];
      const nb = this.board.get(nk);
      const od = opposite(d);
      if (nb === undefined) {
        if (!type.walled) this.open.addEdge(nk, od, (sig >> (d * 2)) & 3);
        continue;
      }
      const nturn = nb.turn;
      if (type.walled) {
        // A walled tile closes the road or city facing it without joining it.
        const e = EDGE_FEATURE[nturn * 4 + od];
        if (e >= 0) f.openEnds[f.find(nb.base + e)] -= 1;
        continue;
      }
      const e = EDGE_FEATURE[turn * 4 + d];
      if (e >= 0) f.openEnds[this.join(base + e, nb.base + EDGE_FEATURE[nturn * 4 + od])] -= 2;
      // Field halves (a plain field edge, or the two sides of a road): our left half meets
      // their right half and vice versa.
      const l = HALF_FIELD[turn * 8 + d * 2];
      if (l >= 0) {
        this.join(base + l, nb.base + HALF_FIELD[nturn * 8 + od * 2 + 1]);
        this.join(base + HALF_FIELD[turn * 8 + d * 2 + 1], nb.base + HALF_FIELD[nturn * 8 + od * 2]);
      }
    }
    return placed;
  }

  /** Joins the features of two segments; returns the root. */
  private join(a: number, b: number): number {
    const ra = this.features.find(a);
    const rb = this.features.find(b);
    if (ra === rb) return ra;
    const to = this.features.link(ra, rb);
    this.figures.rootsJoined(to, to === ra ? rb : ra);
    return to;
  }

  /** Roots of the roads and cities a walled tile at `key` closes (one per side that shows one). */
  closedBy(key: number): number[] {
    const out: number[] = [];
    for (let d = 0; d < 4; d++) {
      const nb = this.board.at(key + DIR_STEP[d]);
      const e = EDGE_FEATURE[nb.turn * 4 + opposite(d)];
      if (e >= 0) out.push(this.find(nb.base + e));
    }
    return out;
  }

  /** A road or city is complete with no open end; a cloister with 8 neighbours. */
  isComplete(root: number): boolean {
    const k = this.features.kind[root];
    if (k === ROAD || k === CITY) return this.features.openEnds[root] === 0;
    if (isCloister(k)) return this.board.neighbourCount(this.board.tile(this.features.tileOf[root]).key) === 8;
    return false;
  }

  /** The distinct tiles a feature covers (a cloister: itself and the tiles around it). */
  featureTiles(root: number): PlacedTile[] {
    if (isCloister(this.features.kind[root])) {
      const t = this.board.tile(this.features.tileOf[root]);
      const out = [t];
      for (const a of AROUND) {
        const n = this.board.get(t.key + a);
        if (n) out.push(n);
      }
      return out;
    }
    // A plain list of the tile indices seen: a feature covers a few tiles, and includes() on
    // a short array costs a third of a Set; a Uint8Array per call (allocated off the heap)
    // cost twice a Set (docs/performance.md, third pass).
    const seen: number[] = [];
    const out: PlacedTile[] = [];
    const { next, tileOf } = this.features;
    for (let s = root; s >= 0; s = next[s]) {
      const ti = tileOf[s];
      if (!seen.includes(ti)) {
        seen.push(ti);
        out.push(this.board.tile(ti));
      }
    }
    return out;
  }

  /** Completed cities a field touches (a city counts once however many segments touch it). */
  completedCitiesOf(fieldRoot: number): number {
    // A plain list, as in featureTiles: a field touches a few completed cities.
    const seen: number[] = [];
    const { next, tileOf } = this.features;
    for (let s = fieldRoot; s >= 0; s = next[s]) {
      const t = this.board.tile(tileOf[s]);
      for (const c of t.type.cityAdj[s - t.base]) {
        const cr = this.find(t.base + c);
        if (this.features.openEnds[cr] === 0 && !seen.includes(cr)) seen.push(cr);
      }
    }
    return seen.length;
  }

  isField(root: number): boolean {
    return this.features.kind[root] === FIELD;
  }

  figuresOn(root: number): Figure[] {
    const out: Figure[] = [];
    for (const f of this.figures.list) if (this.find(f.seg) === root) out.push(f);
    return out;
  }

  addFigure(f: Figure): void {
    this.figures.add(f, this.find(f.seg));
  }

  removeFigure(f: Figure): void {
    this.figures.remove(f, this.find(f.seg), (s) => this.find(s));
  }

  /** Who stands where: built on first use, then kept up to date (see Occupancy). */
  occupancy(): Occupancy {
    return (this.figures.occ ??= Occupancy.of(this.cfg, this.figures.list, (s) => this.find(s)));
  }
}
