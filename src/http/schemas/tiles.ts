import { Type } from 'typebox';
import { SETS } from '../../engine/index.js';
import type { Vocabulary } from './vocabulary.js';

const Edge = Type.Enum(['N', 'E', 'S', 'W']);
const HalfEdge = Type.Enum(['NL', 'NR', 'EL', 'ER', 'SL', 'SR', 'WL', 'WR']);

/** A feature of a tile at rotation 0, with what the registry's expansions add to cities and roads. */
const featureDef = ({ cityFlags, roadFlags }: Vocabulary) =>
  Type.Union([
    Type.Object({
      kind: Type.Literal('city'),
      edges: Type.Array(Edge),
      pennants: Type.Integer(),
      ...cityFlags,
    }),
    Type.Object({
      kind: Type.Literal('road'),
      edges: Type.Array(Edge),
      tunnel: Type.Optional(Type.Boolean()),
      continuous: Type.Optional(Type.Boolean()),
      ...roadFlags,
    }),
    Type.Object({
      kind: Type.Literal('field'),
      halfEdges: Type.Array(HalfEdge),
      adjacentCities: Type.Array(Type.Integer()),
    }),
    Type.Object({ kind: Type.Literal('monastery') }),
    Type.Object({ kind: Type.Literal('abbey') }),
  ]);

const SetCounts = Type.Object(Object.fromEntries(SETS.map((set) => [set, Type.Integer()])));

/** The tile catalog, with the members the app registry's expansions add to segments. */
export const tileSchemas = (v: Vocabulary) => ({
  TileCatalogResponse: Type.Object(
    {
      sets: SetCounts,
      tiles: Type.Array(
        Type.Object({
          id: Type.String(),
          set: Type.Enum([...SETS]),
          count: Type.Integer(),
          startTile: Type.Optional(Type.Boolean()),
          features: Type.Array(featureDef(v), {
            description: 'Features at rotation 0; a segment is addressed by its index here',
          }),
          wagonLinks: Type.Array(Type.Array(Type.Integer())),
        }),
      ),
    },
    { title: 'TileCatalog' },
  ),
});
