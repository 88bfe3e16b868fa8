/**
 * What a client may see (docs/rules.md §8): the board, figures, supplies, scores, the drawn tile and
 * how many tiles of each kind remain — never the pile order or the seed.
 *
 * The view is an object; JSON is made by whoever sends it. What a game's configuration fixes is
 * made once per configuration; what a game value's views share is kept per game value and made
 * again only when it changes (`Kept`). Expansions add their members through viewPlayer/viewGame,
 * as objects spread into the seat's and the game's view.
 */
import { TILE_TYPES, onTilesAdded } from './catalog.js';
import type { Config } from './config.js';
import { actorOf, stateOf, type Game } from './game.js';
import type { Figure } from './figures.js';
import type { State } from './state.js';
import { FIGURE_INDEX } from './supply.js';
import {
  CORNERS,
  type BoardFigure,
  type FigureKind,
  type PlayerView,
  type PublicState,
  type TileView,
} from './types.js';

/** Tile types in id order, the order of tilesLeft. */
let BY_ID: readonly (typeof TILE_TYPES)[number][] = [];
onTilesAdded(() => {
  BY_ID = [...TILE_TYPES].sort((a, b) => (a.id < b.id ? -1 : 1));
});

/** The parts of the view that a game's configuration fixes, made once per game. */
interface ViewParts {
  /** The figure kinds of the game with their supply index. */
  readonly supply: readonly (readonly [FigureKind, number])[];
  /** The tile ids of the pile's types, in id order: the keys of every draw's counts. */
  readonly pileIds: readonly string[];
  /** The type index of each of them. */
  readonly pileIndexes: Int32Array;
}

const viewParts = new WeakMap<Config, ViewParts>();

function partsOf(cfg: Config): ViewParts {
  let parts = viewParts.get(cfg);
  if (!parts) {
    const inPile = new Set(cfg.pile.map((t) => t.index));
    const pileTypes = BY_ID.filter((t) => inPile.has(t.index));
    parts = {
      supply: cfg.figureKinds.map((k) => [k, FIGURE_INDEX[k]] as const),
      pileIds: Object.freeze(pileTypes.map((t) => t.id)),
      pileIndexes: Int32Array.from(pileTypes, (t) => t.index),
    };
    viewParts.set(cfg, parts);
  }
  return parts;
}

/**
 * A record's members as two lists: its keys, and their values in the same order; a key whose value
 * is `undefined` is no member (as in JSON.stringify). One list of keys may serve many records.
 */
export interface RecordEntries<V> {
  readonly keys: readonly string[];
  readonly values: readonly (V | undefined)[];
}

/**
 * The pile's counts as a view lists them: the tile ids of the game's pile in id order (one list
 * for every draw of the game), and how many of each are left, `undefined` for none (a member the
 * view's `tilesLeft` does not have).
 */
export type PileCounts = RecordEntries<number>;

/** The pile's counts after a draw, and their object once a view's `tilesLeft` was read. */
interface Pile extends PileCounts {
  readonly left: number;
  record?: Readonly<Record<string, number>>;
}

/**
 * A view's counts, made when read (`countsOf`), of the pile as it was when the view was made:
 * that pile is the view's private member, which no reader sees (not listed, copied or compared).
 * A class whose base constructor returns the object it is given adds its private member to that
 * object. The getter is defined once the view is made: in its literal it costs ~1 µs a view and
 * makes V8 keep the view as a dictionary (as does a getter made per pile). The private member and
 * the getter cost ~0.14 µs a view; the pile as a non-enumerable member, defined, ~0.3 µs.
 */
class Given {
  constructor(object: object) {
    return object;
  }
}
class WithPile extends Given {
  readonly #pile: Pile;
  constructor(view: object, pile: Pile) {
    super(view);
    this.#pile = pile;
  }
  static pileOf(view: object): Pile | undefined {
    return #pile in view ? view.#pile : undefined;
  }
}
const TILES_LEFT: PropertyDescriptor = {
  get(this: object) {
    return countsOf(WithPile.pileOf(this)!);
  },
  enumerable: true,
  configurable: true,
};

