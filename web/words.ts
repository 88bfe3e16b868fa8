/**
 * The game in a player's words: tiles by what they show ("city cap with road"), figures by the
 * role and place they take ("knight in the north city", "farmer in the south-west field"), and
 * events and moves as sentences. Never a catalog id or a feature index. Player names come in
 * wrapped by `name()`, so the page can set each in a <bdi> (dom.ts `withNames`).
 */
import type { Say } from '../src/engine/index.js';
import { expansionEvent, expansionMove, reasonWords, roleWords, tileExtraWords } from './expansion-words.js';
import type { Renderer } from '../src/render/index.js';
import type { Catalog, GameEvent, Move, PublicState } from './api.js';

type CatalogTile = Catalog['tiles'][number];
type Feature = CatalogTile['features'][number];
type Rotation = PublicState['tiles'][number]['rotation'];
export type Name = (seat: number) => string;

/** What the words need to know of the game: the catalog, where features lie, what lies where. */
export interface Lexicon {
  catalog: Catalog;
  renderer: Renderer;
  placed: (x: number, y: number) => { tile: string; rotation: Rotation } | undefined;
}

export const at = (p: { x: number; y: number }) => `(${p.x}, ${p.y})`;

const COUNT = ['no', 'one', 'two', 'three', 'four'];
const plural = (n: number, word: string) => `${COUNT[n] ?? n} ${word}${n === 1 ? '' : 's'}`;

function cityWords(city: Extract<Feature, { kind: 'city' }>): string {
  const edges = city.edges.length;
  if (edges === 4) return 'whole city';
  if (edges === 3) return 'three-sided city';
  if (edges === 2) {
    const [a, b] = city.edges;
    return (a === 'N' && b === 'S') || (a === 'S' && b === 'N') || (a === 'E' && b === 'W') || (a === 'W' && b === 'E')
      ? 'city across'
      : 'city corner';
  }
  return 'city cap';
}

function roadWords(roads: Extract<Feature, { kind: 'road' }>[]): string {
  if (roads.length === 0) return '';
  if (roads.length >= 3) return `crossing of ${plural(roads.length, 'road')}`;
  if (roads.length === 2) return roads.every((r) => r.edges.length === 2) ? 'two roads' : 'road';
  const [road] = roads;
  if (road.edges.length === 1) return 'road end';
  const [a, b] = road.edges;
  return (a === 'N' && b === 'S') || (a === 'S' && b === 'N') || (a === 'E' && b === 'W') || (a === 'W' && b === 'E')
    ? 'straight road'
    : 'road curve';
}

/** A tile by what it shows: "city cap with road", "monastery", "road curve". */
export function tileWords(catalog: Catalog, id: string | null | undefined): string {
  const tile = catalog.tiles.find((t) => t.id === id);
  if (!tile) return 'a tile';
  const cities = tile.features.filter((f): f is Extract<Feature, { kind: 'city' }> => f.kind === 'city');
  const roads = tile.features.filter((f): f is Extract<Feature, { kind: 'road' }> => f.kind === 'road');
  const road = roadWords(roads);
  let main: string;
  if (tile.features.some((f) => f.kind === 'abbey')) main = 'abbey';
  else if (tile.features.some((f) => f.kind === 'monastery')) main = 'monastery';
  else if (cities.length > 1)
    main = cities.every((c) => c.edges.length === 1)
      ? `${plural(cities.length, 'city cap')}`
      : `${cityWords(cities[0])} and ${plural(cities.length - 1, 'city cap')}`;
  else if (cities.length === 1) main = cityWords(cities[0]);
  else main = road || 'field';
  const extras: string[] = [];
  if (main !== road && road) extras.push(road === 'road end' ? 'road' : road);
  if (cities.some((c) => c.pennants > 0)) extras.push('pennant');
  extras.push(...tileExtraWords(tile.features));
  return extras.length === 0 ? main : `${main} with ${listWords(extras)}`;
}

/** "a", "a and b", "a, b and c". */
export const listWords = (items: readonly string[]): string =>
  items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : (items[0] ?? '');

