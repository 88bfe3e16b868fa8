/**
 * The tiles of Inns & Cathedrals (docs/rules.md §9), transcribed from the C2 tile catalog like the
 * other sets (test/engine/catalog.test.ts checks them against a copy). A road segment with
 * `inn` and a city segment with `cathedral` change their feature's value (scoring.ts).
 */
import type { TileDef } from '../../catalog-types.js';

export const INNS_CATHEDRALS_TILES: readonly TileDef[] = [
  {
    id: 'inns-cathedrals/A',
    count: 1,
    features: [
      { kind: 'road', edges: ['W', 'S'], inn: true },
      { kind: 'field', halfEdges: ['WR', 'NL', 'NR', 'EL', 'ER', 'SL'], adjacentCities: [] },
      { kind: 'field', halfEdges: ['WL', 'SR'], adjacentCities: [] },
    ],
    wagonLinks: [],
  },
  {
    id: 'inns-cathedrals/B',
    count: 1,
    features: [
      { kind: 'road', edges: ['W', 'E'], inn: true },
      { kind: 'field', halfEdges: ['WR', 'NL', 'NR', 'EL'], adjacentCities: [] },
      { kind: 'field', halfEdges: ['ER', 'SL', 'SR', 'WL'], adjacentCities: [] },
    ],
    wagonLinks: [],
  },
  {
    id: 'inns-cathedrals/C',
    count: 1,
    features: [
      { kind: 'road', edges: ['W'] },
      { kind: 'road', edges: ['E'], inn: true },
      { kind: 'road', edges: ['S'] },
      { kind: 'field', halfEdges: ['WR', 'NL', 'NR', 'EL'], adjacentCities: [] },
      { kind: 'field', halfEdges: ['WL', 'SR'], adjacentCities: [] },
      { kind: 'field', halfEdges: ['ER', 'SL'], adjacentCities: [] },
    ],
    wagonLinks: [[0, 1, 2]],
  },
  {
    id: 'inns-cathedrals/D',
    count: 1,
    features: [
      { kind: 'monastery' },
      { kind: 'road', edges: ['W'] },
      { kind: 'road', edges: ['E'] },
      { kind: 'field', halfEdges: ['WR', 'NL', 'NR', 'EL'], adjacentCities: [] },
      { kind: 'field', halfEdges: ['ER', 'SL', 'SR', 'WL'], adjacentCities: [] },
    ],
    wagonLinks: [
      [0, 1],
      [0, 2],
    ],
  },
  {
    id: 'inns-cathedrals/E',
    count: 1,
    features: [
      { kind: 'road', edges: ['N', 'W'] },
      { kind: 'road', edges: ['E', 'S'] },
      { kind: 'field', halfEdges: ['NL', 'WR'], adjacentCities: [] },
      { kind: 'field', halfEdges: ['ER', 'SL'], adjacentCities: [] },
      { kind: 'field', halfEdges: ['NR', 'EL', 'SR', 'WL'], adjacentCities: [] },
    ],
    wagonLinks: [],
  },
  {
    id: 'inns-cathedrals/F',
    count: 1,
    features: [
      { kind: 'city', edges: ['N', 'W'], pennants: 0 },
      { kind: 'road', edges: ['E'] },
      { kind: 'field', halfEdges: ['EL'], adjacentCities: [0] },
      { kind: 'field', halfEdges: ['ER', 'SL', 'SR'], adjacentCities: [0] },
    ],
    wagonLinks: [[0, 1]],
  },
  {
    id: 'inns-cathedrals/G',
    count: 1,
    features: [
      { kind: 'city', edges: ['W'], pennants: 0 },
      { kind: 'field', halfEdges: ['NL', 'NR'], adjacentCities: [0] },
      { kind: 'field', halfEdges: ['EL', 'ER', 'SL', 'SR'], adjacentCities: [0] },
    ],
    wagonLinks: [],
  },
  {
    id: 'inns-cathedrals/H',
    count: 1,
    features: [
      { kind: 'city', edges: ['N'], pennants: 0 },
      { kind: 'city', edges: ['E'], pennants: 0 },
      { kind: 'city', edges: ['S'], pennants: 0 },
      { kind: 'city', edges: ['W'], pennants: 0 },
      { kind: 'field', halfEdges: [], adjacentCities: [0, 1, 2, 3] },
    ],
    wagonLinks: [],
  },
  {
    id: 'inns-cathedrals/I',
    count: 1,
    features: [
      { kind: 'city', edges: ['N'], pennants: 0 },
      { kind: 'city', edges: ['S'], pennants: 0 },
      { kind: 'road', edges: ['W'] },
      { kind: 'road', edges: ['E'] },
      { kind: 'field', halfEdges: ['WR'], adjacentCities: [0] },
      { kind: 'field', halfEdges: ['EL'], adjacentCities: [0] },
      { kind: 'field', halfEdges: ['ER'], adjacentCities: [1] },
      { kind: 'field', halfEdges: ['WL'], adjacentCities: [1] },
    ],
    wagonLinks: [[0, 1, 2, 3]],
  },
  {
    id: 'inns-cathedrals/J',
    count: 1,
    features: [
      { kind: 'city', edges: ['N'], pennants: 0 },
      { kind: 'road', edges: ['S'] },
      { kind: 'field', halfEdges: ['WL', 'WR', 'SR'], adjacentCities: [0] },
      { kind: 'field', halfEdges: ['EL', 'ER', 'SL'], adjacentCities: [0] },
    ],
    wagonLinks: [[0, 1]],
  },
  {
    id: 'inns-cathedrals/K',
    count: 2,
    features: [{ kind: 'city', edges: ['N', 'E', 'S', 'W'], pennants: 0, cathedral: true }],
    wagonLinks: [],
  },
  {
    id: 'inns-cathedrals/L',
    count: 1,
    features: [
      { kind: 'city', edges: ['N', 'W'], pennants: 1 },
      { kind: 'road', edges: ['E', 'S'], inn: true },
      { kind: 'field', halfEdges: ['EL', 'SR'], adjacentCities: [0] },
      { kind: 'field', halfEdges: ['ER', 'SL'], adjacentCities: [] },
    ],
    wagonLinks: [],
  },
  {
    id: 'inns-cathedrals/M',
    count: 1,
    features: [
      { kind: 'city', edges: ['N'], pennants: 0 },
      { kind: 'road', edges: ['W', 'S'], inn: true },
      { kind: 'field', halfEdges: ['WR', 'EL', 'ER', 'SL'], adjacentCities: [0] },
      { kind: 'field', halfEdges: ['WL', 'SR'], adjacentCities: [] },
    ],
    wagonLinks: [],
  },
  {
    id: 'inns-cathedrals/N',
    count: 1,
    features: [
      { kind: 'city', edges: ['N', 'W'], pennants: 0 },
      { kind: 'road', edges: ['S'], inn: true },
      { kind: 'field', halfEdges: ['SR'], adjacentCities: [0] },
      { kind: 'field', halfEdges: ['SL', 'EL', 'ER'], adjacentCities: [0] },
    ],
    wagonLinks: [[0, 1]],
  },
  {
    id: 'inns-cathedrals/O',
    count: 1,
    features: [
      { kind: 'city', edges: ['N'], pennants: 0 },
      { kind: 'city', edges: ['W'], pennants: 0 },
      { kind: 'city', edges: ['E'], pennants: 0 },
      { kind: 'field', halfEdges: ['SL', 'SR'], adjacentCities: [0, 1, 2] },
    ],
    wagonLinks: [],
  },
  {
    id: 'inns-cathedrals/P',
    count: 1,
    features: [
      { kind: 'city', edges: ['N', 'W'], pennants: 1 },
      { kind: 'city', edges: ['S'], pennants: 0 },
      { kind: 'field', halfEdges: ['EL', 'ER'], adjacentCities: [0, 1] },
    ],
    wagonLinks: [],
  },
  {
    id: 'inns-cathedrals/Q',
    count: 1,
    features: [
      { kind: 'city', edges: ['W', 'E'], pennants: 1 },
      { kind: 'road', edges: ['N'] },
      { kind: 'road', edges: ['S'] },
      { kind: 'field', halfEdges: ['NL'], adjacentCities: [0] },
      { kind: 'field', halfEdges: ['NR'], adjacentCities: [0] },
      { kind: 'field', halfEdges: ['SL'], adjacentCities: [0] },
      { kind: 'field', halfEdges: ['SR'], adjacentCities: [0] },
    ],
    wagonLinks: [
      [0, 1],
      [0, 2],
    ],
  },
];