/**
 * What the views of one game value share, each part made again only when it changes. The parts
 * the views show never change once made (the lists are frozen), so a writer may keep their JSON
 * (`service/answer-json.ts`).
 */
interface Kept {
  readonly parts: ViewParts;
  /**
   * The board the tiles' list was made for: an undo gives the game a new one (undo.ts), so a tile
   * taken back leaves no view behind.
   */
  board: State['board'];
  /**
   * The placed tiles' views (a placed tile never changes) as the views list them, frozen: a copy
   * extended once a tile was placed (most moves place none), shared by the views until then.
   */
  tileList: readonly TileView[];
  /** The figures standing and their views: a figure on the board never changes (it leaves whole). */
  figures: Figure[];
  figureViews: readonly BoardFigure[];
  /** The scores as the views list them, frozen: made again only once a score changed. */
  scores: readonly number[];
  /**
   * The pile's counts, counted again only once a tile was drawn (they are a function of the
   * draws) into a new list, so a view's `tilesLeft` stays what it was when the view was made. Their
   * object is made only when read: ~60 tile ids in an object cost ~1.7 µs (V8 keeps it as a
   * dictionary), more than the rest of a view, and a writer needs none (`publicViewCounts`).
   */
  pile: Pile | undefined;
}

const keptViews = new WeakMap<State, Kept>();

function keptOf(g: State): Kept {
  let kept = keptViews.get(g);
  if (kept === undefined) {
    kept = {
      parts: partsOf(g.cfg),
      board: g.board,
      tileList: Object.freeze([]),
      figures: [],
      figureViews: Object.freeze([]),
      scores: Object.freeze([]),
      pile: undefined,
    };
    keptViews.set(g, kept);
  }
  return kept;
}

function tilesOf(g: State, kept: Kept): TileView[] {
  if (kept.board !== g.board) [kept.board, kept.tileList] = [g.board, Object.freeze([])];
  const tiles = g.board.tiles;
  if (kept.tileList.length < tiles.length) {
    const placed: TileView[] = [];
    for (let i = kept.tileList.length; i < tiles.length; i++) {
      const t = tiles[i];
      placed.push({ tile: t.type.id, x: t.x, y: t.y, rotation: (t.r * 90) as TileView['rotation'] });
    }
    // A new list by spreading, not a slice of the frozen one grown by push: V8 froze that one (its
    // backing store with room to grow) by a slow path, ~2.6 µs a placement against ~0.2.
    kept.tileList = Object.freeze([...kept.tileList, ...placed]);
  }
  return kept.tileList as TileView[];
}

/** Whether two lists hold the same items, in the same order. */
function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function figuresOf(g: State, kept: Kept): BoardFigure[] {
  const list = g.figures.list;
  const known = kept.figures;
  if (!sameItems(known, list)) {
    // The figures kept are found in the list in their order: figures come at its end and leave
    // from anywhere.
    const views: BoardFigure[] = [];
    for (let i = 0, j = 0; i < list.length; i++) {
      let k = j;
      while (k < known.length && known[k] !== list[i]) k++;
      if (k < known.length) {
        views.push(kept.figureViews[k]);
        j = k + 1;
      } else views.push(figureView(g, list[i]));
    }
    kept.figureViews = Object.freeze(views);
    kept.figures = list.slice();
  }
  return kept.figureViews as BoardFigure[];
}

function figureView(g: State, f: Figure): BoardFigure {
  const t = g.board.at(f.key);
  return f.corner >= 0
    ? { owner: f.owner, kind: f.kind, x: t.x, y: t.y, corner: CORNERS[f.corner] }
    : { owner: f.owner, kind: f.kind, x: t.x, y: t.y, feature: f.feature };
}

function scoresOf(g: State, kept: Kept): number[] {
  if (!sameItems(kept.scores, g.scores)) kept.scores = Object.freeze(g.scores.slice());
  return kept.scores as number[];
}

