/**
 * The tiles of Traders & Builders (docs/rules.md), transcribed from the C2 tile catalog like the other sets
 * (test/engine/catalog.test.ts checks them against a copy). Edges are at rotation 0; half-edges
 * run clockwise (NL = west half of N ... WR = north half of W).
 */
import type { TileDef } from '../../catalog-types.js';

export const TRADERS_BUILDERS_TILES: readonly TileDef[] = [
  {
    id: 'traders-builders/A',
    count: 1,
    features: [
      { kind: 'city', edges: ['N'], pennants: 0 },
      { kind: 'road', edges: ['E'] },
      { kind: 'field', halfEdges: ['EL'], adjacentCities: [0] },
      { kind: 'field', halfEdges: ['ER', 'SL', 'SR', 'WL', 'WR'], adjacentCities: [0] },
    ],
    wagonLinks: [[0, 1]],
  },
  {
    id: 'traders-builders/B',
    count: 1,
    features: [
      { kind: 'road', edges: ['N', 'S'] },
      { kind: 'road', edges: ['W', 'E'] },
      { kind: 'field', halfEdges: ['WR', 'NL'], adjacentCities: [] },
      { kind: 'field', halfEdges: ['NR', 'EL'], adjacentCities: [] },
      { kind: 'field', halfEdges: ['ER', 'SL'], adjacentCities: [] },
      { kind: 'field', halfEdges: ['SR', 'WL'], adjacentCities: [] },
    ],
    wagonLinks: [],
  },
  {
    id: 'traders-builders/C',
    count: 1,
    features: [
      { kind: 'city', edges: ['N'], pennants: 0 },
      { kind: 'road', edges: ['S'] },
      { kind: 'road', edges: ['W'] },
      { kind: 'field', halfEdges: ['WR'], adjacentCities: [0] },
      { kind: 'field', halfEdges: ['WL', 'SR'], adjacentCities: [] },
      { kind: 'field', halfEdges: ['EL', 'ER', 'SL'], adjacentCities: [0] },
    ],
    wagonLinks: [[0, 1]],
  },
  {
    id: 'traders-builders/D',
    count: 1,
    features: [
      { kind: 'city', edges: ['N', 'W'], pennants: 0, goods: 'wheat' },
      { kind: 'city', edges: ['S'], pennants: 0 },
      { kind: 'road', edges: ['E'] },
      { kind: 'field', halfEdges: ['EL'], adjacentCities: [0] },
      { kind: 'field', halfEdges: ['ER'], adjacentCities: [0, 1] },
    ],
    wagonLinks: [[0, 2]],
  },
  {
    id: 'traders-builders/E',
    count: 1,
    features: [
      { kind: 'city', edges: ['W', 'E'], pennants: 0, goods: 'wheat' },
      { kind: 'road', edges: ['S'] },
      { kind: 'field', halfEdges: ['NL', 'NR'], adjacentCities: [0] },
      { kind: 'field', halfEdges: ['SR'], adjacentCities: [0] },
      { kind: 'field', halfEdges: ['SL'], adjacentCities: [0] },
    ],
    wagonLinks: [[0, 1]],
  },
  {
    id: 'traders-builders/F',
    count: 1,
    features: [
      { kind: 'city', edges: ['N', 'W'], pennants: 0, goods: 'wheat' },
      { kind: 'road', edges: ['S'] },
      { kind: 'field', halfEdges: ['SR'], adjacentCities: [0] },
      { kind: 'field', halfEdges: ['SL', 'EL', 'ER'], adjacentCities: [0] },
    ],
    wagonLinks: [[0, 1]],
  },
  {
    id: 'traders-builders/G',
    count: 1,
    features: [
      { kind: 'city', edges: ['N', 'W'], pennants: 0, goods: 'wheat' },
      { kind: 'field', halfEdges: ['EL', 'ER', 'SL', 'SR'], adjacentCities: [0] },
    ],
    wagonLinks: [],
  },
  {
    id: 'traders-builders/H',
    count: 1,
    features: [
      { kind: 'city', edges: ['N', 'E', 'W'], pennants: 0, goods: 'wheat' },
      { kind: 'field', halfEdges: ['SL', 'SR'], adjacentCities: [0] },
    ],
    wagonLinks: [],
  },
  {
    id: 'traders-builders/I',
    count: 1,
    features: [
      { kind: 'city', edges: ['N', 'W'], pennants: 0, goods: 'wheat' },
      { kind: 'road', edges: ['S'] },
      { kind: 'field', halfEdges: ['SR'], adjacentCities: [0] },
      { kind: 'field', halfEdges: ['SL'], adjacentCities: [0] },
      { kind: 'field', halfEdges: ['EL', 'ER'], adjacentCities: [0] },
    ],
    wagonLinks: [[0, 1]],
  },
  {
    id: 'traders-builders/J',
    count: 1,
    features: [
      { kind: 'monastery' },
      { kind: 'road', edges: ['W'] },
      { kind: 'road', edges: ['E'] },
      { kind: 'road', edges: ['S'] },
      { kind: 'field', halfEdges: ['WR', 'NL', 'NR', 'EL'], adjacentCities: [] },
      { kind: 'field', halfEdges: ['ER', 'SL'], adjacentCities: [] },
      { kind: 'field', halfEdges: ['SR', 'WL'], adjacentCities: [] },
    ],
    wagonLinks: [
      [0, 1],
      [0, 2],
      [0, 3],
    ],
  },
  {
    id: 'traders-builders/K',
    count: 1,
    features: [
      { kind: 'city', edges: ['N', 'E'], pennants: 0, goods: 'cloth' },
      { kind: 'road', edges: ['S'] },
      { kind: 'field', halfEdges: ['SL'], adjacentCities: [0] },
      { kind: 'field', halfEdges: ['SR', 'WL', 'WR'], adjacentCities: [0] },
    ],
    wagonLinks: [[0, 1]],
  },
  {
    id: 'traders-builders/L',
    count: 1,
    features: [
      { kind: 'city', edges: ['N', 'W'], pennants: 0, goods: 'cloth' },
      { kind: 'city', edges: ['S'], pennants: 0 },
      { kind: 'road', edges: ['E'] },
      { kind: 'field', halfEdges: ['EL'], adjacentCities: [0] },
      { kind: 'field', halfEdges: ['ER'], adjacentCities: [0, 1] },
    ],
    wagonLinks: [[0, 2]],
  },
  {
    id: 'traders-builders/M',
    count: 1,
    features: [
      { kind: 'city', edges: ['N', 'W'], pennants: 0, goods: 'cloth' },
      { kind: 'city', edges: ['E'], pennants: 0 },
      { kind: 'city', edges: ['S'], pennants: 0 },
      { kind: 'field', halfEdges: [], adjacentCities: [0, 1, 2] },
    ],
    wagonLinks: [],
  },
  {
    id: 'traders-builders/N',
    count: 1,
    features: [
      { kind: 'city', edges: ['W', 'E'], pennants: 0, goods: 'cloth' },
      { kind: 'city', edges: ['S'], pennants: 0 },
      { kind: 'field', halfEdges: ['NL', 'NR'], adjacentCities: [0] },
      { kind: 'field', halfEdges: [], adjacentCities: [0, 1] },
    ],
    wagonLinks: [],
  },
  {
    id: 'traders-builders/O',
    count: 1,
    features: [
      { kind: 'city', edges: ['N', 'W'], pennants: 0, goods: 'cloth' },
      { kind: 'road', edges: ['E'] },
      { kind: 'road', edges: ['S'] },
      { kind: 'field', halfEdges: ['EL'], adjacentCities: [0] },
      { kind: 'field', halfEdges: ['ER'], adjacentCities: [0] },
      { kind: 'field', halfEdges: ['SL'], adjacentCities: [0] },
      { kind: 'field', halfEdges: ['SR'], adjacentCities: [0] },
    ],
    wagonLinks: [
      [0, 1],
      [0, 2],
    ],
  },
  {
    id: 'traders-builders/P',
    count: 1,
    features: [
      { kind: 'city', edges: ['W', 'E'], pennants: 0, goods: 'wine' },
      { kind: 'city', edges: ['S'], pennants: 0 },
      { kind: 'field', halfEdges: ['NL', 'NR'], adjacentCities: [0] },
      { kind: 'field', halfEdges: [], adjacentCities: [0, 1] },
    ],
    wagonLinks: [],
  },
  {
    id: 'traders-builders/Q',
    count: 1,
    features: [
      { kind: 'city', edges: ['W', 'E'], pennants: 0, goods: 'wine' },
      { kind: 'field', halfEdges: ['NL', 'NR'], adjacentCities: [0] },
      { kind: 'field', halfEdges: ['SL', 'SR'], adjacentCities: [0] },
    ],
    wagonLinks: [],
  },
  {
    id: 'traders-builders/R',
    count: 1,
    features: [
      { kind: 'city', edges: ['W', 'E'], pennants: 0, goods: 'wine' },
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
  {
    id: 'traders-builders/S',
    count: 1,
    features: [
      { kind: 'city', edges: ['W', 'E'], pennants: 0, goods: 'wine' },
      { kind: 'road', edges: ['S'] },
      { kind: 'field', halfEdges: ['NL', 'NR'], adjacentCities: [0] },
      { kind: 'field', halfEdges: ['SR'], adjacentCities: [0] },
      { kind: 'field', halfEdges: ['SL'], adjacentCities: [0] },
    ],
    wagonLinks: [[0, 1]],
  },
  {
    id: 'traders-builders/T',
    count: 1,
    features: [
      { kind: 'city', edges: ['N', 'W'], pennants: 0, goods: 'wine' },
      { kind: 'field', halfEdges: ['EL', 'ER', 'SL', 'SR'], adjacentCities: [0] },
    ],
    wagonLinks: [],
  },
  {
    id: 'traders-builders/U',
    count: 1,
    features: [
      { kind: 'city', edges: ['N', 'W'], pennants: 0, goods: 'wine' },
      { kind: 'road', edges: ['E'] },
      { kind: 'road', edges: ['S'] },
      { kind: 'field', halfEdges: ['EL'], adjacentCities: [0] },
      { kind: 'field', halfEdges: ['ER', 'SL'], adjacentCities: [0] },
      { kind: 'field', halfEdges: ['SR'], adjacentCities: [0] },
    ],
    wagonLinks: [
      [0, 1],
      [0, 2],
    ],
  },
  {
    id: 'traders-builders/V',
    count: 1,
    features: [
      { kind: 'city', edges: ['N', 'E', 'W'], pennants: 0, goods: 'wine' },
      { kind: 'road', edges: ['S'] },
      { kind: 'field', halfEdges: ['SR'], adjacentCities: [0] },
      { kind: 'field', halfEdges: ['SL'], adjacentCities: [0] },
    ],
    wagonLinks: [[0, 1]],
  },
  {
    id: 'traders-builders/W',
    count: 1,
    features: [
      { kind: 'city', edges: ['N', 'W'], pennants: 0, goods: 'wine' },
      { kind: 'road', edges: ['E'] },
      { kind: 'field', halfEdges: ['EL'], adjacentCities: [0] },
      { kind: 'field', halfEdges: ['ER'], adjacentCities: [0] },
      { kind: 'field', halfEdges: ['SL', 'SR'], adjacentCities: [0] },
    ],
    wagonLinks: [[0, 1]],
  },
  {
    id: 'traders-builders/X',
    count: 1,
    features: [
      { kind: 'city', edges: ['N', 'W'], pennants: 0, goods: 'wine' },
      { kind: 'city', edges: ['E', 'S'], pennants: 0 },
      { kind: 'field', halfEdges: [], adjacentCities: [0, 1] },
    ],
    wagonLinks: [],
  },
];
