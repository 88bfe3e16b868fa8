import { Type } from 'typebox';
import { GOODS } from '../../engine/index.js';

const Edge = Type.Enum(['N', 'E', 'S', 'W']);
const HalfEdge = Type.Enum(['NL', 'NR', 'EL', 'ER', 'SL', 'SR', 'WL', 'WR']);

const FeatureDef = Type.Union([
  Type.Object({
    kind: Type.Literal('city'),
    edges: Type.Array(Edge),
    pennants: Type.Integer(),
    goods: Type.Optional(Type.Enum([...GOODS])),
    cathedral: Type.Optional(Type.Literal(true)),
  }),
  Type.Object({
    kind: Type.Literal('road'),
    edges: Type.Array(Edge),
    tunnel: Type.Optional(Type.Boolean()),
    continuous: Type.Optional(Type.Boolean()),
    inn: Type.Optional(Type.Literal(true)),
  }),
  Type.Object({
    kind: Type.Literal('field'),
    halfEdges: Type.Array(HalfEdge),
    adjacentCities: Type.Array(Type.Integer()),
  }),
  Type.Object({ kind: Type.Literal('monastery') }),
  Type.Object({ kind: Type.Literal('abbey') }),
]);

const SetCounts = Type.Object({
  base: Type.Integer(),
  'traders-builders': Type.Integer(),
  'abbey-mayor': Type.Integer(),
  'inns-cathedrals': Type.Integer(),
});

export const TileCatalogResponse = Type.Object(
  {
    sets: SetCounts,
    tiles: Type.Array(
      Type.Object({
        id: Type.String(),
        set: Type.Enum(['base', 'traders-builders', 'abbey-mayor', 'inns-cathedrals']),
        count: Type.Integer(),
        startTile: Type.Optional(Type.Boolean()),
        features: Type.Array(FeatureDef, {
          description: 'Features at rotation 0; a segment is addressed by its index here',
        }),
        wagonLinks: Type.Array(Type.Array(Type.Integer())),
      }),
    ),
  },
  { title: 'TileCatalog' },
);
