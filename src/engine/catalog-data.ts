// The base set's tiles (each expansion's are in its folder, expansions/<id>/tiles.ts).
// Transcribed from the C2 tile catalog (tiles.json of the spec); test/engine/catalog.test.ts checks it against a copy.
// Edges are at rotation 0; half-edges run clockwise (NL = west half of N ... WR = north half of W).
import type { TileDef } from './catalog-types.js';

export const TILE_DEFS: readonly TileDef[] = [
  {
    id: 'base/A',
    count: 2,
    features: [
      { kind: 'monastery' },
      { kind: 'road', edges: ['S'] },
      { kind: 'field', halfEdges: ['NL', 'NR', 'EL', 'ER', 'SL', 'SR', 'WL', 'WR'], adjacentCities: [] },
    ],
    wagonLinks: [[0, 1]],
  },
  {
    id: 'base/B',
    count: 4,
    features: [
      { kind: 'monastery' },
      { kind: 'field', halfEdges: ['NL', 'NR', 'EL', 'ER', 'SL', 'SR', 'WL', 'WR'], adjacentCities: [] },
    ],
    wagonLinks: [],
  },
  { id: 'base/C', count: 1, features: [{ kind: 'city', edges: ['N', 'E', 'S', 'W'], pennants: 1 }], wagonLinks: [] },
  {
    id: 'base/D',
    count: 4,
    startTile: true,
    features: [
      { kind: 'city', edges: ['N'], pennants: 0 },
      { kind: 'road', edges: ['W', 'E'] },
      { kind: 'field', halfEdges: ['WR', 'EL'], adjacentCities: [0] },
      { kind: 'field', halfEdges: ['WL', 'SR', 'SL', 'ER'], adjacentCities: [] },
    ],
    wagonLinks: [],
  },
  {
    id: 'base/E',
    count: 5,
    features: [
      { kind: 'city', edges: ['N'], pennants: 0 },
      { kind: 'field', halfEdges: ['EL', 'ER', 'SL', 'SR', 'WL', 'WR'], adjacentCities: [0] },
    ],
    wagonLinks: [],
  },
  {
    id: 'base/F',
    count: 2,
    features: [
      { kind: 'city', edges: ['W', 'E'], pennants: 1 },
      { kind: 'field', halfEdges: ['NL', 'NR'], adjacentCities: [0] },
      { kind: 'field', halfEdges: ['SL', 'SR'], adjacentCities: [0] },
    ],
    wagonLinks: [],
  },
  {
    id: 'base/G',
    count: 1,
    features: [
      { kind: 'city', edges: ['W', 'E'], pennants: 0 },
      { kind: 'field', halfEdges: ['NL', 'NR'], adjacentCities: [0] },
      { kind: 'field', halfEdges: ['SL', 'SR'], adjacentCities: [0] },
    ],
    wagonLinks: [],
  },
  {
    id: 'base/H',
    count: 3,
    features: [
      { kind: 'city', edges: ['W'], pennants: 0 },
      { kind: 'city', edges: ['E'], pennants: 0 },
      { kind: 'field', halfEdges: ['NL', 'NR', 'SL', 'SR'], adjacentCities: [0, 1] },
    ],
    wagonLinks: [],
  },
  {
    id: 'base/I',
    count: 2,
    features: [
      { kind: 'city', edges: ['N'], pennants: 0 },
      { kind: 'city', edges: ['E'], pennants: 0 },
      { kind: 'field', halfEdges: ['SL', 'SR', 'WL', 'WR'], adjacentCities: [0, 1] },
    ],
    wagonLinks: [],
  },
  {
    id: 'base/J',
    count: 3,
    features: [
      { kind: 'city', edges: ['N'], pennants: 0 },
      { kind: 'road', edges: ['E', 'S'] },
      { kind: 'field', halfEdges: ['EL', 'SR', 'WL', 'WR'], adjacentCities: [0] },
      { kind: 'field', halfEdges: ['ER', 'SL'], adjacentCities: [] },
    ],
    wagonLinks: [],
  },
  {
    id: 'base/K',
    count: 3,
    features: [
      { kind: 'city', edges: ['N'], pennants: 0 },
      { kind: 'road', edges: ['W', 'S'] },
      { kind: 'field', halfEdges: ['WR', 'EL', 'ER', 'SL'], adjacentCities: [0] },
      { kind: 'field', halfEdges: ['WL', 'SR'], adjacentCities: [] },
    ],
    wagonLinks: [],
  },
  {
    id: 'base/L',
    count: 3,
    features: [
      { kind: 'city', edges: ['N'], pennants: 0 },
      { kind: 'road', edges: ['W'] },
      { kind: 'road', edges: ['E'] },
      { kind: 'road', edges: ['S'] },
      { kind: 'field', halfEdges: ['WR', 'EL'], adjacentCities: [0] },
      { kind: 'field', halfEdges: ['WL', 'SR'], adjacentCities: [] },
      { kind: 'field', halfEdges: ['ER', 'SL'], adjacentCities: [] },
    ],
    wagonLinks: [[1, 2, 3]],
  },
  {
    id: 'base/M',
    count: 2,
    features: [
      { kind: 'city', edges: ['N', 'E'], pennants: 1 },
      { kind: 'field', halfEdges: ['SL', 'SR', 'WL', 'WR'], adjacentCities: [0] },
    ],
    wagonLinks: [],
  },
  {
    id: 'base/N',
    count: 3,
    features: [
      { kind: 'city', edges: ['N', 'E'], pennants: 0 },
      { kind: 'field', halfEdges: ['SL', 'SR', 'WL', 'WR'], adjacentCities: [0] },
    ],
    wagonLinks: [],
  },
  {
    id: 'base/O',
    count: 2,
    features: [
      { kind: 'city', edges: ['N', 'W'], pennants: 1 },
      { kind: 'road', edges: ['E', 'S'] },
      { kind: 'field', halfEdges: ['EL', 'SR'], adjacentCities: [0] },
      { kind: 'field', halfEdges: ['ER', 'SL'], adjacentCities: [] },
    ],
    wagonLinks: [],
  },
  {
    id: 'base/P',
    count: 3,
    features: [
      { kind: 'city', edges: ['N', 'W'], pennants: 0 },
      { kind: 'road', edges: ['E', 'S'] },
      { kind: 'field', halfEdges: ['EL', 'SR'], adjacentCities: [0] },
      { kind: 'field', halfEdges: ['ER', 'SL'], adjacentCities: [] },
    ],
    wagonLinks: [],
  },
  {
    id: 'base/Q',
    count: 1,
    features: [
      { kind: 'city', edges: ['N', 'E', 'W'], pennants: 1 },
      { kind: 'field', halfEdges: ['SL', 'SR'], adjacentCities: [0] },
    ],
    wagonLinks: [],
  },
  {
    id: 'base/R',
    count: 3,
    features: [
      { kind: 'city', edges: ['N', 'E', 'W'], pennants: 0 },
      { kind: 'field', halfEdges: ['SL', 'SR'], adjacentCities: [0] },
    ],
    wagonLinks: [],
  },
  {
    id: 'base/S',
    count: 2,
    features: [
      { kind: 'city', edges: ['N', 'E', 'W'], pennants: 1 },
      { kind: 'road', edges: ['S'] },
      { kind: 'field', halfEdges: ['SR'], adjacentCities: [0] },
      { kind: 'field', halfEdges: ['SL'], adjacentCities: [0] },
    ],
    wagonLinks: [[0, 1]],
  },
  {
    id: 'base/T',
    count: 1,
    features: [
      { kind: 'city', edges: ['N', 'E', 'W'], pennants: 0 },
      { kind: 'road', edges: ['S'] },
      { kind: 'field', halfEdges: ['SR'], adjacentCities: [0] },
      { kind: 'field', halfEdges: ['SL'], adjacentCities: [0] },
    ],
    wagonLinks: [[0, 1]],
  },
  {
    id: 'base/U',
    count: 8,
    features: [
      { kind: 'road', edges: ['N', 'S'] },
      { kind: 'field', halfEdges: ['NL', 'WR', 'WL', 'SR'], adjacentCities: [] },
      { kind: 'field', halfEdges: ['NR', 'EL', 'ER', 'SL'], adjacentCities: [] },
    ],
    wagonLinks: [],
  },
  {
    id: 'base/V',
    count: 9,
    features: [
      { kind: 'road', edges: ['W', 'S'] },
      { kind: 'field', halfEdges: ['WR', 'NL', 'NR', 'EL', 'ER', 'SL'], adjacentCities: [] },
      { kind: 'field', halfEdges: ['WL', 'SR'], adjacentCities: [] },
    ],
    wagonLinks: [],
  },
  {
    id: 'base/W',
    count: 4,
    features: [
      { kind: 'road', edges: ['W'] },
      { kind: 'road', edges: ['E'] },
      { kind: 'road', edges: ['S'] },
      { kind: 'field', halfEdges: ['WR', 'NL', 'NR', 'EL'], adjacentCities: [] },
      { kind: 'field', halfEdges: ['ER', 'SL'], adjacentCities: [] },
      { kind: 'field', halfEdges: ['SR', 'WL'], adjacentCities: [] },
    ],
    wagonLinks: [[0, 1, 2]],
  },
  {
    id: 'base/X',
    count: 1,
    features: [
      { kind: 'road', edges: ['N'] },
      { kind: 'road', edges: ['E'] },
      { kind: 'road', edges: ['S'] },
      { kind: 'road', edges: ['W'] },
      { kind: 'field', halfEdges: ['WR', 'NL'], adjacentCities: [] },
      { kind: 'field', halfEdges: ['NR', 'EL'], adjacentCities: [] },
      { kind: 'field', halfEdges: ['ER', 'SL'], adjacentCities: [] },
      { kind: 'field', halfEdges: ['SR', 'WL'], adjacentCities: [] },
    ],
    wagonLinks: [[0, 1, 2, 3]],
  },
];
