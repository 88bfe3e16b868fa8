/**
 * The engine's public vocabulary: setup, moves, events, errors and the public view.
 * Shapes follow the HTTP contract (docs/api.md) so the service passes them straight through.
 * Each vocabulary is written once, as an `as const` tuple with its type derived from it, so
 * the engine, its tests and the HTTP schemas loop over the same list.
 */

export const EXPANSIONS = ['traders-builders', 'abbey-mayor'] as const;
export type ExpansionId = (typeof EXPANSIONS)[number];
/** Tile sets: the base game and one per expansion. */
export const SETS = ['base', ...EXPANSIONS] as const;
export type SetId = (typeof SETS)[number];

/** Setup limits. */
export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 6;

/** Rotations in degrees clockwise; index i is i quarter turns. */
export const ROTATIONS = [0, 90, 180, 270] as const;
export type Rotation = (typeof ROTATIONS)[number];

/** Board edges in clockwise order (index = direction number). */
export const DIRECTIONS = ['N', 'E', 'S', 'W'] as const;
export type Direction = (typeof DIRECTIONS)[number];

/** Tile corners in clockwise order (index = corner number). */
export const CORNERS = ['NE', 'SE', 'SW', 'NW'] as const;
export type Corner = (typeof CORNERS)[number];

export const GOODS = ['wine', 'wheat', 'cloth'] as const;
export type Good = (typeof GOODS)[number];
export type GoodsCount = Record<Good, number>;

/** Figures a player may place with placeFigure (the barn has its own move). */
export const PLACEABLE_FIGURES = ['meeple', 'mayor', 'wagon', 'builder', 'pig'] as const;
export type PlaceableFigure = (typeof PLACEABLE_FIGURES)[number];
export const FIGURE_KINDS = [...PLACEABLE_FIGURES, 'barn'] as const;
export type FigureKind = (typeof FIGURE_KINDS)[number];

export const ENDGAME_ABBEYS = ['continue', 'final-round', 'none'] as const;
export type EndgameAbbeys = (typeof ENDGAME_ABBEYS)[number];
export const WAGON_MOVES = ['c2', 'c1'] as const;
export type WagonMoveRule = (typeof WAGON_MOVES)[number];

/** Each rule option with its allowed values (the first is the default), in view order. */
export const RULE_VALUES = { endgameAbbeys: ENDGAME_ABBEYS, wagonMove: WAGON_MOVES } as const;
export type Rules = { -readonly [K in keyof typeof RULE_VALUES]: (typeof RULE_VALUES)[K][number] };
export const RULE_DEFAULTS: Readonly<Rules> = { endgameAbbeys: 'continue', wagonMove: 'c2' };

/** The longest player name, in Unicode code points (what JSON Schema's `maxLength` counts). */
export const MAX_NAME_LENGTH = 40;

export interface GameSetup {
  players: { name: string }[];
  expansions?: ExpansionId[];
  rules?: Partial<Rules>;
  /** Any string; the same seed and options give the same game. */
  seed?: string;
  /** Fixes the whole draw pile from the first draw; the game has no more tiles after it. */
  tileOrder?: string[];
}

export interface Pos {
  x: number;
  y: number;
}

export type Move =
  | { type: 'draw' }
  | { type: 'placeTile'; x: number; y: number; rotation: Rotation }
  | { type: 'placeAbbey'; x: number; y: number }
  | { type: 'placeFigure'; figure: PlaceableFigure; x: number; y: number; feature: number }
  | { type: 'placeBarn'; x: number; y: number; corner: Corner }
  | { type: 'pass' }
  | { type: 'moveWagon'; x: number; y: number; feature: number }
  | { type: 'returnWagon' };
export type MoveType = Move['type'];

export const PHASES = ['drawOrAbbey', 'placeTile', 'placeFigure', 'moveWagon', 'endgameAbbey', 'finished'] as const;
export type Phase = (typeof PHASES)[number];

/**
 * The core's generic turn steps under their public phase names (named after the first
 * expansion that used each): choosing between drawing and an alternative, a held figure's
 * decision, and the round of alternatives after the last tile.
 */
export const ALTERNATIVES_PHASE = 'drawOrAbbey' satisfies Phase;
export const DECISION_PHASE = 'moveWagon' satisfies Phase;
export const FINAL_ROUND_PHASE = 'endgameAbbey' satisfies Phase;

/** A figure on the board. Barns stand on a corner, every other figure on a feature segment. */
export interface BoardFigure {
  owner: number;
  kind: FigureKind;
  x: number;
  y: number;
  feature?: number;
  corner?: Corner;
}

