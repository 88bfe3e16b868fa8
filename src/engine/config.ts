/**
 * A game's immutable configuration, made once by createGame and shared by every copy of the
 * game: the setup, the secret pile, and everything derived from the enabled expansions
 * (figure rules, move table, hook arrays) so that no hot path looks the modules up again.
 */
import type { TileType } from './catalog.js';
import type { Registry } from './registry.js';
import type { Expansion, FigureRule, FinalRound, Hooks, MoveSpecs } from './expansion.js';
import type { ExpansionId, FigureKind, PlaceableFigure, Rules, RuleViolation } from './types.js';

export interface Config {
  readonly names: readonly string[];
  readonly expansions: readonly ExpansionId[];
  readonly rules: Rules;
  readonly seed: string;
  /** The tile put at (0,0) before the first turn: the base start tile or an expansion's (pile.ts). */
  readonly start: TileType;
  /** The whole draw pile in order (secret). */
  readonly pile: readonly TileType[];
  /**
   * Where each stage of the pile ends (pile.ts), the last at the pile's end: determinize
   * reshuffles each stage's hidden tiles on their own.
   */
  readonly stages: readonly number[];
  /** Segment capacity of the union-find. */
  readonly capacity: number;
  /** Enabled expansion modules, in registry order. */
  readonly modules: readonly Expansion[];
  readonly hooks: Hooks;
  readonly figureRules: Partial<Record<FigureKind, FigureRule>>;
  /** Figures placed with placeFigure in this game, in PLACEABLE_FIGURES order. */
  readonly placeable: readonly PlaceableFigure[];
  /** Is the kind a follower (its rule has a strength)? */
  readonly followers: Readonly<Record<FigureKind, boolean>>;
  /** Figure kinds that keep followers out of their feature, with the refusal. */
  readonly excluders: readonly (readonly [FigureKind, RuleViolation])[];
  /** The figure kinds players have in this game (meeple first), as the view lists them. */
  readonly figureKinds: readonly FigureKind[];
  /** Supply of a seat at the start, by FIGURE_INDEX. */
  readonly startSupply: readonly number[];
  /** Move types of this game (the core's and the enabled expansions'). */
  readonly moves: MoveSpecs;
  /** Every move type the engine knows, enabled or not: its shape is checked before anything. */
  readonly knownMoves: MoveSpecs;
  /** The registry the game was made with (its replays are made with it too). */
  readonly registry: Registry;
  /** The round after the last tile, if an expansion holds one. */
  readonly finalRound: FinalRound | null;
}
