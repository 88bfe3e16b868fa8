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
  /** The tile id and type index per tile type of the pile, in id order. */
  readonly pileTypes: readonly (readonly [string, number])[];
}

const viewParts = new WeakMap<Config, ViewParts>();

function partsOf(cfg: Config): ViewParts {
  let parts = viewParts.get(cfg);
  if (!parts) {
    const inPile = new Set(cfg.pile.map((t) => t.index));
    parts = {
      supply: cfg.figureKinds.map((k) => [k, FIGURE_INDEX[k]] as const),
      pileTypes: BY_ID.filter((t) => inPile.has(t.index)).map((t) => [t.id, t.index] as const),
    };
    viewParts.set(cfg, parts);
  }
  return parts;
}

/** The pile's counts as a view lists them: the tile ids with some left, in id order, and how many. */
export interface PileCounts {
  readonly keys: readonly string[];
  readonly values: readonly number[];
}

/** The pile's counts after a draw, and their object once a view's `tilesLeft` was read. */
interface Pile extends PileCounts {
  readonly left: number;
  record?: Readonly<Record<string, number>>;
}

/**
 * A view's counts, made when read (`countsOf`), of the pile as it was when the view was made:
 * that pile is the view's own `PILE`, a member neither listed nor written. Both are defined once
 * the view is made: a getter in its literal costs ~1 µs a view and makes V8 keep the view as a
 * dictionary (as does a getter made per pile); the two definitions cost ~0.3 µs.
 */
const PILE = Symbol('pile');
/** The definition of a view's `PILE`, its value set for each view (one object less a view). */
const PILE_MEMBER: PropertyDescriptor = { value: undefined };
const TILES_LEFT: PropertyDescriptor = {
  get(this: { [PILE]: Pile }) {
    return countsOf(this[PILE]);
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
   * The placed tiles' views, extended as tiles are added (a placed tile never changes), and the
   * list a view shows. Of `board`: an undo gives the game a new one (undo.ts), so a tile taken
   * back leaves no view behind.
   */
  board: State['board'];
  tileViews: TileView[];
  tiles: readonly TileView[];
  /** The figures standing and their views: a figure on the board never changes (it leaves whole). */
  figures: Figure[];
  figureViews: readonly BoardFigure[];
  /**
   * The pile's counts, counted again only once a tile was drawn (they are a function of the
   * draws) into new lists, so a view's `tilesLeft` stays what it was when the view was made. Their
   * object is made only when read: ~60 tile ids in an object cost ~1.7 µs (V8 keeps it as a
   * dictionary), more than the rest of a view, and a writer needs none (`pileCountsOf`).
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
      tileViews: [],
      tiles: [],
      figures: [],
      figureViews: Object.freeze([]),
      pile: undefined,
    };
    keptViews.set(g, kept);
  }
  return kept;
}

function tilesOf(g: State, kept: Kept): TileView[] {
  if (kept.board !== g.board) [kept.board, kept.tileViews, kept.tiles] = [g.board, [], []];
  const views = kept.tileViews;
  const tiles = g.board.tiles;
  for (let i = views.length; i < tiles.length; i++) {
    const t = tiles[i];
    views.push({ tile: t.type.id, x: t.x, y: t.y, rotation: (t.r * 90) as TileView['rotation'] });
  }
  if (kept.tiles.length !== views.length) kept.tiles = Object.freeze(views.slice());
  return kept.tiles as TileView[];
}

function figuresOf(g: State, kept: Kept): BoardFigure[] {
  const list = g.figures.list;
  let same = kept.figures.length === list.length;
  for (let i = 0; same && i < list.length; i++) same = kept.figures[i] === list[i];
  if (!same) {
    const views = new Map(kept.figures.map((f, i) => [f, kept.figureViews[i]]));
    kept.figureViews = Object.freeze(list.map((f) => views.get(f) ?? figureView(g, f)));
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

function pileOf(g: State, kept: Kept): Pile {
  const left = g.pileLeft();
  if (kept.pile !== undefined && kept.pile.left === left) return kept.pile;
  const keys: string[] = [];
  const values: number[] = [];
  for (const [id, index] of kept.parts.pileTypes) {
    const n = g.left[index];
    if (n > 0) {
      keys.push(id);
      values.push(n);
    }
  }
  return (kept.pile = { left, keys, values });
}

function countsOf(pile: Pile): Readonly<Record<string, number>> {
  if (pile.record === undefined) {
    const record: Record<string, number> = {};
    for (let i = 0; i < pile.keys.length; i++) record[pile.keys[i]] = pile.values[i];
    pile.record = Object.freeze(record);
  }
  return pile.record;
}

/**
 * The counts `view.tilesLeft` lists, as two lists (the same lists for every view of one draw),
 * without making its object: for a writer of the view (`service/answer-json.ts`).
 */
export function pileCountsOf(view: Pick<PublicState, 'tilesLeft'>): PileCounts {
  const pile = (view as { [PILE]?: Pile })[PILE];
  if (pile === undefined) throw new TypeError('not a view made by publicView');
  return pile;
}

function playerOf(g: State, parts: ViewParts, seat: number): PlayerView {
  const supply: PlayerView['supply'] = {};
  for (const [kind, index] of parts.supply) supply[kind] = g.supply.countAt(seat, index);
  const player: PlayerView = { seat, name: g.cfg.names[seat], score: g.scores[seat], supply };
  for (const h of g.cfg.hooks.viewPlayer) Object.assign(player, h(g, seat));
  return player;
}

/** The public state of a game. */
export function publicView(game: Game): PublicState {
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
    scores: g.scores.slice(),
    activeSeat: finished ? null : g.active,
    actor: actorOf(game),
    phase: g.phase,
    drawnTile: g.drawn ? g.drawn.id : null,
    bonusPart: g.extraPart,
    tiles: tilesOf(g, kept),
    figures: figuresOf(g, kept),
    // Held figures awaiting a decision; the public name comes from the first expansion with them.
    pendingWagons: g.pending.map((w) => {
      const t = g.board.at(w.key);
      return { seat: w.owner, x: t.x, y: t.y };
    }),
    tilesLeftTotal: pile.left,
  };
  // An expansion's members come last: added to the object built in one piece, which a spread
  // in its middle would make V8 build member by member on every view.
  for (const h of cfg.hooks.viewGame) Object.assign(view, h(g));
  PILE_MEMBER.value = pile;
  Object.defineProperty(view, PILE, PILE_MEMBER);
  PILE_MEMBER.value = undefined;
  return Object.defineProperty(view, 'tilesLeft', TILES_LEFT) as PublicState;
}
