/**
 * The hooks through which an expansion plugs into the engine. The core owns the turn
 * (draw, place, figure, score, next seat); an expansion adds figures, moves and scoring
 * steps at these points and nowhere else. Every hook is optional.
 *
 *  supply            figures each player gets besides 7 meeples
 *  figures           placement rules of its figures (kinds of feature, strength, checks)
 *  figureStepMoves   figure-step moves that are not placeFigure (the barn)
 *  onTilePlaced      after a land tile is placed, before the figure step (builder bonus)
 *  scoreFields       scoring step (b): field scorings after completed features (barns)
 *  onCompleted       scoring step (d): completed features after figures return (goods)
 *  farmerBonus       extra points per city for a farmer-majority seat (the pig)
 *  finalScoring      end-game steps after fields, in registry order (barns, then goods)
 *
 * Abbey & Mayor also changes the turn's shape (the abbey choice, wagon decisions, the
 * end-game abbey round); those phases are driven by game.ts through expansions/abbey-mayor.
 */
import type { Occupancy } from './occupancy.js';
import type { Figure, State } from './state.js';
import type { ExpansionId, FigureKind, GameEvent, Move, PlaceableFigure, RuleViolation } from './types.js';

export interface FigureRule {
  /** Feature kinds (catalog kind numbers) the figure may stand on. */
  readonly kinds: readonly number[];
  /** Majority strength on a feature root; 0 for special figures. */
  strength(g: State, root: number): number;
  /** Why the figure may not go on this feature of the new tile (kind and supply already checked). */
  check(g: State, seat: number, root: number, occ: Occupancy): RuleViolation | null;
}

export interface Expansion {
  readonly id: ExpansionId;
  readonly supply: Partial<Record<FigureKind, number>>;
  readonly figures?: Partial<Record<PlaceableFigure, FigureRule>>;
  figureStepMoves?(g: State, occ: Occupancy, out: Move[]): void;
  onTilePlaced?(g: State): void;
  scoreFields?(g: State, events: GameEvent[], returning: Figure[]): void;
  onCompleted?(g: State, roots: readonly number[], events: GameEvent[]): void;
  farmerBonus?(g: State, seat: number, fieldRoot: number): number;
  finalScoring?(g: State, events: GameEvent[]): void;
}
