/**
 * The contract between the core and an expansion module. The core owns the turn (draw,
 * place, figure step, scoring step, next seat) and the board; an expansion brings its own
 * state slot, figures, move types, scoring steps, view fragment and events, and joins in at
 * the hooks below and nowhere else. Every hook is optional; the core gathers each hook into
 * an array once per game (Config.hooks), so an absent hook costs nothing on the hot paths.
 * Modules act on the game through the turn API (turn-api.ts) and the state's board queries.
 *
 *  after              the modules it comes after in a registry, each with its reason (registry-order.ts)
 *  vocabulary         the figures, moves, events, error codes and view members it adds (schemas);
 *                     their types come from its vocabulary.ts (`declare module`, types.ts)
 *  tiles, tileFlags   its tile set (ids `<id>/<letter>`), added to the catalog by the registry,
 *                     and the schemas of the marks its segments carry (catalog-types.ts)
 *  tileSetup          where its tiles go in a game: a start tile of its own, stages of the pile
 *                     drawn before the land tiles (pile.ts)
 *  art, bots, words   its board art, what the bots know of it, its words (contribution.ts)
 *  slot               its own state (a StateSlot): created, copied and viewed by the module
 *  placementRule      where a drawn tile may go besides matching edges (placement.ts: the river's course)
 *  supply             figures each seat gets besides 7 meeples (the builder, the barn…)
 *  figures            the rule of each of its figures: strength (null: not a follower),
 *                     placement (kinds of feature and check), permanent, excluded followers
 *  moves              its move types: allowed phases, shape check and handler (placeAbbey…)
 *  figureStepMoves    figure-step moves that are not placeFigure (the barn)
 *  onTilePlaced       after a drawn tile is placed, before the figure step (builder bonus)
 *  extraPartDue       asked when a part ends: does the seat play one more part? (builder)
 *  scoreFields        scoring step (b): field scorings after completed features (barns)
 *  onCompleted        scoring step (d): completed features after figures return (goods)
 *  farmerBonus        extra points per city for a farmer-majority seat (the pig)
 *  featureValue       what a road, city or cloister is worth, complete or at the end (inns, cathedrals)
 *  finalFieldScoring  end-game step after the farmers (barns)
 *  finalScoring       the last end-game step (goods)
 *  drawAlternatives   moves offered instead of drawing when a part starts (the abbey)
 *  alternativesSkipped  a seat passed on them, or cannot act in the final round
 *  finalRound         one more round of alternatives after the last tile (docs/rules.md §7), or null
 *  holdsOnReturn      a figure leaving a scored feature waits for its owner's decision (wagon)
 *  decisionMoves      the moves of that decision; none, and it goes home (sentHomeUndecided)
 *  viewPlayer/viewGame  members it adds to a seat's and to the game's public view
 */
import type { TObject, TProperties } from 'typebox';
import type { TileType } from './catalog.js';
import type { TileDef } from './catalog-types.js';
import type { ExpansionArt, ExpansionBots, ExpansionWords } from './contribution.js';
import type { Occupancy } from './occupancy.js';
import type { FigureSchemas } from './schema-parts.js';
import type { Figure } from './figures.js';
import type { SlotDef } from './slot.js';
import type { HeldFigure, State } from './state.js';
import type {
  ExpansionId,
  FigureKind,
  GameEvent,
  Move,
  MoveType,
  Phase,
  PlayerView,
  PublicState,
  Rules,
  RuleViolation,
} from './types.js';

export type MoveOf<K extends MoveType> = Extract<Move, { type: K }>;

/** Everything the core needs to know about one move type. */
export interface MoveSpec<K extends MoveType, P extends Phase = Phase> {
  /** The phases in which it may be played; the handler only ever sees these. */
  readonly phases: readonly P[];
  /** Why a submitted move of this type is malformed (wrong field types), or null. */
  shape(m: Readonly<Record<string, unknown>>): string | null;
  /** Validates completely, then applies in place; a refusal changes nothing. */
  apply(g: State, move: MoveOf<K>, phase: P, events: GameEvent[]): RuleViolation | null;
}
export type MoveSpecs = { readonly [K in MoveType]?: MoveSpec<K> };

