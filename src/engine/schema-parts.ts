/**
 * The pieces the vocabulary's schemas are written with. Moves, events and view members are
 * TypeBox schemas declared by the core (core-vocabulary.ts) and by each expansion (its
 * vocabulary.ts); their TypeScript types are Static<> of them (types.ts), and the HTTP layer
 * serves the same schemas. The pieces that name figure kinds are made per registry
 * (registry.ts), since an expansion may add a figure.
 */
import { Type, type TProperties } from 'typebox';
import { CORNERS, ROTATIONS, type FigureKind, type PlaceableFigure } from './types.js';

export const Int = Type.Integer();

/** Board coordinates are bounded far beyond any reachable board, so absurd numbers are malformed. */
export const Coordinate = Type.Integer({ minimum: -1000, maximum: 1000 });
export const Feature = Type.Integer({
  minimum: 0,
  maximum: 63,
  description: "Index into the tile's catalog `features`",
});
export const RotationSchema = Type.Enum([...ROTATIONS], { description: 'Degrees clockwise' });
export const CornerSchema = Type.Enum([...CORNERS]);
export const PosSchema = Type.Object({ x: Int, y: Int });
export const SeatPointsSchema = Type.Object({ seat: Int, points: Int });

/** An object that refuses members it does not name (a request with them gets 400). */
export const Strict = <P extends TProperties>(properties: P, options: { title?: string; description?: string } = {}) =>
  Type.Object(properties, { ...options, additionalProperties: false });

const titled = (type: string, suffix: string) => `${type[0].toUpperCase()}${type.slice(1)}${suffix}`;

/** A move type's schema, titled after it (`PlaceTileMove`): generated clients get one type per move. */
export const moveSchema = <T extends string, P extends TProperties>(type: T, properties: P) =>
  Strict({ type: Type.Literal(type), ...properties }, { title: titled(type, 'Move') });

/** An event type's schema, titled after it (`TileDrawnEvent`). */
export const eventSchema = <T extends string, P extends TProperties>(type: T, properties: P) =>
  Type.Object({ type: Type.Literal(type), ...properties }, { title: titled(type, 'Event') });

/** The schemas that name the figure kinds of a registry. */
export function figureSchemas(kinds: readonly string[], placeable: readonly string[]) {
  const FigureKindSchema = Type.Enum(kinds as FigureKind[]);
  return {
    FigureKindSchema,
    PlaceableFigureSchema: Type.Enum(placeable as PlaceableFigure[]),
    BoardFigureSchema: Type.Object(
      {
        owner: Int,
        kind: FigureKindSchema,
        x: Int,
        y: Int,
        feature: Type.Optional(Int),
        corner: Type.Optional(CornerSchema),
      },
      { title: 'BoardFigure' },
    ),
  };
}
export type FigureSchemas = ReturnType<typeof figureSchemas>;
