/**
 * The tiles of Abbey & Mayor (docs/rules.md), transcribed from the C2 tile catalog like the other sets
 * (test/engine/catalog.test.ts checks them against a copy). Edges are at rotation 0; half-edges
 * run clockwise (NL = west half of N ... WR = north half of W).
 */
import type { TileDef } from '../../catalog-types.js';

export const ABBEY_MAYOR_TILES: readonly TileDef[] = [
  { id: 'abbey-mayor/A', count: 6, features: [{ kind: 'abbey' }], wagonLinks: [] },
  {
    id: 'abbey-mayor/B',
    count: 1,
    features: [
      { kind: 'monastery' },
      { kind: 'road', edges: ['N'] },
      { kind: 'road', edges: ['E'] },
      { kind: 'road', edges: ['S'] },
      { kind: 'road', edges: ['W'] },
      { kind: 'field', halfEdges: ['WR', 'NL'], adjacentCities: [] },
      { kind: 'field', halfEdges: ['NR', 'EL'], adjacentCities: [] },
      { kind: 'field', halfEdges: ['ER', 'SL'], adjacentCities: [] },
      { kind: 'field', halfEdges: ['SR', 'WL'], adjacentCities: [] },
    ],
    wagonLinks: [
      [0, 1],
      [0, 2],
      [0, 3],
      [0, 4],
    ],
  },
  {
    id: 'abbey-mayor/C',
    count: 1,
    features: [
      { kind: 'city', edges: ['N', 'S'], pennants: 1 },
      { kind: 'city', edges: ['W', 'E'], pennants: 0 },
      { kind: 'field', halfEdges: [], adjacentCities: [0, 1] },
      { kind: 'field', halfEdges: [], adjacentCities: [0, 1] },
    ],
    wagonLinks: [],
  },
  {
    id: 'abbey-mayor/D',
    count: 1,
    features: [{ kind: 'city', edges: ['N', 'E', 'S', 'W'], pennants: 2 }],
    wagonLinks: [],
  },
  {
    id: 'abbey-mayor/E',
    count: 1,
    features: [
      { kind: 'city', edges: ['N'], pennants: 1 },
      { kind: 'city', edges: ['W', 'E'], pennants: 0 },
      { kind: 'field', halfEdges: [], adjacentCities: [0, 1] },
      { kind: 'field', halfEdges: ['SL', 'SR'], adjacentCities: [0, 1] },
    ],
    wagonLinks: [],
  },
  {
    id: 'abbey-mayor/F',
    count: 1,
    features: [
      { kind: 'city', edges: ['N'], pennants: 0 },
      { kind: 'road', edges: ['W'] },
      { kind: 'field', halfEdges: ['WR'], adjacentCities: [0] },
      { kind: 'field', halfEdges: ['WL', 'SR', 'SL', 'ER', 'EL'], adjacentCities: [0] },
    ],
    wagonLinks: [[0, 1]],
  },
  {
    id: 'abbey-mayor/G',
    count: 1,
    features: [
      { kind: 'city', edges: ['N'], pennants: 0 },
      { kind: 'city', edges: ['E'], pennants: 0 },
      { kind: 'road', edges: ['W'] },
      { kind: 'road', edges: ['S'] },
      { kind: 'field', halfEdges: ['WR'], adjacentCities: [0] },
      { kind: 'field', halfEdges: ['SL'], adjacentCities: [1] },
      { kind: 'field', halfEdges: ['WL', 'SR'], adjacentCities: [0, 1] },
    ],
    wagonLinks: [
      [0, 2],
      [1, 3],
    ],
  },
  {
    id: 'abbey-mayor/H',
    count: 1,
    features: [
      { kind: 'road', edges: ['S'] },
      { kind: 'field', halfEdges: ['NL', 'NR', 'EL', 'ER', 'SL', 'SR', 'WL', 'WR'], adjacentCities: [] },
    ],
    wagonLinks: [],
  },
  {
    id: 'abbey-mayor/I',
    count: 1,
    features: [
      { kind: 'city', edges: ['W'], pennants: 1 },
      { kind: 'field', halfEdges: ['NL', 'NR'], adjacentCities: [0] },
      { kind: 'field', halfEdges: ['EL', 'ER'], adjacentCities: [0] },
      { kind: 'field', halfEdges: ['SL', 'SR'], adjacentCities: [0] },
    ],
    wagonLinks: [],
  },
  {
    id: 'abbey-mayor/J',
    count: 1,
    features: [
      { kind: 'city', edges: ['N'], pennants: 0 },
      { kind: 'road', edges: ['S', 'E'] },
      { kind: 'field', halfEdges: ['WL', 'WR', 'SR'], adjacentCities: [0] },
      { kind: 'field', halfEdges: ['EL'], adjacentCities: [0] },
      { kind: 'field', halfEdges: ['ER', 'SL'], adjacentCities: [] },
    ],
    wagonLinks: [],
  },
  {
    id: 'abbey-mayor/K',
    count: 1,
    features: [
      { kind: 'city', edges: ['N'], pennants: 0 },
      { kind: 'road', edges: ['W', 'S'] },
      { kind: 'field', halfEdges: ['WR'], adjacentCities: [0] },
      { kind: 'field', halfEdges: ['EL', 'ER', 'SL'], adjacentCities: [0] },
      { kind: 'field', halfEdges: ['WL', 'SR'], adjacentCities: [] },
    ],
    wagonLinks: [],
  },
  {
    id: 'abbey-mayor/L',
    count: 1,
    features: [
      { kind: 'city', edges: ['W', 'E'], pennants: 1 },
      { kind: 'road', edges: ['N', 'S'], tunnel: true },
      { kind: 'field', halfEdges: ['NL'], adjacentCities: [0] },
      { kind: 'field', halfEdges: ['NR'], adjacentCities: [0] },
      { kind: 'field', halfEdges: ['SL', 'SR'], adjacentCities: [0] },
    ],
    wagonLinks: [],
  },
  {
    id: 'abbey-mayor/M',
    count: 1,
    features: [
      { kind: 'road', edges: ['N', 'W', 'S'], continuous: true },
      { kind: 'field', halfEdges: ['WR', 'NL'], adjacentCities: [] },
      { kind: 'field', halfEdges: ['WL', 'SR'], adjacentCities: [] },
      { kind: 'field', halfEdges: ['NR', 'EL', 'ER', 'SL'], adjacentCities: [] },
    ],
    wagonLinks: [],
  },
];
