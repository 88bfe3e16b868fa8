/**
 * A game's tiles before the first turn: the start tile, the stages an expansion draws before
 * the land tiles (each shuffled on its own, drawn in order), and the land pile. By default the
 * base game's start tile and one stage, the land. An expansion changes them through its
 * `tileSetup` (expansion.ts); a `tileOrder` is checked against them (docs/api.md).
 */
import { START_TILE, TILE_BY_ID, pileTiles, type TileType } from './catalog.js';
import type { Expansion } from './expansion.js';
import { shuffle } from './rng.js';
import type { ExpansionId, Rules } from './types.js';

export interface PilePlan {
  readonly start: TileType;
  /** Tiles drawn before the land pile, stage after stage: each a list of copies, in the module's order. */
  readonly stages: readonly (readonly TileType[])[];
  /** The land pile's tiles (copies), in catalog order: a fresh list, which shuffledPile shuffles in place. */
  readonly land: TileType[];
}

function tileOf(id: string): TileType {
  const t = TILE_BY_ID.get(id);
  if (t === undefined) throw new Error(`engine fault: an expansion names the unknown tile ${id}`);
  return t;
}

/** Takes one copy of `t` out of `tiles`, if there is one. */
function takeOut(tiles: TileType[], t: TileType): void {
  const i = tiles.indexOf(t);
  if (i >= 0) tiles.splice(i, 1);
}

/** The plan of a game with these modules (in registry order), sets and rules. */
export function pilePlan(modules: readonly Expansion[], sets: readonly ExpansionId[], rules: Rules): PilePlan {
  const land = pileTiles(sets);
  let start = START_TILE;
  const stages: TileType[][] = [];
  for (const m of modules) {
    const s = m.tileSetup?.(rules);
    if (s === undefined) continue;
    // The first module that brings a start tile has it (the registry's order).
    if (s.start !== undefined && start === START_TILE) {
      start = tileOf(s.start);
      takeOut(land, start);
      // Back in its catalog place, so the land stays in catalog order without a sort.
      if (s.displacedStartDrawn === true) land.splice(land.indexOf(START_TILE), 0, START_TILE);
    }
    for (const stage of s.stages ?? []) {
      const tiles = stage.map(tileOf);
      for (const t of tiles) takeOut(land, t);
      stages.push(tiles);
    }
  }
  return { start, stages, land };
}

/** Where each stage ends in a pile (the last one, the land's, at its end). */
export function stageEnds(plan: PilePlan, pileLength: number): number[] {
  const ends: number[] = [];
  let n = 0;
  for (const stage of plan.stages) ends.push((n += stage.length));
  ends.push(pileLength);
  return ends;
}

/** A pile shuffled from the seed's random numbers: each stage on its own, in order, then the land (in place). */
export function shuffledPile(plan: PilePlan, random: () => number): TileType[] {
  if (plan.stages.length === 0) return shuffle(plan.land, random);
  const pile: TileType[] = [];
  for (const stage of plan.stages) pile.push(...shuffle(stage.slice(), random));
  pile.push(...shuffle(plan.land, random));
  return pile;
}

/** The pile a tileOrder fixes, or why it cannot be drawn from the plan: every stage whole and in order, then land tiles. */
export function orderedPile(plan: PilePlan, order: readonly unknown[]): TileType[] | string {
  const pile: TileType[] = [];
  let at = 0;
  for (const stage of plan.stages) {
    const left = stage.slice();
    for (const id of order.slice(at, at + stage.length)) {
      const t = typeof id === 'string' ? TILE_BY_ID.get(id) : undefined;
      if (t === undefined || !left.includes(t)) break;
      takeOut(left, t);
      pile.push(t);
    }
    if (left.length > 0) {
      const ids = [...new Set(stage.map((t) => t.id))].join(', ');
      const earlier = at === 0 ? 'first' : `after the ${at} tiles of the stages before`;
      return `tileOrder must list ${ids} ${earlier}, each once, in any order`;
    }
    at += stage.length;
  }
  const left = new Map<TileType, number>();
  for (const t of plan.land) left.set(t, (left.get(t) ?? 0) + 1);
  for (const id of order.slice(at)) {
    const t = typeof id === 'string' ? TILE_BY_ID.get(id) : undefined;
    const n = t === undefined ? undefined : left.get(t);
    if (t === plan.start && n === undefined) return `${plan.start.id} is the start tile: it is never drawn`;
    if (t !== undefined && n === undefined && plan.stages.some((s) => s.includes(t)))
      return `${t.id} may only be drawn in its stage, before the land tiles`;
    if (t === undefined || n === undefined) return `tile ${String(id)} is not in the chosen sets' pile`;
    if (n === 0) return `tileOrder holds more ${String(id)} than the sets have`;
    left.set(t, n - 1);
    pile.push(t);
  }
  return pile;
}

/** The stage each tile id is drawn in (the land's: the number of stages). */
export function stageOf(plan: PilePlan, id: string): number {
  const i = plan.stages.findIndex((s) => s.some((t) => t.id === id));
  return i < 0 ? plan.stages.length : i;
}
