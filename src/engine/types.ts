/**
 * The engine's public vocabulary: setup, moves, events, errors and the public view.
 * Shapes follow the HTTP contract (docs/api.md) so the service passes them straight through.
 * Each word is written once: the core's and each expansion's figures, moves, events, error
 * codes and view members are declared in their own vocabulary modules (core-vocabulary.ts,
 * expansions/<id>/vocabulary.ts), moves and events as schemas; the unions here are derived
 * from those declarations (type imports only), and the runtime lists and schemas from the
 * registry (registry.ts), which is open to expansions the core does not name.
 */
import type { Static, TObject, TProperties } from 'typebox';
import type { CORE_ERROR_CODES, CORE_FIGURES, coreEvents, coreMoves } from './core-vocabulary.js';
import type { FigureSchemas, PosSchema, SeatPointsSchema } from './schema-parts.js';
import type { publicStateSchema, TileViewSchema, ViewVocabulary } from './view-schema.js';

/**
 * The words of each registered expansion, as types: every expansion folder adds its entry to
 * these interfaces from its vocabulary.ts (a module augmentation, `declare module`), so the
 * unions below grow with the folders the registry imports and no file here names one. Its
 * figures stand apart from its other words, whose schemas are built with the figure kinds.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ExpansionFigures {}
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ExpansionVocabularies {}
/** The expansions that bring tiles (`Expansion.tiles`): each adds `'<id>': true`. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ExpansionTileSets {}

/** The shape of one entry of ExpansionFigures. */
export interface FigureTypes {
  readonly figures: readonly string[];
  /** Those put down by a move of their own, not placeFigure (the barn). */
  readonly ownMoveFigures?: readonly string[];
}
/** The shape of one entry of ExpansionVocabularies: the types of its Vocabulary's members. */
export interface VocabularyTypes {
  readonly errorCodes?: readonly string[];
  readonly moves?: readonly TObject[];
  readonly events?: readonly TObject[];
  readonly playerView?: TProperties;
  readonly gameView?: TProperties;
  /** Its rule options, each with its allowed values (the first the default): `as const` tuples. */
  readonly rules?: { readonly [option: string]: readonly string[] };
}

/** One member of every registered expansion's entries, as a union (never when absent). */
type Each<T, K extends string> = { [I in keyof T]: T[I] extends { readonly [P in K]: infer X } ? X : never }[keyof T];
type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
type ItemOf<L> = L extends readonly (infer S)[] ? S : never;
type EachFigure<K extends keyof FigureTypes> = ItemOf<Each<ExpansionFigures, K>>;
type EachWord<K extends 'errorCodes' | 'moves' | 'events'> = ItemOf<Each<ExpansionVocabularies, K>>;
type EachProperties<K extends 'playerView' | 'gameView' | 'rules'> = [Each<ExpansionVocabularies, K>] extends [never]
  ? Record<never, never>
  : Intersection<Each<ExpansionVocabularies, K>>;

/** The object type of a list of object schemas (one union member per schema). */
type Members<L extends readonly TObject[]> = Static<L[number]>;
type StaticOf<O> = O extends TObject ? Static<O> : never;

export type ExpansionId = Extract<keyof ExpansionFigures, string>;
/** Tile sets: the base game and one per expansion with tiles. */
export type SetId = 'base' | Extract<keyof ExpansionTileSets, string>;

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

export type FigureKind = (typeof CORE_FIGURES)[number] | EachFigure<'figures'>;
/** Figures a player may place with placeFigure (the barn has its own move). */
export type PlaceableFigure = Exclude<FigureKind, EachFigure<'ownMoveFigures'>>;

export const ENDGAME_ABBEYS = ['continue', 'final-round', 'none'] as const;
export type EndgameAbbeys = (typeof ENDGAME_ABBEYS)[number];
export const WAGON_MOVES = ['c2', 'c1'] as const;

/** Each of the core's rule options with its allowed values (the first is the default), in view order. */
export const RULE_VALUES = { endgameAbbeys: ENDGAME_ABBEYS, wagonMove: WAGON_MOVES } as const;
type ExpansionRuleValues = EachProperties<'rules'>;
/**
 * A game's rule options: the core's, always set, and each enabled expansion's (its
 * vocabulary's `rules`), set in the games that enable it only.
 */
export type Rules = { -readonly [K in keyof typeof RULE_VALUES]: (typeof RULE_VALUES)[K][number] } & {
  -readonly [K in keyof ExpansionRuleValues]?: ExpansionRuleValues[K] extends readonly (infer V)[] ? V : never;
};
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

export type Move = Members<ReturnType<typeof coreMoves>> | StaticOf<EachWord<'moves'>>;
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

export type GameEvent = Members<ReturnType<typeof coreEvents>> | StaticOf<EachWord<'events'>>;
export type ScoreReason = Extract<GameEvent, { type: 'featureScored' }>['reason'];

/** Stable error codes; the HTTP layer maps each to a status (all 422 except setup errors: 400). */
export type ErrorCode = (typeof CORE_ERROR_CODES)[number] | EachWord<'errorCodes'>;

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
type DefaultView = ViewVocabulary<EachProperties<'playerView'>, EachProperties<'gameView'>>;
export type PublicStateSchema = ReturnType<
  typeof publicStateSchema<DefaultView['playerView'], DefaultView['gameView']>
>;
/** What any client may see (docs/rules.md §8): never the pile order or the seed. */
export type PublicState = Static<PublicStateSchema>;
export type PlayerView = PublicState['players'][number];
/** A placed tile. */
export type TileView = Static<typeof TileViewSchema>;