/** The pending wagons of a view with none (most views): one list for them all. */
const NO_WAGONS: PublicState['pendingWagons'] = Object.freeze([]) as unknown as PublicState['pendingWagons'];

function pileOf(g: State, kept: Kept): Pile {
  const left = g.pileLeft();
  if (kept.pile !== undefined && kept.pile.left === left) return kept.pile;
  const { pileIds, pileIndexes } = kept.parts;
  const values: (number | undefined)[] = [];
  for (let i = 0; i < pileIndexes.length; i++) {
    const n = g.left[pileIndexes[i]];
    values.push(n > 0 ? n : undefined);
  }
  return (kept.pile = { left, keys: pileIds, values });
}

function countsOf(pile: Pile): Readonly<Record<string, number>> {
  if (pile.record === undefined) {
    const record: Record<string, number> = {};
    for (let i = 0; i < pile.keys.length; i++) {
      const n = pile.values[i];
      if (n !== undefined) record[pile.keys[i]] = n;
    }
    pile.record = Object.freeze(record);
  }
  return pile.record;
}

function playerOf(g: State, parts: ViewParts, seat: number): PlayerView {
  const supply: PlayerView['supply'] = {};
  for (const [kind, index] of parts.supply) supply[kind] = g.supply.countAt(seat, index);
  const player: PlayerView = { seat, name: g.cfg.names[seat], score: g.scores[seat], supply };
  for (const h of g.cfg.hooks.viewPlayer) Object.assign(player, h(g, seat));
  return player;
}

/** A view without its `tilesLeft`, and the pile's counts it lists. */
interface ViewAndCounts {
  view: Omit<PublicState, 'tilesLeft'>;
  counts: PileCounts;
}

/** The public state of a game. */
export function publicView(game: Game): PublicState {
  const { view, counts } = viewOf(game);
  new WithPile(view, counts);
  return Object.defineProperty(view, 'tilesLeft', TILES_LEFT) as PublicState;
}

/**
 * The public state of a game without its `tilesLeft` object, and the counts that member would
 * list, as two lists (the keys the same for every view of the game, the values for every view of
 * one draw): for a writer that needs no object (`service/answer-json.ts`). The private member
 * and the getter a view's `tilesLeft` needs cost ~2.5 µs of a state's ~35 in a server
 * (docs/performance.md).
 */
export const publicViewCounts = (game: Game): ViewAndCounts => viewOf(game);

function viewOf(game: Game): ViewAndCounts & { counts: Pile } {
  const g = stateOf(game);
  const cfg = g.cfg;
  const kept = keptOf(g);
  const finished = g.phase === 'finished';
  const pile = pileOf(g, kept);
  const players: PlayerView[] = [];
  for (let seat = 0; seat < cfg.names.length; seat++) players.push(playerOf(g, kept.parts, seat));
  const view: Omit<PublicState, 'tilesLeft'> = {
    status: finished ? 'finished' : 'active',
    // The configuration's own (frozen) values: shared by every view of the game.
    expansions: cfg.expansions as PublicState['expansions'],
    rules: cfg.rules,
    players,
    scores: scoresOf(g, kept),
    activeSeat: finished ? null : g.active,
    actor: actorOf(game),
    phase: g.phase,
    drawnTile: g.drawn ? g.drawn.id : null,
    bonusPart: g.extraPart,
    tiles: tilesOf(g, kept),
    figures: figuresOf(g, kept),
    // Held figures awaiting a decision; the public name comes from the first expansion with them.
    pendingWagons:
      g.pending.length === 0
        ? NO_WAGONS
        : g.pending.map((w) => {
            const t = g.board.at(w.key);
            return { seat: w.owner, x: t.x, y: t.y };
          }),
    tilesLeftTotal: pile.left,
  };
  // An expansion's members come last: added to the object built in one piece, which a spread
  // in its middle would make V8 build member by member on every view.
  for (const h of cfg.hooks.viewGame) Object.assign(view, h(g));
  return { view, counts: pile };
}
