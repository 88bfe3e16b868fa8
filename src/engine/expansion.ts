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
 *  moves             handlers of the move types it brings (placeAbbey, placeBarn, moveWagon…)
 *  drawAlternatives  moves offered instead of drawing when a part starts (the abbey)
 *  heldOnReturn      a figure leaving a scored feature waits for a decision (the wagon)
 *  decisionMoves     the moves of such a decision; none and it goes home by itself
 *  endgameRound      after the last land tile, one more round of alternatives (RULES 7)
 *  endgameSkipped    a seat of that round that cannot act
 */
import type { Occupancy } from './occupancy.js';
import type { Figure, HeldFigure, State } from './state.js';
import type { ExpansionId, FigureKind, GameEvent, Move, MoveType, PlaceableFigure, RuleViolation } from './types.js';

/** Validates a move completely, then applies it in place; a refusal changes nothing. */
export type MoveHandler = (g: State, move: Move, events: GameEvent[]) => RuleViolation | null;

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
  readonly moves?: Partial<Record<MoveType, MoveHandler>>;
  drawAlternatives?(g: State, out: Move[]): void;
  heldOnReturn?(f: Figure): boolean;
  decisionMoves?(g: State, held: HeldFigure, out: Move[]): void;
  endgameRound?(g: State): { passAllowed: boolean } | null;
  endgameSkipped?(g: State, seat: number, events: GameEvent[]): void;
}
