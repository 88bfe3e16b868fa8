/**
 * The tiles of The River (docs/rules.md §10), transcribed from the C2 tile catalog like the
 * other sets (test/engine/catalog.test.ts checks them against a copy): the spring `A` (the start
 * tile when the river is on), ten middle tiles `B`–`K` and the lake `L`. A river is no feature
 * (its segment joins nothing and holds no figure); its edges are flanked by field halves, which
 * keep the fields on its two banks apart.
 */
import type { TileDef } from '../../catalog-types.js';

export const RIVER_TILES: readonly TileDef[] = [
  {
    id: 'river/A',
    count: 1,
    features: [
      { kind: 'river', edges: ['S'], end: 'spring' },
      { kind: 'field', halfEdges: ['NL', 'NR', 'EL', 'ER', 'SL', 'SR', 'WL', 'WR'], adjacentCities: [] },
    ],
    wagonLinks: [],
  },
  {
    id: 'river/B',
    count: 1,
    features: [
      { kind: 'city', edges: ['N'], pennants: 0 },
      { kind: 'road', edges: ['S'] },
      { kind: 'river', edges: ['W', 'E'] },
      { kind: 'field', halfEdges: ['WR'], adjacentCities: [0] },
      { kind: 'field', halfEdges: ['EL'], adjacentCities: [0] },
      { kind: 'field', halfEdges: ['ER', 'SL'], adjacentCities: [] },
      { kind: 'field', halfEdges: ['WL', 'SR'], adjacentCities: [] },
    ],
    wagonLinks: [[0, 1]],
  },
  {
    id: 'river/C',
    count: 1,
    features: [
      { kind: 'city', edges: ['N'], pennants: 0 },
      { kind: 'city', edges: ['S'], pennants: 0 },
      { kind: 'river', edges: ['W', 'E'] },
      { kind: 'field', halfEdges: ['WR', 'EL'], adjacentCities: [0] },
      { kind: 'field', halfEdges: ['WL', 'ER'], adjacentCities: [1] },
    ],
    wagonLinks: [],
  },
  {
    id: 'river/D',
    count: 1,
    features: [
      { kind: 'river', edges: ['N', 'S'] },
      { kind: 'field', halfEdges: ['NL', 'WR', 'WL', 'SR'], adjacentCities: [] },
      { kind: 'field', halfEdges: ['NR', 'EL', 'ER', 'SL'], adjacentCities: [] },
    ],
    wagonLinks: [],
  },
  {
    id: 'river/E',
    count: 1,
    features: [
      { kind: 'city', edges: ['N', 'E'], pennants: 0 },
      { kind: 'river', edges: ['W', 'S'] },
      { kind: 'field', halfEdges: ['WR', 'SL'], adjacentCities: [0] },
      { kind: 'field', halfEdges: ['WL', 'SR'], adjacentCities: [] },
    ],
    wagonLinks: [],
  },
  {
    id: 'river/F',
    count: 1,
    features: [
      { kind: 'river', edges: ['N', 'S'] },
      { kind: 'field', halfEdges: ['NL', 'WR', 'WL', 'SR'], adjacentCities: [] },
      { kind: 'field', halfEdges: ['NR', 'EL', 'ER', 'SL'], adjacentCities: [] },
    ],
    wagonLinks: [],
  },
  {
    id: 'river/G',
    count: 1,
    features: [
      { kind: 'river', edges: ['W', 'N'] },
      { kind: 'field', halfEdges: ['WR', 'NL'], adjacentCities: [] },
      { kind: 'field', halfEdges: ['NR', 'EL', 'ER', 'SL', 'SR', 'WL'], adjacentCities: [] },
    ],
    wagonLinks: [],
  },
  {
    id: 'river/H',
    count: 1,
    features: [
      { kind: 'monastery' },
      { kind: 'road', edges: ['S'] },
      { kind: 'river', edges: ['W', 'E'] },
      { kind: 'field', halfEdges: ['WR', 'NL', 'NR', 'EL'], adjacentCities: [] },
      { kind: 'field', halfEdges: ['ER', 'SL'], adjacentCities: [] },
      { kind: 'field', halfEdges: ['WL', 'SR'], adjacentCities: [] },
    ],
    wagonLinks: [[0, 1]],
  },
  {
    id: 'river/I',
    count: 1,
    features: [
      { kind: 'road', edges: ['N', 'W'] },
      { kind: 'river', edges: ['E', 'S'] },
      { kind: 'field', halfEdges: ['NL', 'WR'], adjacentCities: [] },
      { kind: 'field', halfEdges: ['ER', 'SL'], adjacentCities: [] },
      { kind: 'field', halfEdges: ['NR', 'EL', 'SR', 'WL'], adjacentCities: [] },
    ],
    wagonLinks: [],
  },
  {
    id: 'river/J',
    count: 1,
    features: [
      { kind: 'river', edges: ['E', 'S'] },
      { kind: 'field', halfEdges: ['ER', 'SL'], adjacentCities: [] },
      { kind: 'field', halfEdges: ['NL', 'NR', 'EL', 'SR', 'WL', 'WR'], adjacentCities: [] },
    ],
    wagonLinks: [],
  },
  {
    id: 'river/K',
    count: 1,
    features: [
      { kind: 'road', edges: ['W', 'E'] },
      { kind: 'river', edges: ['N', 'S'] },
      { kind: 'field', halfEdges: ['WR', 'NL'], adjacentCities: [] },
      { kind: 'field', halfEdges: ['NR', 'EL'], adjacentCities: [] },
      { kind: 'field', halfEdges: ['ER', 'SL'], adjacentCities: [] },
      { kind: 'field', halfEdges: ['SR', 'WL'], adjacentCities: [] },
    ],
    wagonLinks: [],
  },
  {
    id: 'river/L',
    count: 1,
    features: [
      { kind: 'river', edges: ['N'], end: 'lake' },
      { kind: 'field', halfEdges: ['NL', 'NR', 'EL', 'ER', 'SL', 'SR', 'WL', 'WR'], adjacentCities: [] },
    ],
    wagonLinks: [],
  },
];
