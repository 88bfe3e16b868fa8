/**
 * The engine's public vocabulary: setup, moves, events, errors and the public view.
 * Shapes follow the HTTP contract (docs/api.md) so the service passes them straight through.
 * Each word is written once: the core's and each expansion's figures, moves, events, error
 * codes and view members are declared in their own vocabulary modules (core-vocabulary.ts,
 * expansions/<id>/vocabulary.ts), moves and events as schemas; the unions here are derived
 * from those declarations (type imports only), and the runtime lists and schemas from the
 * registry (registry.ts), which is open to expansions the core does not name.
 */
import type { Static } from 'typebox';
import type { CORE_ERROR_CODES, CORE_FIGURES, coreEvents, coreMoves } from './core-vocabulary.js';
import type {
  ABBEY_MAYOR,
  ABBEY_MAYOR_ERROR_CODES,
  ABBEY_MAYOR_FIGURES,
  ABBEY_MAYOR_OWN_MOVE_FIGURES,
  ABBEY_MAYOR_PLAYER_VIEW,
  abbeyMayorEvents,
  abbeyMayorMoves,
} from './expansions/abbey-mayor/vocabulary.js';
import type {
  GOODS as TRADERS_GOODS,
  GoodsCountSchema,
  TRADERS_BUILDERS,
  TRADERS_ERROR_CODES,
  TRADERS_FIGURES,
  TRADERS_GAME_VIEW,
  TRADERS_PLAYER_VIEW,
  tradersEvents,
} from './expansions/traders-builders/vocabulary.js';
import type { INNS_CATHEDRALS, INNS_CATHEDRALS_FIGURES } from './expansions/inns-cathedrals/vocabulary.js';
import type { TObject } from 'typebox';
import type { FigureSchemas, PosSchema, SeatPointsSchema } from './schema-parts.js';
import type { publicStateSchema, TileViewSchema, ViewVocabulary } from './view-schema.js';

/** The object type of a list of object schemas (one union member per schema). */
type Members<L extends readonly TObject[]> = Static<L[number]>;

export type ExpansionId = typeof TRADERS_BUILDERS | typeof ABBEY_MAYOR | typeof INNS_CATHEDRALS;
/** The expansions with tiles in the catalog (catalog-data.ts), in registry order. */
export const EXPANSIONS = [
  'traders-builders',
  'abbey-mayor',
  'inns-cathedrals',
] as const satisfies readonly ExpansionId[];
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

export type Good = (typeof TRADERS_GOODS)[number];
export type GoodsCount = Static<typeof GoodsCountSchema>;

export type FigureKind =
  | (typeof CORE_FIGURES)[number]
  | (typeof TRADERS_FIGURES)[number]
  | (typeof ABBEY_MAYOR_FIGURES)[number]
  | (typeof INNS_CATHEDRALS_FIGURES)[number];
/** Figures a player may place with placeFigure (the barn has its own move). */
export type PlaceableFigure = Exclude<FigureKind, (typeof ABBEY_MAYOR_OWN_MOVE_FIGURES)[number]>;

export const ENDGAME_ABBEYS = ['continue', 'final-round', 'none'] as const;
export type EndgameAbbeys = (typeof ENDGAME_ABBEYS)[number];
export const WAGON_MOVES = ['c2', 'c1'] as const;

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

export type Pos = Static<typeof PosSchema>;

export type Move = Members<ReturnType<typeof coreMoves>> | Members<ReturnType<typeof abbeyMayorMoves>>;
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
export type BoardFigure = Static<FigureSchemas['BoardFigureSchema']>;
export type SeatPoints = Static<typeof SeatPointsSchema>;

export type GameEvent =
  | Members<ReturnType<typeof coreEvents>>
  | Members<ReturnType<typeof tradersEvents>>
  | Members<ReturnType<typeof abbeyMayorEvents>>;
export type ScoreReason = Extract<GameEvent, { type: 'featureScored' }>['reason'];

/** Stable error codes; the HTTP layer maps each to a status (all 422 except setup errors: 400). */
export type ErrorCode =
  (typeof CORE_ERROR_CODES)[number] | (typeof TRADERS_ERROR_CODES)[number] | (typeof ABBEY_MAYOR_ERROR_CODES)[number];

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

/** The view's one schema (view-schema.ts) typed with the default registry's members, and its types. */
type DefaultView = ViewVocabulary<
  typeof TRADERS_PLAYER_VIEW & typeof ABBEY_MAYOR_PLAYER_VIEW,
  typeof TRADERS_GAME_VIEW
>;
export type PublicStateSchema = ReturnType<
  typeof publicStateSchema<DefaultView['playerView'], DefaultView['gameView']>
>;
/** What any client may see (docs/rules.md §8): never the pile order or the seed. */
export type PublicState = Static<PublicStateSchema>;
export type PlayerView = PublicState['players'][number];
/** A placed tile. */
export type TileView = Static<typeof TileViewSchema>;