export interface FigureRule {
  /** Majority strength on a feature root; null: not a follower (never counts, never scores). */
  readonly strength: ((g: State, root: number) => number) | null;
  /** How placeFigure puts it down; absent for a figure with its own move (the barn). */
  readonly placement?: {
    /** Feature kinds (catalog kind numbers) it may stand on. */
    readonly kinds: readonly number[];
    /** Why it may not go on this feature of the new tile (kind and supply already checked). */
    readonly check: (g: State, seat: number, root: number, occ: Occupancy) => RuleViolation | null;
  };
  /** Stays on the board when its feature is scored. */
  readonly permanent?: boolean;
  /** No follower may join a feature holding this figure: the refusal. */
  readonly excludesFollowers?: RuleViolation;
}

/** A rule on where a drawn tile may go besides matching edges (placement.ts). */
export interface PlacementRule {
  /** Why the tile may not go at position `key` in rotation `r` (quarter turns), where its edges match; or null. */
  refusal(key: number, r: number): RuleViolation | null;
}

export interface FinalRound {
  /** Why a seat of the round may not pass, or null when it may. */
  readonly passRefusal: string | null;
}

/**
 * The words an expansion adds to the API, declared by the expansion itself: the registry
 * (registry.ts) builds the core's lists and the HTTP schemas from them.
 */
export interface Vocabulary {
  /** Figure kinds it adds (in supplies, on the board, in the view). */
  readonly figures?: readonly string[];
  /** Those of its figures put down by a move of their own rather than placeFigure (the barn). */
  readonly ownMoveFigures?: readonly string[];
  /** The error codes its refusals use. */
  readonly errorCodes?: readonly string[];
  /** The schemas of its move types and of its event types (given the registry's figure schemas). */
  moves?(figures: FigureSchemas): readonly TObject[];
  events?(figures: FigureSchemas): readonly TObject[];
  /** The members it adds to a seat's view and to the game's view (viewPlayer/viewGame), as schemas. */
  readonly playerView?: TProperties;
  readonly gameView?: TProperties;
  /**
   * Its rule options, each with its allowed values, the first the default (the create body's
   * `rules`, the view's `rules`). They are set, and shown, only in games that enable it.
   */
  readonly rules?: { readonly [option: string]: readonly string[] };
}

/**
 * The schemas of the members an expansion adds to its tiles' city and road segments, and of the
 * features of its own kinds (catalog-types.ts, ExpansionFeatures), for GET /tiles.
 */
export interface TileFlags {
  readonly city?: TProperties;
  readonly road?: TProperties;
  readonly features?: readonly TObject[];
}

/** Where an expansion's tiles go in a game (pile.ts); its other tiles join the land pile. */
export interface TileSetup {
  /** The tile put at (0,0), rotation 0, instead of the base game's start tile. */
  readonly start?: string;
  /** Whether the base game's start tile it replaces is shuffled into the land pile (else it goes back to the box). */
  readonly displacedStartDrawn?: boolean;
  /**
   * Its tiles drawn before the land pile, stage after stage, each stage shuffled on its own
   * (ids, a tile once per copy). A tileOrder must list every stage whole, in order, first.
   */
  readonly stages?: readonly (readonly string[])[];
}

