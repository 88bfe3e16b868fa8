/**
 * What a client may see (docs/rules.md §8): the board, figures, supplies, scores, the drawn tile and
 * how many tiles of each kind remain — never the pile order or the seed.
 *
 * The view is an object; JSON is made by whoever sends it. What a game's configuration fixes is
 * made once per configuration, the placed tiles' view objects once per game value (appended as
 * tiles go down, since tiles are never taken back), a standing figure's once, and the pile's
 * counts once per draw; the lists of tiles and figures are made again only when they change.
 * Views share those objects, which never change (the lists are frozen),
 * so a writer may keep their JSON (`service/answer-json.ts`). Expansions add their
 * members through viewPlayer/viewGame, as objects spread into the seat's and the game's view.
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

/**
 * The placed tiles' views, per board, extended as tiles are added (a placed tile never changes),
 * and the list a view shows: frozen, and shared by the views until a tile is added. Keyed by the
 * board rather than the game value: each copy of a game has its own board, and an undo gives the
 * game a new one (undo.ts), so a tile taken back leaves no view behind.
 */
const tileViews = new WeakMap<State['board'], { views: TileView[]; shown: readonly TileView[] }>();

function tilesOf(g: State): TileView[] {
  let known = tileViews.get(g.board);
  if (!known) {
    known = { views: [], shown: [] };
    tileViews.set(g.board, known);
  }
  const { views } = known;
  const tiles = g.board.tiles;
  for (let i = views.length; i < tiles.length; i++) {
    const t = tiles[i];
    views.push({ tile: t.type.id, x: t.x, y: t.y, rotation: (t.r * 90) as TileView['rotation'] });
  }
  if (known.shown.length !== views.length) known.shown = Object.freeze(views.slice());
  return known.shown as TileView[];
}

/**
 * The figures' views per game value: a figure on the board never changes (it leaves whole), so
 * the views of the figures still standing are kept, and only a new figure's view is made; the
 * list is frozen and shared by the views until a figure comes or goes.
 */
const figureViews = new WeakMap<State, { figures: Figure[]; views: readonly BoardFigure[] }>();

function figuresOf(g: State): BoardFigure[] {
  const list = g.figures.list;
  let known = figureViews.get(g);
  if (known === undefined) figureViews.set(g, (known = { figures: [], views: Object.freeze([]) }));
  let same = known.figures.length === list.length;
  for (let i = 0; same && i < list.length; i++) same = known.figures[i] === list[i];
  if (!same) {
    const views = new Map(known.figures.map((f, i) => [f, known.views[i]]));
    known.views = Object.freeze(list.map((f) => views.get(f) ?? figureView(g, f)));
    known.figures = list.slice();
  }
  return known.views as BoardFigure[];
}

function figureView(g: State, f: Figure): BoardFigure {
  const t = g.board.at(f.key);
  return f.corner >= 0
    ? { owner: f.owner, kind: f.kind, x: t.x, y: t.y, corner: CORNERS[f.corner] }
    : { owner: f.owner, kind: f.kind, x: t.x, y: t.y, feature: f.feature };
}

/**
 * The pile's counts per game value, counted again only once a tile was drawn (they are a function
 * of the draws), frozen and shared by the views until then: counting the ~60 tile ids into an
 * object costs ~1.7 µs, more than the rest of a view, and a copy of it nearly as much.
 */
const piles = new WeakMap<State, { left: number; counts: Readonly<Record<string, number>> }>();

function tilesLeftOf(g: State, parts: ViewParts): Readonly<Record<string, number>> {
  const left = g.pileLeft();
  let pile = piles.get(g);
  if (pile === undefined || pile.left !== left) {
    const counts: Record<string, number> = {};
    for (const [id, index] of parts.pileTypes) {
      const n = g.left[index];
      if (n > 0) counts[id] = n;
    }

    if (pile === undefined) piles.set(g, (pile = { left, counts }));
    else [pile.left, pile.counts] = [left, counts];
  }
  return pile.counts;
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
  const parts = partsOf(cfg);
  const finished = g.phase === 'finished';
  const players: PlayerView[] = [];
  for (let seat = 0; seat < cfg.names.length; seat++) players.push(playerOf(g, parts, seat));
  const view: PublicState = {
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
    tiles: tilesOf(g),
    figures: figuresOf(g),
    // Held figures awaiting a decision; the public name comes from the first expansion with them.
    pendingWagons: g.pending.map((w) => {
      const t = g.board.at(w.key);
      return { seat: w.owner, x: t.x, y: t.y };
    }),
    tilesLeft: tilesLeftOf(g, parts),
    tilesLeftTotal: g.pileLeft(),
  };
  // An expansion's members come last: added to the object built in one piece, which a spread
  // in its middle would make V8 build member by member on every view.
  for (const h of cfg.hooks.viewGame) Object.assign(view, h(g));
  return view;
}
