/**
 * The public view's one definition (docs/rules.md §8): the schema that `publicView` answers to.
 * Its TypeScript types are Static<> of it (types.ts), the HTTP layer serves it inside the game's
 * state and documents it, and the service's serializer is compiled from it. What an expansion
 * adds to a seat's view and to the game's view comes from its vocabulary (`playerView`,
 * `gameView`), so a new expansion's members enter the schema through the registry alone.
 */
import { Type, type TProperties, type TSchema } from 'typebox';
import { Int, RotationSchema } from './schema-parts.js';
import { PHASES, type BoardFigure, type ExpansionId, type FigureKind, type Rules } from './types.js';

/** What a registry's vocabulary gives the view: its figure kinds, its expansions, its members. */
export interface ViewVocabulary<P extends TProperties, G extends TProperties> {
  readonly figureKinds: readonly FigureKind[];
  readonly ExpansionId: TSchema;
  readonly BoardFigure: TSchema;
  /** The rule options: the core's, and each expansion's (set only in games with it). */
  readonly Rules: TSchema;
  readonly playerView: P;
  readonly gameView: G;
}

const NullableInt = (description?: string) =>
  Type.Union([Int, Type.Null()], description === undefined ? {} : { description });

/** A placed tile. */
export const TileViewSchema = Type.Object({ tile: Type.String(), x: Int, y: Int, rotation: RotationSchema });

/** A figure kind's count in a supply, per kind of the registry; a game's own kinds only. */
const supplySchema = (kinds: readonly FigureKind[]) =>
  Type.Object(
    Object.fromEntries(kinds.map((kind) => [kind, Type.Optional(Int)])) as Record<
      FigureKind,
      ReturnType<typeof Type.Optional<typeof Int>>
    >,
  );

export function playerViewSchema<P extends TProperties>(v: ViewVocabulary<P, TProperties>) {
  return Type.Object(
    { seat: Int, name: Type.String(), score: Int, supply: supplySchema(v.figureKinds), ...v.playerView },
    { title: 'Player' },
  );
}

/**
 * The public state: members in the order the serializer writes them (an expansion's game
 * members after the scores). Typed with the default registry's figures and expansions.
 */
export function publicStateSchema<P extends TProperties, G extends TProperties>(v: ViewVocabulary<P, G>) {
  return Type.Object({
    status: Type.Enum(['active', 'finished']),
    expansions: Type.Array(Type.Unsafe<ExpansionId>(v.ExpansionId)),
    rules: Type.Unsafe<Rules>(v.Rules),
    players: Type.Array(playerViewSchema(v)),
    scores: Type.Array(Int, { description: 'Scores in seat order' }),
    ...v.gameView,
    activeSeat: NullableInt(),
    actor: NullableInt('The seat that must act now (for a wagon decision: its owner)'),
    phase: Type.Enum([...PHASES]),
    drawnTile: Type.Union([Type.String(), Type.Null()]),
    bonusPart: Type.Boolean({ description: "True during the builder's second part of a turn" }),
    tiles: Type.Array(TileViewSchema),
    figures: Type.Array(Type.Unsafe<BoardFigure>(v.BoardFigure)),
    pendingWagons: Type.Array(Type.Object({ seat: Int, x: Int, y: Int })),
    tilesLeft: Type.Record(Type.String(), Int, { description: 'Tiles left in the pile per tile id' }),
    tilesLeftTotal: Int,
  });
}