export interface Expansion {
  readonly id: ExpansionId;
  /**
   * The modules it must come after in a registry that offers them: its hooks run after
   * theirs, its tiles follow theirs in the catalog (the order a seeded pile is dealt from) and
   * its name follows theirs in the lists a client sees. Say why beside it.
   */
  readonly after?: readonly ExpansionId[];
  readonly vocabulary?: Vocabulary;
  readonly tiles?: readonly TileDef[];
  readonly tileFlags?: TileFlags;
  tileSetup?(rules: Rules): TileSetup;
  readonly art?: ExpansionArt;
  readonly bots?: ExpansionBots;
  readonly words?: ExpansionWords;
  readonly slot?: SlotDef;
  readonly supply?: Partial<Record<FigureKind, number>>;
  readonly figures?: Partial<Record<FigureKind, FigureRule>>;
  readonly moves?: MoveSpecs;
  /**
   * Its rule on where a drawn tile of this type may go besides matching edges, or null when it
   * sets none for this tile now: asked once per listing of placements, per placeTile move and
   * per drawn tile (may it go anywhere?), never per position.
   */
  placementRule?(g: State, type: TileType): PlacementRule | null;
  figureStepMoves?(g: State, occ: Occupancy, out: Move[]): void;
  onTilePlaced?(g: State): void;
  extraPartDue?(g: State): boolean;
  scoreFields?(g: State, events: GameEvent[], returning: Figure[]): void;
  onCompleted?(g: State, roots: readonly number[], events: GameEvent[]): void;
  farmerBonus?(g: State, seat: number, fieldRoot: number): number;
  /**
   * The points a road, city or cloister of `tiles` tiles scores, given the value so far (the
   * core's, then each earlier module's): completed during the game, or incomplete at the end (`final`).
   */
  featureValue?(g: State, root: number, tiles: number, final: boolean, value: number): number;
  finalFieldScoring?(g: State, events: GameEvent[]): void;
  finalScoring?(g: State, events: GameEvent[]): void;
  drawAlternatives?(g: State, out: Move[]): void;
  alternativesSkipped?(g: State, seat: number, reason: 'passed' | 'cannot-place', events: GameEvent[]): void;
  finalRound?(rules: Rules): FinalRound | null;
  holdsOnReturn?(f: Figure): boolean;
  decisionMoves?(g: State, held: HeldFigure, out: Move[]): void;
  sentHomeUndecided?(g: State, held: HeldFigure, events: GameEvent[]): void;
  viewPlayer?(g: State, seat: number): Partial<PlayerView>;
  viewGame?(g: State): Partial<PublicState>;
}

/** The hooks that are called on every game, gathered per game in registry order. */
type Gathered =
  | 'placementRule'
  | 'figureStepMoves'
  | 'onTilePlaced'
  | 'extraPartDue'
  | 'scoreFields'
  | 'onCompleted'
  | 'farmerBonus'
  | 'featureValue'
  | 'finalFieldScoring'
  | 'finalScoring'
  | 'drawAlternatives'
  | 'alternativesSkipped'
  | 'viewPlayer'
  | 'viewGame';
export type Hooks = { readonly [K in Gathered]: readonly NonNullable<Expansion[K]>[] };

function gather<K extends Gathered>(modules: readonly Expansion[], k: K): NonNullable<Expansion[K]>[] {
  return modules.map((m) => m[k]).filter((h): h is NonNullable<Expansion[K]> => h !== undefined);
}

export function gatherHooks(modules: readonly Expansion[]): Hooks {
  return {
    placementRule: gather(modules, 'placementRule'),
    figureStepMoves: gather(modules, 'figureStepMoves'),
    onTilePlaced: gather(modules, 'onTilePlaced'),
    extraPartDue: gather(modules, 'extraPartDue'),
    scoreFields: gather(modules, 'scoreFields'),
    onCompleted: gather(modules, 'onCompleted'),
    farmerBonus: gather(modules, 'farmerBonus'),
    featureValue: gather(modules, 'featureValue'),
    finalFieldScoring: gather(modules, 'finalFieldScoring'),
    finalScoring: gather(modules, 'finalScoring'),
    drawAlternatives: gather(modules, 'drawAlternatives'),
    alternativesSkipped: gather(modules, 'alternativesSkipped'),
    viewPlayer: gather(modules, 'viewPlayer'),
    viewGame: gather(modules, 'viewGame'),
  };
}