export type FeatureKind = 'road' | 'city' | 'field' | 'monastery' | 'abbey';
export type ScoreReason = 'road' | 'city' | 'monastery' | 'abbey' | 'field' | 'barn' | 'barn-join' | 'goods';

export interface SeatPoints {
  seat: number;
  points: number;
}

export type GameEvent =
  | { type: 'turnStarted'; seat: number }
  | { type: 'tileDrawn'; seat: number; tile: string }
  | { type: 'tileDiscarded'; seat: number; tile: string; reason: 'unplaceable' }
  | { type: 'tilePlaced'; seat: number; tile: string; x: number; y: number; rotation: Rotation }
  | { type: 'abbeyPlaced'; seat: number; x: number; y: number }
  | { type: 'figurePlaced'; seat: number; figure: BoardFigure }
  | { type: 'figureSkipped'; seat: number; reason: 'passed' | 'no-legal-placement' }
  | {
      type: 'featureScored';
      /** The feature: its kind and every tile it covers (for fields and barns: the field). */
      kind: FeatureKind;
      tiles: Pos[];
      reason: ScoreReason;
      /** Points per seat that scored (only seats with points > 0). */
      points: SeatPoints[];
      /** Figures that went back to their owners' supply because of this scoring. */
      returned: BoardFigure[];
      final: boolean;
    }
  | { type: 'goodsAwarded'; seat: number; goods: GoodsCount }
  | { type: 'goodsScored'; good: Good; points: SeatPoints[] }
  | { type: 'bonusPartStarted'; seat: number }
  | { type: 'wagonMoved'; seat: number; from: Pos; to: BoardFigure }
  | { type: 'wagonReturned'; seat: number; from: Pos; reason: 'chosen' | 'no-target' }
  | { type: 'abbeySkipped'; seat: number; reason: 'passed' | 'cannot-place' }
  | { type: 'finalScoringStarted' }
  | { type: 'gameEnded'; scores: number[] };

/** Stable error codes; the HTTP layer maps each to a status (all 422 except setup errors: 400). */
export const ERROR_CODES = [
  'INVALID_SETUP',
  'GAME_FINISHED',
  'MOVE_NOT_ALLOWED_NOW',
  'EXPANSION_NOT_ENABLED',
  'POSITION_OCCUPIED',
  'NOT_ADJACENT',
  'EDGES_DO_NOT_MATCH',
  'NOT_A_HOLE',
  'NO_ABBEY_LEFT',
  'NO_FIGURE_IN_SUPPLY',
  'NOT_ON_NEW_TILE',
  'NO_SUCH_FEATURE',
  'WRONG_FEATURE_KIND',
  'FEATURE_OCCUPIED',
  'BUILDER_NEEDS_FOLLOWER',
  'FEATURE_COMPLETE',
  'PIG_NEEDS_FARMER',
  'FIELD_HAS_BARN',
  'BARN_CORNER_INVALID',
  'CANNOT_PASS',
  'WAGON_TARGET_INVALID',
  'ILLEGAL_MOVE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface RuleViolation {
  code: ErrorCode;
  reason: string;
}

export type Result<T, E = RuleViolation> = { ok: true; value: T } | { ok: false; error: E };

export interface LegalMoves {
  /** The seat that must act now (for a wagon decision: the wagon's owner); null when finished. */
  actor: number | null;
  phase: Phase;
  moves: Move[];
}

export interface PlayerView {
  seat: number;
  name: string;
  score: number;
  supply: Partial<Record<FigureKind, number>>;
  goods?: GoodsCount;
  abbey?: boolean;
}

/** What any client may see (docs/rules.md §8): never the pile order or the seed. */
export interface PublicState {
  status: 'active' | 'finished';
  expansions: ExpansionId[];
  rules: Rules;
  players: PlayerView[];
  scores: number[];
  goods?: GoodsCount[];
  activeSeat: number | null;
  actor: number | null;
  phase: Phase;
  drawnTile: string | null;
  /** True while the active player plays the builder's second part of the turn. */
  bonusPart: boolean;
  tiles: { tile: string; x: number; y: number; rotation: Rotation }[];
  figures: BoardFigure[];
  /** Wagons whose owners must still decide where they go, in decision order. */
  pendingWagons: { seat: number; x: number; y: number }[];
  tilesLeft: Record<string, number>;
  tilesLeftTotal: number;
}
