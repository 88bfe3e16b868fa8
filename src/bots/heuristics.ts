/**
 * The greedy bot's judgement of a figure, read from the public view and the tile catalog:
 * what a figure on a feature may still bring (its potential) and what a follower taken from
 * the supply costs (its scarcity). Both shrink as the pile empties: late in the game an
 * incomplete feature still scores and a follower in supply is worth little.
 */
import {
  cathedralCityPotential,
  innRoadPotential,
  LARGE_MEEPLE_WEIGHT,
  largeMeepleCost,
} from '../engine/expansions/inns-cathedrals/bot-values.js';
import { publicView, tileCatalog, type BoardFigure, type FigureKind, type Game } from '../engine/index.js';

type FeatureDef = ReturnType<typeof tileCatalog>['tiles'][number]['features'][number];

let featuresById: Map<string, readonly FeatureDef[]> | undefined;
let abbeyId = '';
function catalog(): Map<string, readonly FeatureDef[]> {
  if (!featuresById) {
    featuresById = new Map(tileCatalog().tiles.map((t) => [t.id, t.features]));
    abbeyId = tileCatalog().tiles.find((t) => t.features.some((f) => f.kind === 'abbey'))?.id ?? '';
  }
  return featuresById;
}

/** The id of the abbey tile (what a placeAbbey puts down). */
export function abbeyTile(): string {
  catalog();
  return abbeyId;
}

/** What the evaluation needs of the position the bot decides in. */
export interface Position {
  readonly seat: number;
  readonly players: number;
  /** Tile id per "x,y" on the board. */
  readonly tiles: Map<string, string>;
  /** Share of the pile still to come, in [0, 1]. */
  readonly rest: number;
  /** Meeples the seat holds now. */
  readonly meeples: number;
}

export function positionOf(game: Game, seat: number): Position {
  const v = publicView(game);
  const tiles = new Map(v.tiles.map((t) => [`${t.x},${t.y}`, t.tile]));
  const total = v.tiles.length + v.tilesLeftTotal;
  return {
    seat,
    players: v.players.length,
    tiles,
    rest: v.tilesLeftTotal / total,
    meeples: v.players[seat]?.supply.meeple ?? 0,
  };
}

/** The followers a seat takes from supply with a figure of this kind (builder, pig, barn: none). */
export function isFollower(kind: FigureKind): boolean {
  switch (kind) {
    case 'meeple':
    case 'wagon':
    case 'mayor':
    case 'largeMeeple':
      return true;
    case 'builder':
    case 'pig':
    case 'barn':
      return false;
  }
}

/** What a follower taken from supply costs, given how many meeples are left before it. */
export function followerCost(kind: FigureKind, meeplesBefore: number, rest: number): number {
  if (kind === 'largeMeeple') return largeMeepleCost(rest);
  if (kind !== 'meeple') return 1.5 * rest;
  const scarcity = meeplesBefore <= 1 ? 4 : meeplesBefore === 2 ? 2 : meeplesBefore === 3 ? 0.7 : 0;
  return rest * (1 + scarcity);
}

function neighbours(tiles: Map<string, string>, x: number, y: number): number {
  let n = 0;
  for (let dx = -1; dx <= 1; dx++)
    for (let dy = -1; dy <= 1; dy++) if ((dx || dy) && tiles.has(`${x + dx},${y + dy}`)) n++;
  return n;
}

/** Points a figure just placed on `tileId` may still bring (beyond any it scored at once). */
export function potential(f: BoardFigure, tileId: string | undefined, pos: Position): number {
  const p = featurePotential(f, tileId, pos);
  return f.kind === 'largeMeeple' ? p * LARGE_MEEPLE_WEIGHT : p;
}

function featurePotential(f: BoardFigure, tileId: string | undefined, pos: Position): number {
  const rest = pos.rest;
  // Roads and cities are likelier to be finished with more of the pile to come.
  const completes = 0.4 + 0.6 * rest;
  if (f.kind === 'barn') return 2 + 3 * (1 - rest);
  if (f.kind === 'builder') return 0.5 + 2.5 * rest;
  if (f.kind === 'pig') return 1.5;
  const def = tileId === undefined || f.feature === undefined ? undefined : catalog().get(tileId)?.[f.feature];
  if (def === undefined) return 1;
  switch (def.kind) {
    case 'city': {
      if (def.cathedral && f.kind !== 'mayor') return cathedralCityPotential(def.pennants, completes);
      const base = (f.kind === 'mayor' ? 2 * def.pennants : 3 + def.pennants) + (def.goods ? 1 : 0);
      return base * completes;
    }
    case 'road':
      return def.inn ? innRoadPotential(completes) : 1 + 1.5 * completes;
    case 'monastery':
    case 'abbey': {
      const around = neighbours(pos.tiles, f.x, f.y);
      return 1 + around + (8 - around) * 0.6 * rest;
    }
    case 'field':
      // A farmer stays for good: weak early, worth the cities it may reach late.
      return def.adjacentCities.length * 1.5 + 3 * (1 - rest) - 1;
  }
}