/** A thing with its article: "an abbey", "a city cap"; a count gets a tile: "a tile with two city caps". */
export function withArticle(words: string): string {
  if (/^(two|three|four|\d)/.test(words)) return `a tile with ${words}`;
  return `${/^[aeiou]/.test(words) ? 'an' : 'a'} ${words}`;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const COMPASS = ['east', 'south-east', 'south', 'south-west', 'west', 'north-west', 'north', 'north-east'] as const;

/** Where on its tile a point lies (tile units, y down): a compass word, or the middle. */
function compass([x, y]: readonly [number, number]): string {
  const dx = x - 0.5;
  const dy = y - 0.5;
  if (Math.hypot(dx, dy) < 0.12) return 'middle';
  const sector = Math.round(Math.atan2(dy, dx) / (Math.PI / 4));
  return COMPASS[(sector + 8) % 8];
}

/**
 * A feature of a placed tile: its kind and where it lies ("north city", "middle field",
 * "monastery"); `sides`, the edges it touches ("east and south edges"), to tell apart two
 * features that lie in the same direction.
 */
export function featureWords(
  lex: Lexicon,
  x: number,
  y: number,
  feature: number,
): { kind: string; where: string; sides: string } {
  const placed = lex.placed(x, y);
  const def = lex.catalog.tiles.find((t) => t.id === placed?.tile)?.features[feature];
  const kind = def?.kind ?? 'feature';
  if (kind === 'monastery' || kind === 'abbey' || !placed || !def) return { kind, where: '', sides: '' };
  const anchor = lex.renderer.anchor(placed.tile, placed.rotation, feature);
  const where = anchor ? compass(anchor) : '';
  const edges = 'edges' in def ? def.edges : 'halfEdges' in def ? def.halfEdges.map((h) => h.slice(0, 1)) : [];
  // In the compass's order, so a road reads "east-west" however its tile lies.
  const named = [...new Set(edges.map((e) => turned(e, placed.rotation)))].sort(
    (a, b) => SIDE_ORDER.indexOf(a) - SIDE_ORDER.indexOf(b),
  );
  const sides =
    named.length === 0
      ? ''
      : `${named.length > 1 ? `${named.slice(0, -1).join(', ')} and ${named.at(-1)}` : named[0]} edge${named.length > 1 ? 's' : ''}`;
  // A road through the middle of its tile is told by where it runs: "north-south road".
  if (where === 'middle' && def.kind === 'road' && def.edges.length === 2)
    return { kind, where: named.join('-'), sides };
  return { kind, where, sides };
}

const SIDES = ['N', 'E', 'S', 'W'] as const;
const SIDE_WORDS: Readonly<Record<string, string>> = { N: 'north', E: 'east', S: 'south', W: 'west' };
const SIDE_ORDER = Object.values(SIDE_WORDS);
/** A tile's side at rotation 0, after the tile is turned clockwise by `rotation`, in words. */
const turned = (side: string, rotation: Rotation) =>
  SIDE_WORDS[SIDES[(SIDES.indexOf(side as (typeof SIDES)[number]) + rotation / 90) % 4]];

const MEEPLE_ROLE: Readonly<Record<string, string>> = {
  city: 'knight',
  road: 'thief',
  field: 'farmer',
  monastery: 'monk',
  abbey: 'monk',
};

/** "knight in the north city", "thief on the east road", "monk in the monastery"; `bySides`: "farmer in the field by the east edge". */
function figureOn(lex: Lexicon, figure: string, x: number, y: number, feature: number, bySides = false): string {
  const { kind, where, sides } = featureWords(lex, x, y, feature);
  const meepleRole = MEEPLE_ROLE[kind] ?? 'meeple';
  const role = roleWords(figure, meepleRole);
  const on = kind === 'road' ? 'on' : 'in';
  if (bySides && sides) return `${role} ${on} the ${kind} by the ${sides}`;
  return `${role} ${on} the ${where ? `${where} ` : ''}${kind}`;
}

/** A figure on the board, for the board's text: "knight in the north city of (1, 0)". */
export function boardFigureWords(lex: Lexicon, f: PublicState['figures'][number]): string {
  if (f.kind === 'barn' || f.feature === undefined) return `barn on the ${cornerWords(f.corner)} corner of ${at(f)}`;
  return `${figureOn(lex, f.kind, f.x, f.y, f.feature)} of ${at(f)}`;
}

const CORNERS: Readonly<Record<string, string>> = {
  NE: 'north-east',
  SE: 'south-east',
  SW: 'south-west',
  NW: 'north-west',
};
const cornerWords = (corner: string | undefined) => CORNERS[corner ?? ''] ?? 'a';

/** A move as a choice's label; `bySides` names a figure's feature by the edges it touches. */
export function moveWords(m: Move, lex: Lexicon, bySides = false): string {
  switch (m.type) {
    case 'draw':
      return 'Draw a tile';
    case 'placeTile':
      return `Place at ${at(m)}, turned ${m.rotation}°`;
    case 'placeFigure':
      return figureOn(lex, m.figure, m.x, m.y, m.feature, bySides);
    case 'pass':
      return 'Pass';
    case 'undo':
      return 'Undo: take the tile back';
    default:
      return (
        expansionMove(
          m,
          say(lex, (seat) => `seat ${seat}`),
        ) ?? m.type
      );
  }
}

/** How an expansion's words name what the core's words name (contribution.ts `Say`). */
function say(lex: Lexicon, name: Name): Say {
  return {
    name,
    at,
    corner: cornerWords,
    feature: (x, y, feature) => featureWords(lex, x, y, feature),
    points: (list) => points(list, name),
  };
}

/**
 * The labels of the choices offered at once, no two alike: two figure places that lie in the
 * same direction are told by the edges they touch instead, and, should that not do, numbered.
 */
export function choiceLabels(moves: readonly Move[], lex: Lexicon): string[] {
  const plain = moves.map((m) => moveWords(m, lex));
  const count = new Map<string, number>();
  for (const l of plain) count.set(l, (count.get(l) ?? 0) + 1);
  return distinct(moves.map((m, i) => (count.get(plain[i])! > 1 ? moveWords(m, lex, true) : plain[i])));
}

/** Labels made distinct: a label that several choices share gets "(1 of 2)", "(2 of 2)". */
export function distinct(labels: readonly string[]): string[] {
  const total = new Map<string, number>();
  for (const l of labels) total.set(l, (total.get(l) ?? 0) + 1);
  const seen = new Map<string, number>();
  return labels.map((l) => {
    const n = total.get(l)!;
    if (n === 1) return l;
    const i = (seen.get(l) ?? 0) + 1;
    seen.set(l, i);
    return `${l} (${i} of ${n})`;
  });
}

function points(list: readonly { seat: number; points: number }[], name: Name): string {
  return list.length === 0 ? 'nobody scored' : list.map((p) => `${name(p.seat)} +${p.points}`).join(', ');
}

const CORE_REASONS: ReadonlySet<string> = new Set(['road', 'city', 'monastery', 'abbey', 'field']);

/**
 * A scoring as docs/rules.md tells it: a feature completed during the game (§3), an unfinished
 * one or a field at the final scoring (§4), or a field scored for an expansion's reason ("for a
 * barn"). A monastery or an abbey is one place: its tiles are not counted.
 */
function scoringText(e: Extract<GameEvent, { type: 'featureScored' }>, name: Name): string {
  const n = e.tiles.length;
  const size = e.kind === 'monastery' || e.kind === 'abbey' ? '' : ` of ${n} tile${n === 1 ? '' : 's'}`;
  const who = points(e.points, name);
  const why = CORE_REASONS.has(e.reason) ? undefined : reasonWords(e.reason);
  if (why !== undefined)
    return `${e.final ? 'Final scoring, the' : 'The'} ${e.kind}${size}${e.final ? '' : ' scored'} for ${why}: ${who}`;
  if (!e.final) return `The ${e.kind}${size} was completed: ${who}`;
  return `Final scoring, the ${e.kind === 'field' ? '' : 'unfinished '}${e.kind}${size}: ${who}`;
}

/** One line per event worth reading; undefined for the bookkeeping ones. */
export function eventText(e: GameEvent, name: Name, lex: Lexicon): string | undefined {
  // An expansion's words first: it may say a core event its way (the builder's bonus part).
  const said = expansionEvent(e, say(lex, name));
  if (said !== undefined) return said ?? undefined;
  switch (e.type) {
    case 'turnStarted':
    case 'tileDrawn':
    case 'figureSkipped':
      return undefined;
    case 'tileDiscarded':
      return `${capital(withArticle(tileWords(lex.catalog, e.tile)))} could not be placed and was discarded`;
    case 'tilePlaced':
      return `${name(e.seat)} placed ${withArticle(tileWords(lex.catalog, e.tile))} at ${at(e)}`;
    case 'figurePlaced':
      return `${name(e.seat)} placed ${withArticle(boardFigureWords(lex, e.figure))}`;
    case 'placementUndone':
      return `${name(e.seat)} took back ${withArticle(tileWords(lex.catalog, e.tile))} from ${at(e)}`;
    case 'featureScored':
      return scoringText(e, name);
    case 'bonusPartStarted':
      return `${name(e.seat)} began an extra part of the turn`;
    case 'finalScoringStarted':
      return 'The tiles are gone: final scoring';
    case 'gameEnded':
      return `Game over: ${e.scores.map((s, seat) => `${name(seat)} ${s}`).join(', ')}`;
    default:
      return undefined;
  }
}
