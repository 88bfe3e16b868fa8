/**
 * Scoring of features: completed ones during the game and incomplete ones at the end,
 * fields by farmers, with majorities and ties. Functions add points to the state and
 * return the figures that go home from what they scored; the caller decides when they do.
 * Strength and "is a follower" come from each figure's rule (figure-step.ts, expansion.ts).
 */
import { CITY, FIELD, KIND_NAMES, ROAD, isCloister } from './catalog.js';
import { strengthOf } from './figure-step.js';
import type { Figure, State } from './state.js';
import { CORNERS, type BoardFigure, type GameEvent, type Pos, type ScoreReason, type SeatPoints } from './types.js';

export function figureView(g: State, f: Figure): BoardFigure {
  const t = g.board.at(f.key);
  return f.corner >= 0
    ? { owner: f.owner, kind: f.kind, x: t.x, y: t.y, corner: CORNERS[f.corner] }
    : { owner: f.owner, kind: f.kind, x: t.x, y: t.y, feature: f.feature };
}

export const positions = (g: State, root: number): Pos[] => g.featureTiles(root).map((t) => ({ x: t.x, y: t.y }));

/** Seats with the highest strength above 0. */
export function majority(strength: readonly number[]): number[] {
  let best = 0;
  for (const s of strength) if (s > best) best = s;
  if (best === 0) return [];
  const out: number[] = [];
  strength.forEach((s, seat) => {
    if (s === best) out.push(seat);
  });
  return out;
}

function award(g: State, seats: number[], pointsOf: (seat: number) => number): SeatPoints[] {
  const out: SeatPoints[] = [];
  for (const seat of seats) {
    const points = pointsOf(seat);
    if (points <= 0) continue;
    g.scores[seat] += points;
    out.push({ seat, points });
  }
  return out;
}

/** The value of a road, city or cloister covering `tiles` tiles: complete, or at the end. */
function baseValue(g: State, root: number, tiles: number, final: boolean): number {
  const k = g.features.kind[root];
  if (k === ROAD) return tiles;
  if (k === CITY) return final ? tiles + g.features.pennants[root] : 2 * (tiles + g.features.pennants[root]);
  if (isCloister(k)) return final ? tiles : 9;
  return 0;
}

/** The base value, changed by the expansions that change it (inns, cathedrals). */
function featureValue(g: State, root: number, tiles: number, final: boolean): number {
  let value = baseValue(g, root, tiles, final);
  for (const h of g.cfg.hooks.featureValue) value = h(g, root, tiles, final, value);
  return value;
}

/** Follower strength per seat on a feature, and the figures that leave it when it is scored. */
function standing(g: State, root: number): { strength: number[]; leaving: Figure[] } {
  const strength = new Array<number>(g.players).fill(0);
  const leaving: Figure[] = [];
  // The figures on the feature, as figuresOn() lists them, read in place: scoring runs after
  // every tile, and a list per feature scored was garbage for nothing.
  for (const f of g.figures.list) {
    if (g.find(f.seg) !== root) continue;
    if (g.cfg.followers[f.kind]) strength[f.owner] += strengthOf(g, f.kind, root);
    if (!g.cfg.figureRules[f.kind]?.permanent) leaving.push(f);
  }
  return { strength, leaving };
}

/** Scores a road, city or cloister by follower majority. */
export function scoreFeature(g: State, root: number, final: boolean, events: GameEvent[]): Figure[] {
  const { strength, leaving } = standing(g, root);
  const tiles = g.featureTiles(root);
  const value = featureValue(g, root, tiles.length, final);
  const points = award(g, majority(strength), () => value);
  const kind = KIND_NAMES[g.features.kind[root]];
  events.push({
    type: 'featureScored',
    kind,
    tiles: tiles.map((t) => ({ x: t.x, y: t.y })),
    reason: kind,
    points,
    returned: final ? [] : leaving.map((f) => figureView(g, f)),
    final,
  });
  return leaving;
}

/**
 * Scores a field for its farmers: the majority gets perCity points per completed city it
 * touches, plus any expansion's farmer bonus. Returns the figures that leave the field.
 */
export function scoreFarmers(
  g: State,
  root: number,
  perCity: number,
  reason: ScoreReason,
  final: boolean,
  events: GameEvent[],
): Figure[] {
  const { strength, leaving } = standing(g, root);
  const cities = g.completedCitiesOf(root);
  const bonuses = g.cfg.hooks.farmerBonus;
  const points = award(g, majority(strength), (seat) => {
    let per = perCity;
    for (const h of bonuses) per += h(g, seat, root);
    return cities * per;
  });
  events.push({
    type: 'featureScored',
    kind: 'field',
    tiles: positions(g, root),
    reason,
    points,
    returned: final ? [] : leaving.map((f) => figureView(g, f)),
    final,
  });
  return leaving;
}

/** End of game: incomplete roads, cities and cloisters, then fields, then the expansions. */
export function finalScoring(g: State, events: GameEvent[]): void {
  events.push({ type: 'finalScoringStarted' });
  const roads: number[] = [],
    cities: number[] = [],
    cloisters: number[] = [],
    fields: number[] = [];
  const seen = new Set<number>();
  for (const f of g.figures.list) {
    if (!g.cfg.followers[f.kind]) continue;
    const root = g.find(f.seg);
    if (seen.has(root)) continue;
    seen.add(root);
    const k = g.features.kind[root];
    (k === ROAD ? roads : k === CITY ? cities : k === FIELD ? fields : cloisters).push(root);
  }
  for (const root of roads) scoreFeature(g, root, true, events);
  for (const root of cities) scoreFeature(g, root, true, events);
  for (const root of cloisters) scoreFeature(g, root, true, events);
  for (const root of fields) scoreFarmers(g, root, 3, 'field', true, events);
  for (const h of g.cfg.hooks.finalFieldScoring) h(g, events);
  for (const h of g.cfg.hooks.finalScoring) h(g, events);
  events.push({ type: 'gameEnded', scores: g.scores.slice() });
}
