/**
 * The greedy bot's judgement of a figure, read from the public view and the tile catalog:
 * what a figure on a feature may still bring (its potential) and what a follower taken from
 * the supply costs (its scarcity). Both shrink as the pile empties: late in the game an
 * incomplete feature still scores and a follower in supply is worth little. What the game's
 * expansions change of it, each says in its own folder (`Expansion.bots`, contribution.ts).
 */
import {
  publicView,
  registryOf,
  tileCatalog,
  type BoardFigure,
  type ExpansionBots,
  type FigureKind,
  type Game,
} from '../engine/index.js';

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
  /** What the game's expansions tell the bots, in registry order. */
  readonly bots: readonly ExpansionBots[];
  /** The figure kinds that are followers (count for majorities; builder, pig, barn do not). */
  readonly followers: ReadonlySet<FigureKind>;
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
    ...expansionsOf(game),
  };
}

const byRegistry = new WeakMap<object, Pick<Position, 'bots' | 'followers'>>();
function expansionsOf(game: Game): Pick<Position, 'bots' | 'followers'> {
  const registry = registryOf(game);
  let known = byRegistry.get(registry);
  if (!known) {
    const followers = new Set<FigureKind>(['meeple']);
    for (const m of registry.modules)
      for (const [kind, rule] of Object.entries(m.figures ?? {}))
        if (rule.strength !== null) followers.add(kind as FigureKind);
    known = { bots: registry.modules.flatMap((m) => (m.bots ? [m.bots] : [])), followers };
    byRegistry.set(registry, known);
  }
  return known;
}

/** Whether a figure of this kind is a follower taken from supply (builder, pig, barn: not). */
export const isFollower = (kind: FigureKind, pos: Position): boolean => pos.followers.has(kind);

/** What a follower taken from supply costs, given how many meeples are left before it. */
export function followerCost(kind: FigureKind, meeplesBefore: number, pos: Position): number {
  const rest = pos.rest;
  for (const b of pos.bots) {
    const cost = b.cost?.[kind];
    if (cost) return cost(rest);
  }
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
  let p = featurePotential(f, tileId, pos);
  for (const b of pos.bots) p *= b.weight?.[f.kind] ?? 1;
  return p;
}

function featurePotential(f: BoardFigure, tileId: string | undefined, pos: Position): number {
  const rest = pos.rest;
  // Roads and cities are likelier to be finished with more of the pile to come.
  const completes = 0.4 + 0.6 * rest;
  for (const b of pos.bots) {
    const own = b.potential?.[f.kind];
    if (own) return own(rest);
  }
  const def = tileId === undefined || f.feature === undefined ? undefined : catalog().get(tileId)?.[f.feature];
  if (def === undefined) return 1;
  switch (def.kind) {
    case 'city':
      return expansionValue(f.kind, def, completes, (3 + def.pennants) * completes, pos);
    case 'road':
      return expansionValue(f.kind, def, completes, 1 + 1.5 * completes, pos);
    case 'monastery':
    case 'abbey': {
      const around = neighbours(pos.tiles, f.x, f.y);
      return 1 + around + (8 - around) * 0.6 * rest;
    }
    case 'field':
      // A farmer stays for good: weak early, worth the cities it may reach late.
      return def.adjacentCities.length * 1.5 + 3 * (1 - rest) - 1;
    default:
      // A feature of an expansion's own kind holds no figure (catalog-types.ts).
      return 0;
  }
}

/** A road's or city's promise as the game's expansions change it, in registry order. */
function expansionValue(
  kind: FigureKind,
  feature: FeatureDef,
  completes: number,
  value: number,
  pos: Position,
): number {
  for (const b of pos.bots) if (b.featurePotential) value = b.featurePotential({ kind, feature }, completes, value);
  return value;
}
