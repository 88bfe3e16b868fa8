/**
 * What an expansion contributes besides its rules (expansion.ts): its board art, what the bots
 * know of it and its words. Plain data and pure functions over public facts (catalog features,
 * figure kinds, event objects), defined here so that the engine imports nothing from the
 * layers that consume them: the SVG renderer (src/render) draws `art`, the bots
 * (src/bots/heuristics.ts) weigh with `bots`, and the web client and the API documents say
 * `words`. Each is read from the registry's modules, so no file outside the folder names them.
 */
import type { FeatureDef } from './catalog-types.js';
import type { FigureKind } from './types.js';

/** A point in tile units (0..1 across a tile at rotation 0). */
export type TilePoint = readonly [number, number];

export interface ExpansionArt {
  /**
   * The SVG of each figure it adds, drawn round the origin at a meeple's scale; the renderer
   * fills it with the seat's colour. Given the outline of the renderer's meeple, to draw a
   * variant of it (the large meeple).
   */
  readonly figures?: Partial<Record<FigureKind, (meeplePath: string) => string>>;
  /** Its figures that lie down on a field like a farmer (the large meeple). */
  readonly farmers?: readonly FigureKind[];
  /**
   * What it draws on a tile over the renderer's art (inns, cathedrals): SVG fragments drawn
   * round the origin, each with where it stands, given the tile's features and the anchor
   * of each feature (tile units, rotation 0). An empty list when the tile shows none.
   */
  tileMarks?(features: readonly FeatureDef[], anchors: readonly TilePoint[]): { art: string; at: TilePoint }[];
}

/** A figure on a feature, as the bots see it (catalog feature at rotation 0). */
export interface FigureOnFeature {
  readonly kind: FigureKind;
  readonly feature: FeatureDef;
}

export interface ExpansionBots {
  /**
   * What a figure of its own may still bring wherever it stands, given the share of the pile
   * to come (rest, in [0, 1]): the builder, the pig, the barn. Absent: a follower's (below).
   */
  readonly potential?: Partial<Record<FigureKind, (rest: number) => number>>;
  /**
   * A road's or a city's promise for a follower, as this expansion changes it (an inn, a
   * cathedral, goods, the mayor's pennants), given the promise so far (the core's, then each
   * earlier module's) and the chance of finishing the feature (`completes`).
   */
  featurePotential?(f: FigureOnFeature, completes: number, value: number): number;
  /** A follower's promise over a meeple's on the same feature (the large meeple wins ties). */
  readonly weight?: Partial<Record<FigureKind, number>>;
  /** What taking one of its followers from supply costs, given the share of the pile to come. */
  readonly cost?: Partial<Record<FigureKind, (rest: number) => number>>;
}

/** How the words of an expansion name the things the core's words name. */
export interface Say {
  /** A seat, by its player's name. */
  name(seat: number): string;
  /** A board position: "(1, 0)". */
  at(p: { readonly x: number; readonly y: number }): string;
  /** A tile corner: "north-east". */
  corner(corner: string | undefined): string;
  /** A feature of a placed tile: its kind and the direction it lies in ("road", "north"). */
  feature(x: number, y: number, feature: number): { kind: string; where: string };
  /** A list of points: "Ann +4, Bob +2", or "no one scores". */
  points(list: readonly { readonly seat: number; readonly points: number }[]): string;
}

/** Loosely typed: the web client reads its moves and events from the API's types. */
export interface Worded {
  readonly type?: string;
  readonly [member: string]: unknown;
}

export interface ExpansionWords {
  /** Its name as players know it: the lobby, the API documents. */
  readonly name: string;
  /**
   * Each figure it adds: as the supply lists it ("large meeple") and, for a follower standing
   * on a feature, its role given a meeple's there ("knight" -> "large knight").
   */
  readonly figures?: Partial<Record<FigureKind, { readonly supply: string; role?(meepleRole: string): string }>>;
  /** What a tile shows besides its cities and roads, given its features: "inn", "wine". */
  tileExtras?(features: readonly FeatureDef[]): string[];
  /** Its move types as a choice's label, or undefined for a type it does not add. */
  move?(m: Worded, say: Say): string | undefined;
  /**
   * Its event types as one line of the game's log; null for one not worth a line (bookkeeping),
   * undefined for a type it does not add.
   */
  event?(e: Worded, say: Say): string | null | undefined;
  /** What its members of a seat's view say, for the players' table ("abbey in hand"), or "" for none. */
  player?(player: Worded): string;
  /** Why a feature scored, for one of its reasons, ending the log's line "The field of 12 tiles scored for …" ("barn" -> "a barn"). */
  readonly scoreReasons?: Readonly<Record<string, string>>;
}
